// The tournaments' API (docs/api.md, "Tournaments"): the list, one tournament, create, join,
// withdraw, start and cancel over HTTP, and a tournament's live view over /ws/tournaments/{id}
// (every change, and "your next game" to a signed-in player). Fields the server adds for some
// formats only (crosstable, bracket, ends_at, sheets) are optional: the pages do without them.
import { call } from '../common/api';
import { openSocket } from '../common/socket';

export type Format = 'round_robin' | 'swiss' | 'arena' | 'knockout';
export type Status = 'created' | 'running' | 'finished' | 'cancelled';

export interface TournamentSummary {
  id: string;
  name: string;
  game: string;
  rules: string;
  format: Format | string;
  clock: { initial_s: number; increment_s: number };
  rated: boolean;
  status: Status | string;
  round: number;
  starts_at: string;
  ends_at?: string;          // arena
  finished_at?: string;
  min_players: number;
  max_players: number;
  players: number;
  password: boolean;
  creator: string;
  minutes?: number;          // arena
  rounds?: number;           // swiss
  double?: boolean;          // round robin
}

// An arena game's line on a player's sheet.
export interface SheetEntry {
  points: number;
  doubled?: boolean;
  berserk?: boolean;
  result?: number;
}

export interface Standing {
  rank: number;
  username: string;
  score: number;
  tiebreaks?: Record<string, number>;
  games: number;
  wins?: number;
  sheet?: SheetEntry[];      // arena
  on_fire?: boolean;         // arena
}

export interface Pairing {
  round: number;
  white: string;             // the side that moves first
  black: string | null;      // null: a bye
  game_id: string | null;
  result: '1-0' | '0-1' | '1/2-1/2' | 'bye' | string | null;
  forfeit?: boolean;
}

export interface Entrant {
  username: string;
  rating?: number;
  number: number;
  active: boolean;
  paused?: boolean;
}

export interface ArenaSheet {
  score: number;
  on_fire: boolean;
  sheet: SheetEntry[];
}

export interface Tournament extends TournamentSummary {
  now: string;               // the server's time when it sent this
  standings: Standing[];
  pairings: Pairing[];
  entrants?: Entrant[];
  sheets?: Record<string, ArenaSheet>;  // arena: each player's games' points
  // On the WebSocket only the head is pushed (the leaders, the newest pairings): how many there are.
  standings_total?: number;
  entrants_total?: number;
  pairings_total?: number;
  crosstable?: unknown;      // round robin (when the server sends it)
  bracket?: unknown;         // knockout (when the server sends it)
}

export interface TournamentLists {
  upcoming: TournamentSummary[];
  running: TournamentSummary[];
  finished: TournamentSummary[];
}

export interface CreateRequest {
  game: string;
  rules: string;
  format: Format;
  clock: { initial_s: number; increment_s: number };
  rated: boolean;
  starts_at: string | null;
  name: string;
  minutes?: number;
  rounds?: number;
  double?: boolean;
  min_players?: number;
  max_players?: number;
  password?: string;
}

// "Your next game": a signed-in player's new game of this tournament.
export interface GameNotice {
  game_id: string;
  round: number;
  color: string;
}

// The pushed head with the follower's own lines put in their places.
export function withOwnLines(t: Tournament, me: OwnLines | null | undefined): Tournament {
  if (!me) return t;
  const out = { ...t };
  if (me.standing && !out.standings.some((s) => s.username === me.standing!.username)) out.standings = [...out.standings, me.standing];
  if (me.standing && me.sheet) out.sheets = { ...(out.sheets ?? {}), [me.standing.username]: me.sheet };
  if (me.entrant && !(out.entrants ?? []).some((e) => e.username === me.entrant!.username)) out.entrants = [...(out.entrants ?? []), me.entrant];
  if (me.pairing) out.pairings = [me.pairing, ...out.pairings];
  return out;
}

const path = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;

export const tournamentsApi = {
  list: () => call<TournamentLists>('GET', '/api/tournaments'),
  get: (id: string) => call<Tournament>('GET', path(id)),
  create: (req: CreateRequest) => call<Tournament>('POST', '/api/tournaments', req),
  join: (id: string, password?: string) => call<Record<string, never>>('POST', `${path(id)}/join`, password ? { password } : {}),
  withdraw: (id: string) => call<Record<string, never>>('POST', `${path(id)}/withdraw`, {}),
  start: (id: string) => call<Tournament>('POST', `${path(id)}/start`, {}),
  cancel: (id: string) => call<Record<string, never>>('POST', `${path(id)}/cancel`, {}),
  remove: (id: string, username: string) => call<Record<string, never>>('POST', `${path(id)}/remove`, { username }),
  berserk: (id: string, gameId: string) => call<Record<string, never>>('POST', `${path(id)}/berserk`, { game_id: gameId }),
  trf: (id: string) => call<{ text: string }>('GET', `${path(id)}/trf`),
};

// A follower's own lines that the pushed head leaves out (server/tournaments/pushed_view.h).
export interface OwnLines {
  standing: Standing | null;
  sheet: ArenaSheet | null;
  entrant: Entrant | null;
  pairing: Pairing | null;
}

// The live tournament, reconnecting after a drop (each connection starts with the head of the
// view, the follower's own lines merged in).
export function watchTournament(id: string, onTournament: (t: Tournament) => void, onGame: (g: GameNotice) => void,
  onError: (code: string) => void = () => undefined) {
  const socket = openSocket(`/ws/tournaments/${encodeURIComponent(id)}`, {
    message: (msg) => {
      if (msg.type === 'tournament' && msg.tournament) onTournament(withOwnLines(msg.tournament as Tournament, msg.me as OwnLines | null));
      else if (msg.type === 'game' && typeof msg.game_id === 'string') onGame(msg as GameNotice);
      else if (msg.type === 'error' || msg.code) onError(String(msg.code ?? 'error'));
    },
  });
  return { close: socket.close };
}
