// How a move is animated, as pure functions the unit tests check: the speed setting's
// durations, the frames of a Togyz Kumalak sowing (kumalaks dropped pit by pit, the capture or
// the tuzdyk shown before the stones go to the kazan), and the playback queue that holds the
// states arriving while a move is still being drawn (the computer's reply waits for yours).
import type { GameView, TogyzBoardData } from '../common/api';

export type Speed = 'off' | 'fast' | 'normal';
export const SPEEDS: Speed[] = ['off', 'fast', 'normal'];

// The longest a sowing takes, and the time of one step at most, by speed.
const SOW = { off: { step: 0, total: 0 }, fast: { step: 60, total: 800 }, normal: { step: 150, total: 2000 } };
// A Tojmot slide or a capture Go stone's arrival (and the captured stones' fading).
const SLIDE = { off: 0, fast: 150, normal: 320 };

export interface SowFrame {
  board: TogyzBoardData;
  at: number;         // the pit the hand is over: side * 9 + (pit - 1); -1 for a kazan
  capture?: boolean;  // the landing pit is about to be taken (a capture or a tuzdyk)
}

const SIDES = ['white', 'black'];

function copy(b: TogyzBoardData): TogyzBoardData {
  return { ...b, pits: [[...b.pits[0]], [...b.pits[1]]], kazans: [b.kazans[0], b.kazans[1]], last: null };
}

// The sowing from `prev` that led to `next`, one frame per kumalak dropped, the landing pit
// marked when it is taken, and `next` itself last. Only `next` when the sowing cannot be
// retraced (another ply, a rules variant that sows otherwise): the board then simply changes.
export function togyzSowFrames(prev: TogyzBoardData, next: TogyzBoardData): SowFrame[] {
  const end: SowFrame = { board: next, at: -1 };
  const last = next.last;
  if (!last) return [end];
  const side = SIDES.indexOf(last.side);
  const from = last.pit - 1;
  let hand = prev.pits[side]?.[from] ?? 0;
  if (side < 0 || hand <= 0) return [end];
  const b = copy(prev);
  b.pits[side][from] = 0;
  const frames: SowFrame[] = [{ board: copy(b), at: side * 9 + from }];
  // A single kumalak goes to the next pit; more start in the pit they were taken from.
  let g = side * 9 + from + (hand === 1 ? 1 : 0);
  let landing = -1;
  while (hand > 0) {
    g %= 18;
    const row = Math.floor(g / 9);
    const pit = g % 9;
    // A tuzdyk on one side's row belongs to the other side: what falls in it is theirs.
    if (prev.tuzdyks[1 - row] === pit + 1) b.kazans[1 - row] += 1;
    else b.pits[row][pit] += 1;
    --hand;
    landing = g;
    frames.push({ board: copy(b), at: g });
    ++g;
  }
  const expected = SIDES.indexOf(last.landing.side) * 9 + last.landing.pit - 1;
  if (landing !== expected) return [end];
  if (last.gained > 0 || last.tuzdyk) frames.push({ board: copy(b), at: landing, capture: true });
  frames.push(end);
  return frames;
}

// The time of one sowing step at `speed` for a sowing of `count` frames.
export function sowStepMs(speed: Speed, count: number): number {
  const s = SOW[speed];
  return count <= 1 ? 0 : Math.min(s.step, Math.floor(s.total / (count - 1)));
}

// How long drawing the move from `prev` to `next` takes (0: drawn at once): only a state one
// ply after the one shown is animated; an undo, a jump after a reconnection or a state of the
// same ply (a clock, a draw offer) is shown at once.
export function moveMs(prev: GameView, next: GameView, speed: Speed): number {
  if (speed === 'off' || next.ply !== prev.ply + 1 || prev.game !== next.game) return 0;
  const last = (next.board as { last?: unknown }).last as Record<string, unknown> | null | undefined;
  if (!last) return 0;
  if (next.game === 'togyz') {
    const n = togyzSowFrames(prev.board as TogyzBoardData, next.board as TogyzBoardData).length;
    return n > 1 ? (n - 1) * sowStepMs(speed, n) : 0;
  }
  if (next.game === 'capgo' && last.pass) return 0;
  return SLIDE[speed];
}

// The states as the page plays them back: `shown` is drawn; `next`, if any, is being animated
// from it for `ms`; `queue` holds the states that came meanwhile, in order.
export interface Playback<T> {
  shown: T | null;
  next: T | null;
  ms: number;
  queue: T[];
}

export const EMPTY_PLAYBACK: Playback<never> = { shown: null, next: null, ms: 0, queue: [] };

type Duration<T> = (from: T, to: T) => number;

function start<T>(shown: T, items: T[], ms: Duration<T>): Playback<T> {
  let cur = shown;
  for (let i = 0; i < items.length; ++i) {
    const d = ms(cur, items[i]);
    if (d > 0) return { shown: cur, next: items[i], ms: d, queue: items.slice(i + 1) };
    cur = items[i];
  }
  return { shown: cur, next: null, ms: 0, queue: [] };
}

// A state arrived: drawn at once, animated, or queued behind the move being animated.
export function arrive<T>(p: Playback<T>, item: T, ms: Duration<T>): Playback<T> {
  if (p.shown === null) return { shown: item, next: null, ms: 0, queue: [] };
  if (p.next !== null) return { ...p, queue: [...p.queue, item] };
  return start(p.shown, [item], ms);
}

// The animation ended: its state is shown, and the next queued one starts.
export function finish<T>(p: Playback<T>, ms: Duration<T>): Playback<T> {
  if (p.next === null) return p;
  return start(p.next, p.queue, ms);
}

// Drops what waits: everything is shown at once (the speed was set to off, the page went back).
export function flush<T>(p: Playback<T>): Playback<T> {
  const all = [p.next, ...p.queue].filter((x): x is T => x !== null);
  return { shown: all.length ? all[all.length - 1] : p.shown, next: null, ms: 0, queue: [] };
}

