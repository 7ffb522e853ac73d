// The analysis board's pure rules: a side line leaves the game at a ply and adds moves of its
// own; the moves asked of the server for the position shown are the game's up to that ply, then
// the side line's. No DOM, no server: unit-tested in web/tests/unit/side_line.test.ts.

export interface SideLineState {
  from: number;        // the game's ply the side line leaves from
  moves: string[];     // its moves, as the board gives them (legal moves' `move`)
}

// A move played on the board at the game's ply `shown` (no side line yet) or in the side line.
export function played(state: SideLineState | null, shown: number, move: string): SideLineState {
  if (!state || state.from !== shown) return { from: shown, moves: [move] };
  return { from: state.from, moves: [...state.moves, move] };
}

// One move back: the side line without its last move, or none when that was its first.
export function stepBack(state: SideLineState | null): SideLineState | null {
  if (!state || state.moves.length <= 1) return null;
  return { from: state.from, moves: state.moves.slice(0, -1) };
}

// The moves from the game's start to the position shown: the game's first `from` moves, then the
// side line's (the game line alone when there is none, at `shown`).
export function movesTo(gameMoves: string[], state: SideLineState | null, shown: number): string[] {
  if (!state) return gameMoves.slice(0, shown);
  return [...gameMoves.slice(0, state.from), ...state.moves];
}

// The side line in the move list's notation: the last `state.moves.length` moves of the history
// the server wrote for the position shown.
export function sideLineText(history: string[], state: SideLineState | null): string[] {
  if (!state || history.length < state.moves.length) return [];
  return history.slice(history.length - state.moves.length);
}
