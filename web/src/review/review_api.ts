// The computer analysis of a finished game (docs/api.md "Game reviews"): asked for with
// POST /api/games/{id}/analysis, read with GET as the queue's workers fill it; and the signed-in
// player's own mistakes from their analysed games (GET /api/account/mistakes), replayed as
// exercises.
import { call, type BoardData, type LegalMove } from '../common/api';

export type MoveClass = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

export interface ReviewedMove {
  ply: number;                    // the move from the position after `ply` plies
  move: string;                   // as stored (the protocol's notation)
  move_text: string;              // as the move list writes it
  side: string;
  eval: { score: number; mate: number | null; win_chance: number };  // after it, the mover's view
  win_chance_before: number;
  best: string;                   // the engine's move in the position before (protocol notation)
  best_text: string;              // ... as the move list writes it
  best_move: LegalMove | null;    // ... as board data (pit, cells or point)
  best_line: string;
  class: MoveClass;
  book?: boolean;                 // a book move of the game base: not judged (older servers: absent)
}

export interface AnalysedPosition {
  ply: number;
  score: number;
  mate: number | null;
  to_move: string;
  win_chance_first: number;       // the first side's chance to win in the position after `ply` plies
  proved: string | null;          // the side the search proved wins here (capture Go's solver, a mate)
}

export interface GameAnalysis {
  job_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  position_in_queue: number;
  progress: { done: number; total: number };
  error: string | null;
  positions: AnalysedPosition[];
  moves: ReviewedMove[];
  accuracy: Record<string, number | null>;
}

export interface AnalysisQueued {
  job_id: number;
  position_in_queue: number;
  status: GameAnalysis['status'];
}

// One exercise: the position before a mistake of the player's, with the moves the analysis accepts.
export interface Mistake extends ReviewedMove {
  id: string;                     // "GAME/PLY"
  game_id: string;
  game: string;
  rules: string;
  played_at: string;
  position: string;
  board: BoardData;
  legal: LegalMove[];
  accepted: string[];             // the engine's move and any move leading to the same position
}

const gamePath = (id: string) => `/api/games/${encodeURIComponent(id)}/analysis`;

export const reviewApi = {
  request: (id: string, token: string, budget: { depth?: number; nodes?: number } = {}) =>
    call<AnalysisQueued>('POST', gamePath(id), budget, token || undefined),
  get: (id: string) => call<GameAnalysis>('GET', gamePath(id)),
  mistakes: (game = '') =>
    call<{ mistakes: Mistake[]; games: number }>('GET', `/api/account/mistakes${game ? `?game=${encodeURIComponent(game)}` : ''}`),
};
