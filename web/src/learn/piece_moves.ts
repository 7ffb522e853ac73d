// Where each Tojmot piece can go from a cell in the middle of an empty board, for the pictures of
// the rules page (../shared/rules/tojmot.md, "Pieces"). Cells are (x, y) with x ≡ y (mod 2), as
// in the rules: an edge step is (±1, ±1), a corner step (0, ±2) or (±2, 0); White moves up (+y).

export type PieceKind = '1' | '9' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | 'roman';
export type Reach = 'step' | 'leap' | 'slide';

export interface Target {
  x: number;
  y: number;
  how: Reach;
}

type Vec = readonly [number, number];

const EDGE: Vec[] = [[1, 1], [-1, 1], [1, -1], [-1, -1]];
const CORNER: Vec[] = [[0, 2], [0, -2], [2, 0], [-2, 0]];
const both = (a: number, b: number): Vec[] => [[a, b], [-a, b], [a, -b], [-a, -b]];

// Each piece's move: single steps, leaps (nothing in between blocks them), or slides along
// directions as far as the board lets it.
export const TOJMOT_MOVES: Record<PieceKind, { how: Reach; vectors: Vec[] }> = {
  '1': { how: 'step', vectors: [...EDGE, ...CORNER] },
  '9': { how: 'step', vectors: [...EDGE, ...CORNER] },
  '2': { how: 'step', vectors: CORNER },
  '3': { how: 'leap', vectors: [...both(1, 3), ...both(3, 1)] },
  '4': { how: 'slide', vectors: CORNER },
  '5': { how: 'leap', vectors: both(2, 2) },
  '6': { how: 'leap', vectors: both(2, 4) },
  '7': { how: 'slide', vectors: [...EDGE, ...CORNER] },
  '8': { how: 'slide', vectors: EDGE },
  roman: { how: 'step', vectors: [[1, 1], [-1, 1]] },
};

// The cells of a picture: every cell within `radius` of the centre (0, 0) in x and in y.
export function pictureCells(radius: number): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  for (let y = radius; y >= -radius; --y)
    for (let x = -radius; x <= radius; ++x) if ((((x - y) % 2) + 2) % 2 === 0) cells.push([x, y]);
  return cells;
}

// Where `kind` standing on (0, 0) can go on an empty picture of `radius`.
export function targets(kind: PieceKind, radius: number): Target[] {
  const { how, vectors } = TOJMOT_MOVES[kind];
  const inside = (x: number, y: number) => Math.abs(x) <= radius && Math.abs(y) <= radius;
  const out: Target[] = [];
  for (const [dx, dy] of vectors) {
    if (how !== 'slide') {
      if (inside(dx, dy)) out.push({ x: dx, y: dy, how });
      continue;
    }
    for (let k = 1; inside(k * dx, k * dy); ++k) out.push({ x: k * dx, y: k * dy, how });
  }
  return out;
}
