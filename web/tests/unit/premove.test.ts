import { describe, expect, it } from 'vitest';
import { matchPremove, premoveCandidates, premoveMarks } from '../../src/play/premove';
import type { CapgoBoardData, TogyzBoardData, TojmotBoardData } from '../../src/common/api';

describe('premove', () => {
  it('offers the own pits with kumalaks and finds the move when the turn comes', () => {
    const b = { pits: [[9, 0, 9, 9, 9, 9, 9, 9, 9], [9, 9, 9, 9, 9, 9, 9, 9, 9]], to_move: 'white' } as unknown as TogyzBoardData;
    const c = premoveCandidates('togyz', b, {}, 'white');
    expect(c.map((m) => m.pit)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    expect(premoveMarks(c[1], 'white')).toEqual(['w3']);
    expect(matchPremove(c[1], [{ move: '31', pit: 3 }, { move: '46', pit: 4 }])?.move).toBe('31');
    expect(matchPremove(c[1], [{ move: '46', pit: 4 }])).toBeUndefined();  // no longer legal: dropped
  });
  it('offers a piece to any cell but its own side’s', () => {
    const b = { pieces: [{ cell: 'a1', piece: '1', side: 'white' }, { cell: 'b2', piece: '2', side: 'white' }, { cell: 'c3', piece: '1', side: 'black' }] } as TojmotBoardData;
    const desc = { cells: ['a1', 'b2', 'c3', 'd4'].map((cell) => ({ cell })) };
    const c = premoveCandidates('tojmot', b, desc, 'white');
    expect(c.filter((m) => m.from === 'a1').map((m) => m.to)).toEqual(['c3', 'd4']);
    expect(matchPremove(c[0], [{ move: 'a1xc3', from: 'a1', to: 'c3' }])?.move).toBe('a1xc3');
    expect(premoveMarks(c[0], 'white')).toEqual(['a1', 'c3']);
  });
  it('offers the empty points of capture Go', () => {
    const b = { size: 2, rows: ['X.', '.O'] } as CapgoBoardData;
    const c = premoveCandidates('capgo', b, { columns: 'AB' }, 'black');
    expect(c.map((m) => m.point).sort()).toEqual(['A1', 'B2']);
  });
});
