// The learning pages offline (src/learn/offline_pack.ts): lessons answered from the pack exactly
// as the server answers, puzzles picked as the server picks and judged by their lines only, and
// the fallback taken only when there is no network (a server's error stays an error).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../src/common/api';
import { type OfflinePack, offlineLessons, offlinePuzzles, orOffline } from '../../src/learn/offline_pack';

const board = (n: number) => ({ pits: [[n], [0]] });
const texts = (en: string) => ({ en, ru: en, kk: en, uz: en });
const right = { legal: true, correct: true, move: '3', explanation: null, board: board(3), end: null, next: 2 };
const wrong = { legal: true, correct: false, move: '4', explanation: texts('not that one'), board: null, end: null, next: null };

const puzzle = (id: string, game: string, rating: number, themes: string[]) => ({
  id, game, goal: 'win', moves: 2, themes, rating, board: board(0), legal: [{ move: '1' }, { move: '2' }], rules_values: {},
  line: [
    { accept: ['2'], move: '2(5)', board: board(2), reply: '7', reply_board: board(7), legal: [{ move: '5' }, { move: '6' }] },
    { accept: ['6', '6x'], move: '6(1)', board: board(6), solved: true },
  ],
});

const pack: OfflinePack = {
  lessons: [
    { id: 'togyz-a', game: 'togyz', topic: 'sowing', title: texts('A'), intro: null,
      steps: [{ task: texts('t'), hint: texts('h'), marks: [], board: board(0), legal: [], rules_values: {}, answers: { 3: right, 4: wrong } },
        { task: texts('t2'), hint: texts('h2'), marks: [], board: board(1), legal: [], rules_values: {}, answers: {} }] },
    { id: 'capgo-a', game: 'capgo', topic: 'atari', title: texts('B'), intro: null, steps: [] },
  ],
  puzzles: [puzzle('togyz-1', 'togyz', 500, ['win-in-2']), puzzle('togyz-2', 'togyz', 900, ['win-in-2', 'atsyrau']),
    puzzle('capgo-1', 'capgo', 700, ['capture-in-1'])],
};

describe('offline lessons', () => {
  test('the list and a lesson, as the server lists them', () => {
    expect(offlineLessons.list(pack)).toEqual({ lessons: [
      { id: 'togyz-a', game: 'togyz', topic: 'sowing', title: texts('A'), steps: 2 },
      { id: 'capgo-a', game: 'capgo', topic: 'atari', title: texts('B'), steps: 0 }] });
    expect(offlineLessons.list(pack, 'capgo').lessons.map((l) => l.id)).toEqual(['capgo-a']);
    expect(offlineLessons.get(pack, 'togyz-a').steps[1].board).toEqual(board(1));
    expect(() => offlineLessons.get(pack, 'nope')).toThrow(ApiError);
  });
  test("a move's answer is the server's, steps numbered from 1", () => {
    expect(offlineLessons.attempt(pack, 'togyz-a', 1, '3')).toEqual(right);
    expect(offlineLessons.attempt(pack, 'togyz-a', 1, '4')).toEqual(wrong);
    const other = offlineLessons.attempt(pack, 'togyz-a', 1, '9');
    expect([other.legal, other.correct, other.reason]).toEqual([false, false, '9 is not a legal move here']);
  });
});

describe('offline puzzles', () => {
  test('the summary counts the pack', () => {
    expect(offlinePuzzles.summary(pack)).toEqual([
      { game: 'togyz', puzzles: 2, themes: [{ theme: 'atsyrau', count: 1 }, { theme: 'win-in-2', count: 2 }], min_rating: 500, max_rating: 900 },
      { game: 'capgo', puzzles: 1, themes: [{ theme: 'capture-in-1', count: 1 }], min_rating: 700, max_rating: 700 }]);
  });
  test('the next one: unseen and nearest the rating, with the theme; marked offline, without its line', () => {
    const p = offlinePuzzles.next(pack, 'togyz', 800, [], []);
    expect(p.id).toBe('togyz-2');
    expect(p.offline).toBe(true);
    expect('line' in p).toBe(false);
    expect(offlinePuzzles.next(pack, 'togyz', 800, [], ['togyz-2']).id).toBe('togyz-1');
    expect(offlinePuzzles.next(pack, 'togyz', 100, ['atsyrau'], []).id).toBe('togyz-2');
    expect(offlinePuzzles.next(pack, 'togyz', 800, [], ['togyz-1', 'togyz-2']).id).toBe('togyz-2');  // all seen: the nearest
    expect(() => offlinePuzzles.next(pack, 'tojmot', 800, [], [])).toThrow(ApiError);
  });
  test('judged by the line: continue with the reply, solved, and a move off the line unchecked', () => {
    expect(offlinePuzzles.attempt(pack, 'togyz-1', ['2'])).toEqual({ result: 'continue', index: 0, move: '2(5)', board: board(2),
      reply: '7', reply_board: board(7), legal: [{ move: '5' }, { move: '6' }], offline: true });
    expect(offlinePuzzles.attempt(pack, 'togyz-1', ['2', '6x'])).toEqual({ result: 'solved', index: 1, move: '6(1)', board: board(6),
      offline: true });
    expect(offlinePuzzles.attempt(pack, 'togyz-1', ['1'])).toEqual({ result: 'unchecked', index: 0, offline: true });
    expect(offlinePuzzles.attempt(pack, 'togyz-1', ['2', '5'])).toEqual({ result: 'unchecked', index: 1, offline: true });
    // No rating in any offline result: nothing to change.
    expect('rating' in offlinePuzzles.attempt(pack, 'togyz-1', ['2', '6'])).toBe(false);
  });
});

describe('orOffline', () => {
  test("only a network failure falls back to the pack; a server's error stays", async () => {
    const packOf = () => 'from the pack';
    expect(await orOffline(() => Promise.resolve('online'), packOf)).toBe('online');
    const refused = new ApiError(404, 'no lesson x', 'no_such_lesson');
    await expect(orOffline(() => Promise.reject(refused), packOf)).rejects.toBe(refused);
  });
  afterEach(() => vi.unstubAllGlobals());
  test('offline, the pack is fetched (the service worker has it) and answers', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(pack) });
    });
    const lessons = await orOffline(() => Promise.reject(new TypeError('Failed to fetch')), (p) => offlineLessons.list(p, 'togyz'));
    expect(lessons.lessons.map((l) => l.id)).toEqual(['togyz-a']);
    expect(asked).toEqual(['/api/learn/offline']);
  });
});
