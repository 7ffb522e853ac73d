// A game played in the page (src/offline/local_game.ts): its rules as text, the moves and the end,
// the state the game page is shown, and the body of its upload.
import { expect, test } from 'vitest';
import { afterMove, computerToMove, newLocalGame, resign, rulesText, undone, uploadBody, viewOf } from '../../src/offline/local_game';
import type { GameStateView } from '../../src/engine/protocol';

const sides: [string, string] = ['black', 'white'];
const state = (o: Partial<GameStateView>): GameStateView => ({
  position: 'p', to_move: 'black', ply: 0, legal: ['a1'], over: false, reason: '', result: '*', code: '', args: [0, 0],
  board: { stones: [] }, legal_data: [{ move: 'a1', point: 'a1' }], rules: 'size=5,target=1', rules_values: { size: 5 },
  start_position: 's', history: [], ...o,
});

test('the rules go as the registry reads them, booleans as 1 and 0', () => {
  expect(rulesText({ size: 5, target: 1, superko: true, pass: false })).toBe('size=5,target=1,superko=1,pass=0');
  expect(rulesText({})).toBe('');
});

test('a new game has a key of 128 random bits and its start time to the second', () => {
  const a = newLocalGame({ game: 'capgo', rules: { size: 5 }, mode: 'ai', level: 5, color: 'black' });
  const b = newLocalGame({ game: 'capgo', rules: { size: 5 }, mode: 'ai', level: 5, color: 'black' });
  expect(a.key).toMatch(/^[0-9a-f]{32}$/);
  expect(a.key).not.toBe(b.key);
  expect(a.playedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect([a.status, a.result, a.upload, a.moves]).toEqual(['ongoing', '*', 'none', []]);
  expect(newLocalGame({ game: 'capgo', rules: {}, mode: 'hotseat', level: 0, color: 'black', sides: ['black', 'white'] }).sides)
    .toEqual(['black', 'white']);
});

test('a move that ends the game finishes it and queues it for the account', () => {
  const g = newLocalGame({ game: 'capgo', rules: {}, mode: 'ai', level: 5, color: 'black' });
  const on = afterMove(g, 'c3', state({ ply: 1, to_move: 'white' }));
  expect([on.moves, on.status, on.upload]).toEqual([['c3'], 'ongoing', 'none']);
  const end = afterMove(on, 'b2', state({ ply: 2, over: true, result: '0-1', code: 'target' }));
  expect([end.moves, end.status, end.result, end.upload]).toEqual([['c3', 'b2'], 'finished', '0-1', 'queued']);
});

test('the computer moves on its turn only, in a game going on', () => {
  const g = newLocalGame({ game: 'capgo', rules: {}, mode: 'ai', level: 5, color: 'black' });
  expect(computerToMove(g, state({ to_move: 'white' }))).toBe(true);
  expect(computerToMove(g, state({ to_move: 'black' }))).toBe(false);
  expect(computerToMove(g, state({ to_move: 'white', over: true }))).toBe(false);
  expect(computerToMove({ ...g, mode: 'hotseat' }, state({ to_move: 'white' }))).toBe(false);
});

test('a resignation gives the other side the game; undo goes back to the player', () => {
  const g = { ...newLocalGame({ game: 'capgo', rules: {}, mode: 'ai' as const, level: 5, color: 'white' }), moves: ['a1', 'b2', 'c3'] };
  expect(resign(g, 'white', sides).result).toBe('1-0');
  expect(resign(g, 'black', sides).resigned).toBe('black');
  expect(resign({ ...g, moves: [] }, 'white', sides).upload).toBe('none');  // no game to keep
  expect(resign(g, 'white', sides).upload).toBe('queued');
  expect(undone(g, 'white').moves).toEqual(['a1']);   // the player's move and the reply before it
  expect(undone(g, 'black').moves).toEqual(['a1', 'b2']);
  expect(undone({ ...g, mode: 'hotseat' }, 'white').moves).toEqual(['a1', 'b2']);
});

test('the page is shown the game as a server state, with no legal moves while the computer thinks', () => {
  const g = { ...newLocalGame({ game: 'capgo', rules: { size: 5 }, mode: 'ai' as const, level: 5, color: 'black' }), moves: ['c3'] };
  const st = state({ ply: 1, to_move: 'white', history: ['C3'] });
  const v = viewOf(g, st, sides, 'Capture Go', false);
  expect(v).toMatchObject({ id: g.key, mode: 'ai', level: 5, status: 'ongoing', moves: ['C3'], ply: 1, computer: 'white',
                            you: 'black', rated: false, local: true, clock: null, end: null, rules: 'size=5,target=1' });
  expect(v.legal).toEqual([{ move: 'a1', point: 'a1' }]);
  expect(viewOf(g, st, sides, 'Capture Go', true).legal).toEqual([]);
  const won = viewOf({ ...g, status: 'finished', result: '1-0' }, state({ over: true, code: 'target', args: [1, 0] }), sides, 'x', false);
  expect(won.end).toEqual({ code: 'target', winner: 'black', args: [1, 0] });
  const resigned = viewOf(resign(g, 'black', sides), st, sides, 'x', false);
  expect(resigned.end).toEqual({ code: 'resign', winner: 'white', args: [0, 0] });
  expect(viewOf({ ...g, mode: 'hotseat' }, st, sides, 'x', false).you).toBe('both');
});

test('the upload names the game by its key, with its moves, result and how it ended', () => {
  const g = resign({ ...newLocalGame({ game: 'togyz', rules: {}, mode: 'ai' as const, level: 3, color: 'white' }), moves: ['1'] },
                   'white', ['white', 'black']);
  expect(uploadBody(g)).toEqual({ key: g.key, game: 'togyz', rules: {}, mode: 'ai', level: 3, color: 'white', moves: ['1'],
                                  result: '0-1', end: 'resign', played_at: g.playedAt });
});
