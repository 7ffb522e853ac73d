// The review's pure rules: the marks a move list writes, the counts per side, the better move's
// cells on each game's board, the graph's points and the ply a click shows, the percentages.
import { describe, expect, test } from 'vitest';
import {
  accepted, countMarks, graphPoints, isMarked, markOf, moveBefore, moveMarks, percent, plyAt,
} from '../../src/review/review_logic';
import type { AnalysedPosition, MoveClass, ReviewedMove } from '../../src/review/review_api';
import texts from '../../src/review/review_texts.json';

const move = (ply: number, side: string, cls: MoveClass): ReviewedMove => ({
  ply, side, class: cls, move: `m${ply}`, move_text: `m${ply}`, best: 'b', best_text: 'b', best_move: null, best_line: '',
  eval: { score: 0, mate: null, win_chance: 0.5 }, win_chance_before: 0.5,
});

describe('marks', () => {
  test('?! an inaccuracy, ? a mistake, ?? a blunder, nothing for a good or the best move', () => {
    expect(markOf('inaccuracy')).toBe('?!');
    expect(markOf('mistake')).toBe('?');
    expect(markOf('blunder')).toBe('??');
    expect(markOf('good')).toBe('');
    expect(markOf('best')).toBe('');
    expect(isMarked(move(0, 'white', 'good'))).toBe(false);
    expect(isMarked(move(0, 'white', 'blunder'))).toBe(true);
    expect(isMarked(undefined)).toBe(false);
  });
  test('counted per side', () => {
    const moves = [move(0, 'white', 'blunder'), move(1, 'black', 'mistake'), move(2, 'white', 'inaccuracy'),
      move(3, 'black', 'mistake'), move(4, 'white', 'best'), move(5, 'black', 'good')];
    expect(countMarks(moves, 'white')).toEqual({ inaccuracy: 1, mistake: 0, blunder: 1 });
    expect(countMarks(moves, 'black')).toEqual({ inaccuracy: 0, mistake: 2, blunder: 0 });
  });
  test('the move shown after a ply is the one played from the ply before', () => {
    const moves = [move(0, 'white', 'good'), move(1, 'black', 'blunder')];
    expect(moveBefore(moves, 2)?.class).toBe('blunder');
    expect(moveBefore(moves, 0)).toBeUndefined();
  });
});

describe('the better move on the board', () => {
  test('Togyz: the mover\'s pit on its row', () => {
    expect(moveMarks('togyz', { move: '76', pit: 7 }, 'white')).toEqual(['w7']);
    expect(moveMarks('togyz', { move: '32', pit: 3 }, 'black')).toEqual(['b3']);
  });
  test('Tojmot: the cell left and the cell reached; capture Go: the point; a pass or nothing: none', () => {
    expect(moveMarks('tojmot', { move: 'x', from: 'C3', to: 'E5' }, 'white')).toEqual(['C3', 'E5']);
    expect(moveMarks('capgo', { move: 'D4', point: 'D4' }, 'black')).toEqual(['D4']);
    expect(moveMarks('capgo', { move: 'pass', pass: true }, 'black')).toEqual([]);
    expect(moveMarks('capgo', null, 'black')).toEqual([]);
  });
});

describe('the graph', () => {
  const pos = (ply: number, w: number): AnalysedPosition =>
    ({ ply, score: 0, mate: null, to_move: 'white', win_chance_first: w, proved: null });
  test('the first side certain to win at the top, the second at the bottom, plies across', () => {
    expect(graphPoints([pos(0, 1), pos(2, 0.5), pos(4, 0)], 4, 300, 100)).toEqual([[0, 0, 0], [2, 150, 50], [4, 300, 100]]);
  });
  test('positions past the game are left out; a game of no moves does not divide by zero', () => {
    expect(graphPoints([pos(0, 0.5), pos(3, 0.5)], 2, 300, 100).length).toBe(1);
    expect(graphPoints([pos(0, 0.5)], 0, 300, 100)).toEqual([[0, 0, 50]]);
  });
  test('a click shows the nearest ply, within the game', () => {
    expect(plyAt(0, 300, 8)).toBe(0);
    expect(plyAt(300, 300, 8)).toBe(8);
    expect(plyAt(160, 300, 8)).toBe(4);
    expect(plyAt(-5, 300, 8)).toBe(0);
    expect(plyAt(900, 300, 8)).toBe(8);
  });
});

test('percentages a player reads', () => {
  expect(percent(0.573)).toBe('57%');
  expect(percent(0.004)).toBe('0.4%');
  expect(percent(0.996)).toBe('99.6%');
  expect(percent(0)).toBe('0%');
  expect(percent(1)).toBe('100%');
  expect(percent(1.2)).toBe('100%');
});

test('an exercise accepts the moves the analysis accepts, and no other', () => {
  expect(accepted('D4', ['D4', 'E5'])).toBe(true);
  expect(accepted('C3', ['D4'])).toBe(false);
});

test('every review text is in all four languages, Uzbek with the proper oʻ and gʻ', () => {
  for (const [key, row] of Object.entries(texts as Record<string, Record<string, string>>)) {
    for (const lang of ['en', 'ru', 'kk', 'uz']) expect(row[lang], `${key}.${lang}`).toBeTruthy();
    expect(row.uz, `${key}.uz`).not.toMatch(/[oOgG]['‘’`]/);
  }
});
