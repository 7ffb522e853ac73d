// BoardCache (play/board_cache.ts): past plies' boards fetched by chunk, dropped when the
// history changes under them, asked again after a failure.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BoardCache, CHUNK } from '../../src/play/board_cache';
import type { GameView } from '../../src/common/api';

// The server's /boards: the board of ply k is {k, line} (the line tells histories apart).
let requests: string[] = [];
let failNext = 0;
let line = 'a';
function serve(url: string) {
  requests.push(url);
  if (failNext > 0) {
    --failNext;
    return Promise.reject(new TypeError('Failed to fetch'));
  }
  const q = new URL(url, 'http://x').searchParams;
  const from = Number(q.get('from')), to = Number(q.get('to'));
  const boards: { k: number; line: string }[] = [];
  for (let k = from; k <= to; ++k) boards.push({ k, line });
  return Promise.resolve({ ok: true, json: () => Promise.resolve({ from, to, plies: to, boards }) });
}

const view = (moves: string[]): GameView => ({ moves, ply: moves.length, board: { k: moves.length, line: 'state' } }) as unknown as GameView;
const moves = (n: number, tag = 'm') => [...Array(n).keys()].map((i) => `${tag}${i}`);
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  requests = [];
  failNext = 0;
  line = 'a';
  vi.stubGlobal('fetch', vi.fn(serve));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BoardCache', () => {
  test('holds the state board; a past ply is fetched with its chunk, once', async () => {
    let loaded = 0;
    const cache = new BoardCache('g1', () => ++loaded);
    cache.update(view(moves(250)));
    expect(cache.get(250)).toEqual({ k: 250, line: 'state' });
    expect(cache.get(120)).toBeUndefined();
    cache.load(120);
    cache.load(130);  // the same chunk, already on its way
    await settle();
    expect(requests).toEqual([`/api/games/g1/boards?from=${CHUNK}&to=${2 * CHUNK - 1}`]);
    expect(loaded).toBe(1);
    expect(cache.get(120)).toEqual({ k: 120, line: 'a' });
    expect(cache.get(199)).toEqual({ k: 199, line: 'a' });
    cache.load(150);  // held: no request
    await settle();
    expect(requests).toHaveLength(1);
    expect(cache.size).toBe(CHUNK + 1);
  });

  test('boards past the chunk the game reaches are not kept', async () => {
    const cache = new BoardCache('g1', () => undefined);
    cache.update(view(moves(30)));
    cache.load(10);
    await settle();
    expect(cache.get(30)).toEqual({ k: 30, line: 'state' });  // the state's own, not the fetched one
    expect(cache.get(31)).toBeUndefined();
    expect(cache.get(0)).toEqual({ k: 0, line: 'a' });
  });

  test('an undo or a replaced move drops the boards after the first move that differs', async () => {
    const cache = new BoardCache('g1', () => undefined);
    cache.update(view(moves(50)));
    cache.load(0);
    await settle();
    expect(cache.get(45)).toBeDefined();
    cache.update(view([...moves(40), 'other']));
    expect(cache.get(40)).toBeDefined();
    expect(cache.get(41)).toEqual({ k: 41, line: 'state' });
    expect(cache.get(42)).toBeUndefined();
    // A game that only grows keeps everything.
    cache.update(view([...moves(40), 'other', 'more']));
    expect(cache.get(40)).toBeDefined();
  });

  test('a chunk that arrives after the history changed is fetched again for the new history', async () => {
    const cache = new BoardCache('g1', () => undefined);
    cache.update(view(moves(50)));
    cache.load(20);
    cache.update(view(moves(10)));  // an undo back to ply 10 while the request is out
    line = 'b';
    await settle();
    await settle();
    expect(requests).toHaveLength(2);
    expect(cache.get(5)).toEqual({ k: 5, line: 'b' });
  });

  test('a failed request is asked again after 250 ms, then 500 ms', async () => {
    vi.useFakeTimers();
    const cache = new BoardCache('g1', () => undefined);
    cache.update(view(moves(50)));
    failNext = 2;
    cache.load(20);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    expect(cache.get(20)).toEqual({ k: 20, line: 'a' });
  });
});
