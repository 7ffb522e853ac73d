// The Tojmot rules page says each piece's move in words and shows it in a picture: the pictures'
// cells (learn/piece_moves.ts) against ../shared/rules/tojmot.md, and the page's texts free of
// coordinate pairs like (±2, ±4), every piece with its picture and its words in four languages.
import { describe, expect, test } from 'vitest';
import { type PieceKind, TOJMOT_MOVES, pictureCells, targets } from '../../src/learn/piece_moves';
import { RULES } from '../../src/learn/rules_content';
import { LANGS } from '../../src/common/i18n';

const cellsOf = (kind: PieceKind) => targets(kind, 4).map((t) => `${t.x},${t.y}`).sort();

describe('where each piece goes', () => {
  test('steppers and leapers: the rules\' cells exactly', () => {
    expect(cellsOf('1')).toEqual(['-1,-1', '-1,1', '-2,0', '0,-2', '0,2', '1,-1', '1,1', '2,0']);
    expect(cellsOf('9')).toEqual(cellsOf('1'));
    expect(cellsOf('2')).toEqual(['-2,0', '0,-2', '0,2', '2,0']);
    expect(cellsOf('3')).toEqual(['-1,-3', '-1,3', '-3,-1', '-3,1', '1,-3', '1,3', '3,-1', '3,1']);
    expect(cellsOf('5')).toEqual(['-2,-2', '-2,2', '2,-2', '2,2']);
    expect(cellsOf('6')).toEqual(['-2,-4', '-2,4', '2,-4', '2,4']);
    expect(cellsOf('roman')).toEqual(['-1,1', '1,1']);  // forward is up: White's side
    expect(targets('3', 4).every((t) => t.how === 'leap')).toBe(true);
    expect(targets('2', 4).every((t) => t.how === 'step')).toBe(true);
  });

  test('sliders go to the edge of the picture', () => {
    expect(cellsOf('4')).toEqual(['-2,0', '-4,0', '0,-2', '0,-4', '0,2', '0,4', '2,0', '4,0']);
    expect(cellsOf('8')).toHaveLength(16);
    expect(cellsOf('8')).toContain('4,-4');
    expect(cellsOf('7')).toEqual([...cellsOf('4'), ...cellsOf('8')].sort());
    expect(targets('7', 4).every((t) => t.how === 'slide')).toBe(true);
  });

  test('every target is a cell of the picture', () => {
    const cells = new Set(pictureCells(4).map(([x, y]) => `${x},${y}`));
    expect(cells.size).toBe(41);  // 5×5 cells of one colour, 4×4 of the other
    for (const kind of Object.keys(TOJMOT_MOVES) as PieceKind[])
      for (const c of cellsOf(kind)) expect(cells.has(c), `${kind}: ${c}`).toBe(true);
  });
});

describe('the rules pages in words', () => {
  const COORDINATES = /\(\s*[±+-]?\d+\s*,\s*[±+-]?\d+\s*\)|±/;
  test('no coordinate pairs in any game\'s rules, in any language', () => {
    for (const [game, doc] of Object.entries(RULES))
      for (const s of doc.sections)
        for (const text of [...s.points, ...(s.pieces ?? []).map((p) => p.text)])
          for (const { code } of LANGS) expect(text[code], `${game}/${code}`).not.toMatch(COORDINATES);
  });

  test('each Tojmot piece has its picture and its words in four languages', () => {
    const entries = RULES.tojmot.sections.flatMap((s) => s.pieces ?? []);
    expect(entries.map((e) => e.kind).sort()).toEqual(Object.keys(TOJMOT_MOVES).sort());
    for (const e of entries)
      for (const { code } of LANGS) {
        expect(e.text[code], `${e.kind}/${code}`).toBeTruthy();
        if (code !== 'en') expect(e.text[code]).not.toBe(e.text.en);
      }
  });
});
