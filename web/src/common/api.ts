// The server's JSON API: its types, the one fetch (call), the game routes and the seats kept in
// this browser. The server sends every game as data (the board, the legal moves, the rules'
// values, the end as a code): the UI parses no notation. The game's and the analysis' WebSocket
// channels are in play/ (game_socket.ts, analysis_channel.ts).
import { storage } from './storage';

// The board as the server sends it (state.board, and each entry of /boards). Each game's shape is
// its adapter's view (src/games/*_adapter.cpp).
export interface TogyzBoardData {
  pits: [number[], number[]];    // White's pits 1..9, Black's pits 1..9
  kazans: [number, number];      // White's, Black's
  tuzdyks: [number, number];     // White's tuzdyk (a pit on Black's row, 1..9) or 0; Black's on White's row
  to_move: string;
  move_number: number;
  last: null | { side: string; pit: number; landing: { side: string; pit: number }; gained: number; tuzdyk: boolean };
}

export interface TojmotBoardData {
  pieces: { cell: string; piece: string; side: string }[];
  to_move: string;
  check: string | null;
  clock: number;
  move_number: number;
  last: null | { from: string; to: string; captured: string | null; promotion: string | null };
}

export interface CapgoBoardData {
  size: number;
  rows: string[];                // top row first: "X" black, "O" white, "." empty
  to_move: string;
  captures: [number, number];    // by Black, by White
  targets: [number, number];     // Black's, White's; 0 = none
  passes: number;
  pass_allowed: boolean;
  last: null | { side: string; point?: string; pass?: boolean; captured: number };
}

export type BoardData = TogyzBoardData | TojmotBoardData | CapgoBoardData | Record<string, unknown>;

// One legal move: the text to send, and the fields a board acts on.
export interface LegalMove {
  move: string;
  pit?: number;          // togyz
  from?: string;         // tojmot
  to?: string;
  promotion?: string;
  point?: string;        // capgo
  pass?: boolean;
}

export interface GameEnd {
  code: string;
  winner: string | null;
  args: [number, number];
}

// A timed game's clocks at the moment the state was sent: "<side>_ms" for each side, the side
// whose time runs, and the time left for a first move (it must come within 30 s).
export interface ClockView {
  running: string | null;
  initial_ms: number;
  increment_ms: number;
  first_move_ms: number | null;
  [side_ms: string]: number | string | null;
}

export interface Presence {
  connected: boolean;
  away_ms: number;
}

export interface ClockPreset {
  initial_s: number;
  increment_s: number;
  speed: string;
}

// A seat's player (state.players, by side index): an account's name and rating, or the computer's
// level and its fixed rating; a guest's seat has no name.
export interface SeatPlayer {
  username: string | null;
  rating: number | null;
  provisional?: boolean;
  computer_level?: number;
}

export interface RatingChange {
  before: number;
  after: number;
  delta: number;
}

export interface GameView {
  id: string;
  game: string;
  title: string;
  rules: string;                            // the rules as text (for the analysis requests)
  rules_values: Record<string, unknown>;    // the rules as values
  mode: 'ai' | 'hotseat' | 'online' | 'review';
  level: number;
  sides: [string, string];
  start_position: string;
  position: string;                         // text, for copying only; the board is `board`
  moves: string[];
  ply: number;
  version: number;
  status: 'ongoing' | 'finished';
  result: string;
  end: GameEnd | null;
  board: BoardData;
  legal: LegalMove[];
  to_move: string;
  computer: string | null;
  thinking: boolean;
  book_move?: boolean;                       // the computer's last move came from its opening book
  draw_offer: string | null;
  you?: string;
  draw_declined?: boolean;
  clock?: ClockView | null;                  // null: an untimed game
  presence?: Record<string, Presence> | null; // online games: each side's connection
  rated?: boolean;
  players?: [SeatPlayer, SeatPlayer];
  rating_change?: [RatingChange | null, RatingChange | null] | null;  // once a rated game has ended
  spectators?: number;                        // connections that hold no seat
  rematch?: { offered_by: string | null; game_id: string | null } | null;  // online games
  tournament?: { id: string; berserk: [boolean, boolean] } | null;        // a tournament's game
  invite?: string;                            // to the creator of an online game: "/#/join/ID/TOKEN"
  chat?: ChatLine[];                          // the chat so far, in a connection's first state
  record?: RecordTags | null;                 // a record imported for review: who played it, where, when
  local?: boolean;                            // played in this browser (offline/), not on the server
}

// What an imported record says of its game ("" where it says nothing).
export interface RecordTags {
  event: string;
  site: string;
  date: string;
  round: string;
  players: Record<string, string>;            // by side
}

// One line of the players' chat: shown as text, never as markup.
export interface ChatLine {
  seq: number;
  side: string;
  text: string;
  at: string;
}

// A rule option a new game may set (meta.games[i].rule_options).
export interface RuleOption {
  name: string;
  type: 'bool' | 'int' | 'setup' | string;
  default: unknown;
  min?: number;
  max?: number;
  zero_means?: string;
  instead_of?: string;   // an alternative to that option (both given instead of it)
  max_points_of?: string; // at most (that option's value)^2 - 1 in a new game (capture targets)
  presets?: ({ name: string; value: string } & Record<string, unknown>)[];
}

export interface TojmotCell {
  cell: string;
  x: number;
  y: number;
  colour: number;
  zone: string | null;
  promotes: string | null;
}

export interface MetaGame {
  name: string;
  title: string;
  sides: [string, string];
  record_format: string;
  engine: string;
  levels?: { level: number; think_ms: number; summary: string; rating?: number | null }[];
  rule_options?: RuleOption[];
  board?: Record<string, unknown>;
  end_codes?: string[];
  clock_presets?: ClockPreset[];
}

export interface Meta {
  games: MetaGame[];
  end_codes?: string[];
  error_codes?: string[];
  browser_computer_games?: boolean;           // casual games against the computer are played in the page
}

export interface ListedGame {
  id: string;
  game: string;
  title: string;
  mode: string;
  level: number;
  computer: string | null;
  result: string;
  reason: string;
  moves: number;
  created_at: string;
  updated_at: string;
}

// An error answer: {"error": English text, "code", "params"}; the UI shows `code` translated.
export class ApiError extends Error {
  constructor(public status: number, message: string, public code = '', public params: Record<string, unknown> = {}) {
    super(message);
  }
}

// The one fetch of JSON for every API module: an error answer becomes an ApiError.
// `seat`: a seat's token, sent in a header (never in the URL, which proxies' access logs keep).
export async function call<T>(method: string, url: string, body?: unknown, seat?: string): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (seat) headers['X-Oyin-Seat'] = seat;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new ApiError(res.status, data.error ?? res.statusText, data.code ?? '', data.params ?? {});
  return data as T;
}

export interface BoardsReply {
  from: number;
  to: number;
  plies: number;
  boards: BoardData[];
}

export const api = {
  meta: () => call<Meta>('GET', '/api/meta'),
  create: (req: Record<string, unknown>) =>
    call<{ id: string; seat: { token: string; color: string }; invite?: string; state: GameView }>('POST', '/api/games', req),
  get: (id: string, token?: string) =>
    call<GameView>('GET', `/api/games/${encodeURIComponent(id)}`, undefined, token),
  boards: (id: string, from: number, to: number) =>
    call<BoardsReply>('GET', `/api/games/${encodeURIComponent(id)}/boards?from=${from}&to=${to}`),
  move: (id: string, move: string, token: string) => call<GameView>('POST', `/api/games/${id}/moves`, { move, token }),
  action: (id: string, action: 'resign' | 'undo' | 'draw' | 'claim' | 'rematch', token: string) =>
    call<GameView>('POST', `/api/games/${id}/${action}`, { token }),
  list: (offset: number, limit: number) =>
    call<{ games: ListedGame[]; total: number }>('GET', `/api/games?offset=${offset}&limit=${limit}`),
  import: (game: string, record: string) => call<{ id: string }>('POST', '/api/import', { game, record }),
  recordUrl: (id: string) => `/api/games/${id}/record`,
};

// Seat tokens live in this browser only; a reload finds them again.
export const seats = {
  get: (id: string) => storage.text(`oyin.seat.${id}`) ?? '',
  set: (id: string, token: string) => storage.setText(`oyin.seat.${id}`, token),
};
