// Where each board's squares stand on the screen, in grid units, and which way up: the one place
// that knows how a board turns (a flipped board is seen from the other side of the table).
// Pure functions, so the unit tests check them without drawing anything.

// Togyz Kumalak: the column (0..8 from the left) of a side's pit i (0-based) and whether that
// side's row is drawn at the bottom. The bottom row has its owner's pit 1 at the left; the top
// row, seen from across the table, has pit 1 at the right.
export function togyzPitPlace(side: number, i: number, flipped: boolean): { col: number; atBottom: boolean } {
  const atBottom = side === (flipped ? 1 : 0);
  return { col: atBottom ? i : 8 - i, atBottom };
}

// Tojmot: the view column and row (1-based, row 1 at the top) of cell (x, y), on a board of
// `columns` columns and `rows` rows. Unturned, White's rows (low y) are at the bottom.
export function tojmotCellPlace(x: number, y: number, columns: number, rows: number, flipped: boolean): [number, number] {
  return [flipped ? columns + 1 - x : x, flipped ? y : rows + 1 - y];
}

// Capture Go: the view column and row (0-based) of the point at row r (0 = the top row as the
// server sends it) and column c on an n×n board: turned half a circle when flipped.
export function goPointPlace(r: number, c: number, n: number, flipped: boolean): [number, number] {
  return flipped ? [n - 1 - c, n - 1 - r] : [c, r];
}

// A Go point's name: its column letter (the board description's `columns`) and its row number
// counted from the bottom ("E5").
export function goPointName(r: number, c: number, n: number, columns: string): string {
  return `${columns[c]}${n - r}`;
}

// Every empty point of a Go board given as rows of "X", "O" and "." (top row first).
export function goEmptyPoints(rows: string[], columns: string): string[] {
  const out: string[] = [];
  rows.forEach((row, r) => [...row].forEach((cell, c) => {
    if (cell === '.') out.push(goPointName(r, c, rows.length, columns));
  }));
  return out;
}
