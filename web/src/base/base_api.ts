// The game base and the opening explorer (GET /api/explorer, GET /api/base, POST
// /api/base/{id}/review), as the server answers them.
import { call, type BoardData, type LegalMove } from '../common/api';

export interface ExplorerCounts {
  games: number;
  first_wins: number;
  draws: number;
  second_wins: number;
  rating: number | null;
}

export interface ExplorerMove extends ExplorerCounts {
  move: string;
  eval?: { depth: number; score_cp?: number; mate_in?: number };
}

export interface ExplorerReply {
  game: string;
  position: string;
  key: string;
  to_move: string;
  sides: [string, string];
  over: boolean;
  total: ExplorerCounts;
  moves: ExplorerMove[];
  board: BoardData;
  legal: LegalMove[];
  history: string[];  // the moves asked for, in record notation
}

export interface BaseGame {
  id: string;
  event: string;
  date: string;
  white: string;
  black: string;
  white_elo: number | null;
  black_elo: number | null;
  result: string;
  plies: number;
  source: string;
}

export interface BaseFilters {
  player?: string;
  event?: string;
  year?: string;
  result?: string;
  source?: string;
}

function query(params: Record<string, string | undefined>): string {
  return Object.entries(params).filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v as string)}`).join('&');
}

export const baseApi = {
  explorer: (game: string, moves: string[], evalDepth: number, source = '') =>
    call<ExplorerReply>('GET', `/api/explorer?${query({ game, moves: moves.join(' '), eval_depth: String(evalDepth), source })}`),
  search: (game: string, moves: string[], f: BaseFilters, offset: number, limit: number) =>
    call<{ total: number; games: BaseGame[]; sources: string[] }>('GET',
      `/api/base?${query({ game, moves: moves.join(' '), ...f, offset: String(offset), limit: String(limit) })}`),
  review: (id: string) => call<{ id: string }>('POST', `/api/base/${encodeURIComponent(id)}/review`),
  // Any position of a game (its rules, start and moves): the board and legal moves, for the
  // review's analysis board.
  position: (game: string, rules: string, position: string, moves: string[]) =>
    call<ExplorerReply>('GET', `/api/explorer?${query({ game, rules, position, moves: moves.join(' ') })}`),
};
