// The one flip rule and the boards' geometry (web/src/boards/).
import { describe, expect, test } from 'vitest';
import { isFlipped, sideToMove } from '../../src/boards/flip';
import { goEmptyPoints, goPointName, goPointPlace, togyzPitPlace, tojmotCellPlace } from '../../src/boards/geometry';

describe('isFlipped', () => {
  test('Togyz Kumalak and Tojmot turn for Black, never for White', () => {
    for (const game of ['togyz', 'tojmot']) {
      expect(isFlipped(game, 'black')).toBe(true);
      expect(isFlipped(game, 'white')).toBe(false);
    }
  });
  test('a goban never turns', () => {
    expect(isFlipped('capgo', 'black')).toBe(false);
    expect(isFlipped('capgo', 'white')).toBe(false);
  });
  test('nobody playing (a spectator, the gallery), both seats at one device, an unknown game: not turned', () => {
    expect(isFlipped('togyz', undefined)).toBe(false);
    expect(isFlipped('togyz', null)).toBe(false);
    expect(isFlipped('togyz', '')).toBe(false);
    expect(isFlipped('togyz', 'both')).toBe(false);
    expect(isFlipped('chess', 'black')).toBe(false);
  });
  test('the side to move of a board as the server sends it', () => {
    expect(sideToMove({ to_move: 'black' })).toBe('black');
    expect(sideToMove({ pits: [] })).toBe('');
    expect(sideToMove(undefined)).toBe('');
    expect(sideToMove(null)).toBe('');
  });
});

describe('Togyz Kumalak pits', () => {
  test('unturned: White at the bottom, pit 1 at the left; Black on top, pit 1 at the right', () => {
    expect(togyzPitPlace(0, 0, false)).toEqual({ col: 0, atBottom: true });
    expect(togyzPitPlace(0, 8, false)).toEqual({ col: 8, atBottom: true });
    expect(togyzPitPlace(1, 0, false)).toEqual({ col: 8, atBottom: false });
  });
  test('turned: Black at the bottom from its own left', () => {
    expect(togyzPitPlace(1, 0, true)).toEqual({ col: 0, atBottom: true });
    expect(togyzPitPlace(0, 0, true)).toEqual({ col: 8, atBottom: false });
  });
  test('each side fills the nine columns of its row once', () => {
    for (const flipped of [false, true])
      for (const side of [0, 1])
        expect(new Set([...Array(9).keys()].map((i) => togyzPitPlace(side, i, flipped).col)).size).toBe(9);
  });
});

describe('Tojmot cells', () => {
  test('unturned: row 1 at the bottom; turned half a circle: row 1 at the top, columns mirrored', () => {
    expect(tojmotCellPlace(1, 1, 13, 17, false)).toEqual([1, 17]);
    expect(tojmotCellPlace(1, 1, 13, 17, true)).toEqual([13, 1]);
    expect(tojmotCellPlace(7, 17, 13, 17, false)).toEqual([7, 1]);
    expect(tojmotCellPlace(7, 17, 13, 17, true)).toEqual([7, 17]);
  });
});

describe('capture Go points', () => {
  test('turning is half a circle', () => {
    expect(goPointPlace(0, 0, 9, false)).toEqual([0, 0]);
    expect(goPointPlace(0, 0, 9, true)).toEqual([8, 8]);
    expect(goPointPlace(2, 5, 9, true)).toEqual([3, 6]);
  });
  test('names: column letter (no I), row counted from the bottom', () => {
    const columns = 'ABCDEFGHJ';
    expect(goPointName(0, 0, 9, columns)).toBe('A9');
    expect(goPointName(8, 8, 9, columns)).toBe('J1');
    expect(goPointName(4, 4, 9, columns)).toBe('E5');
  });
  test('the empty points of a board', () => {
    expect(goEmptyPoints(['X.', '.O'], 'AB')).toEqual(['B2', 'A1']);
    expect(goEmptyPoints(['XO', 'OX'], 'AB')).toEqual([]);
  });
});
