// The analysis board's side line: where it leaves the game, its moves, one step back, the moves
// asked of the server for the position shown, the side line's text from the server's history.
import { describe, expect, test } from 'vitest';
import { movesTo, played, sideLineText, stepBack } from '../../src/review/side_line';

const game = ['76', '98', '66', '87', '12'];

describe('side line', () => {
  test('a move on the game line starts one at the ply shown; later moves extend it', () => {
    const s1 = played(null, 2, '25');
    expect(s1).toEqual({ from: 2, moves: ['25'] });
    expect(played(s1, 2, '78')).toEqual({ from: 2, moves: ['25', '78'] });
    // Shown elsewhere in the game: a new side line from there.
    expect(played(s1, 4, '33')).toEqual({ from: 4, moves: ['33'] });
  });

  test('one step back drops the last move, and the first one returns to the game', () => {
    expect(stepBack({ from: 2, moves: ['25', '78'] })).toEqual({ from: 2, moves: ['25'] });
    expect(stepBack({ from: 2, moves: ['25'] })).toBeNull();
    expect(stepBack(null)).toBeNull();
  });

  test("the moves asked for: the game's up to the side line, then its own", () => {
    expect(movesTo(game, null, 3)).toEqual(['76', '98', '66']);
    expect(movesTo(game, { from: 2, moves: ['25', '78'] }, 2)).toEqual(['76', '98', '25', '78']);
    expect(movesTo(game, { from: 0, moves: ['12'] }, 0)).toEqual(['12']);
  });

  test("its text is the end of the server's history", () => {
    expect(sideLineText(['76(10)', '98', '25', '78x'], { from: 2, moves: ['25', '78'] })).toEqual(['25', '78x']);
    expect(sideLineText(['76(10)'], { from: 2, moves: ['25', '78'] })).toEqual([]);
    expect(sideLineText(['76(10)'], null)).toEqual([]);
  });
});
