// A game played in this browser (against the browser's engine, or two players at one device): the
// record kept in IndexedDB (local_store.ts) and what the game page is shown of it, as a server
// game's state (common/api.ts GameView), so the same page draws both. Pure: the unit tests check it.
import type { GameEnd, GameView, LegalMove } from '../common/api';
import type { GameStateView } from '../engine/protocol';

// Where a finished game stands with the account: not to be sent (none), waiting for the network
// or a sign-in (queued), kept by the server (uploaded), or refused with a reason that stays shown.
export type UploadState = 'none' | 'queued' | 'uploaded' | 'refused';

export interface LocalGame {
  key: string;                        // the game's id here, and its upload key (a retry is stored once)
  game: string;
  rules: Record<string, unknown>;     // the rule options' values, as the new-game dialog sends them
  mode: 'ai' | 'hotseat';
  level: number;
  color: string;                      // the player's side against the computer
  sides?: [string, string];           // the game's sides, first first (a reload with no /api/meta still knows them)
  moves: string[];                    // protocol notation, as played
  status: 'ongoing' | 'finished';
  result: string;                     // '*' while the game goes on
  resigned: string;                   // the side that resigned ('' when none)
  playedAt: string;                   // when it began, UTC "2026-12-05T13:30:00Z"
  upload: UploadState;
  serverId?: string;                  // the game's id on the server once uploaded
  refusal?: { code: string; message: string; params: Record<string, unknown> };
}

// The rules as the registry reads them: "name=value,..." with booleans as 1/0 (as the server
// turns a request's rules object into text, server/play/game_creator.cpp).
export function rulesText(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k}=${typeof v === 'boolean' ? (v ? 1 : 0) : String(v)}`)
    .join(',');
}

// A key no other game of this browser or account will have: 128 random bits in hex.
export function newKey(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

// A seed for one computer move: 64 random bits as decimal text.
export function newSeed(): string {
  const b = new Uint32Array(2);
  crypto.getRandomValues(b);
  return ((BigInt(b[0]) << 32n) | BigInt(b[1])).toString();
}

export function utcSecond(d = new Date()): string {
  return d.toISOString().replace(/\.\d+Z$/, 'Z');
}

export function newLocalGame(o: { game: string; rules: Record<string, unknown>; mode: 'ai' | 'hotseat'; level: number; color: string;
                                   sides?: [string, string] }): LocalGame {
  return { key: newKey(), ...o, moves: [], status: 'ongoing', result: '*', resigned: '', playedAt: utcSecond(), upload: 'none' };
}

// The game after `move` was played, the rules' state after it being `st`.
export function afterMove(g: LocalGame, move: string, st: GameStateView): LocalGame {
  const next = { ...g, moves: [...g.moves, move] };
  return st.over ? finish(next, st.result ?? '*') : next;
}

// A game of no moves is not sent: the server keeps no game nobody moved in.
export function finish(g: LocalGame, result: string, resigned = ''): LocalGame {
  return { ...g, status: 'finished', result, resigned, upload: g.moves.length ? 'queued' : 'none' };
}

// `side` resigns: the other side wins.
export function resign(g: LocalGame, side: string, sides: [string, string]): LocalGame {
  return finish(g, side === sides[0] ? '0-1' : '1-0', side);
}

// Takes back the last move, and against the computer its reply too: the player's turn again.
export function undone(g: LocalGame, toMove: string): LocalGame {
  if (g.status !== 'ongoing' || !g.moves.length) return g;
  const back = g.mode === 'ai' && toMove === g.color && g.moves.length >= 2 ? 2 : 1;
  return { ...g, moves: g.moves.slice(0, g.moves.length - back) };
}

// Whose move the computer makes now, if any.
export function computerToMove(g: LocalGame, st: GameStateView): boolean {
  return g.mode === 'ai' && g.status === 'ongoing' && !st.over && st.to_move !== g.color;
}

function endOf(g: LocalGame, st: GameStateView, sides: [string, string]): GameEnd | null {
  if (g.status !== 'finished') return null;
  const winner = g.result === '1-0' ? sides[0] : g.result === '0-1' ? sides[1] : null;
  if (g.resigned) return { code: 'resign', winner, args: [0, 0] };
  return { code: st.code ?? '', winner, args: st.args ?? [0, 0] };
}

// The game as the game page reads a server game's state.
export function viewOf(g: LocalGame, st: GameStateView, sides: [string, string], title: string, thinking: boolean): GameView {
  const over = g.status === 'finished';
  return {
    id: g.key, game: g.game, title, rules: st.rules ?? '', rules_values: st.rules_values ?? {},
    mode: g.mode, level: g.level, sides,
    start_position: st.start_position ?? '', position: st.position, moves: st.history ?? [], ply: st.ply,
    version: st.ply * 2 + (over ? 1 : 0),
    status: over ? 'finished' : 'ongoing', result: g.result, end: endOf(g, st, sides),
    board: (st.board ?? {}) as GameView['board'],
    legal: over || thinking ? [] : ((st.legal_data ?? []) as LegalMove[]),
    to_move: st.to_move,
    computer: g.mode === 'ai' ? sides.find((s) => s !== g.color) ?? null : null,
    thinking, draw_offer: null, you: g.mode === 'hotseat' ? 'both' : g.color,
    clock: null, rated: false, local: true,
  };
}

// POST /api/games/upload's body (docs/api.md).
export function uploadBody(g: LocalGame) {
  return {
    key: g.key, game: g.game, rules: g.rules, mode: g.mode, level: g.level, color: g.color, moves: g.moves,
    result: g.result, end: g.resigned ? 'resign' : 'rules', played_at: g.playedAt,
  };
}
