// The review's pure rules: a move's mark (?!, ?, ??), the counts and the better move's cells on
// the board, the graph's points. No DOM, no server: unit-tested in web/tests/unit/review_logic.test.ts.
import type { LegalMove } from '../common/api';
import type { AnalysedPosition, MoveClass, ReviewedMove } from './review_api';

export const MARKED: MoveClass[] = ['inaccuracy', 'mistake', 'blunder'];

// The annotation a move list writes after a move: "?!" an inaccuracy, "?" a mistake, "??" a blunder.
export function markOf(cls: MoveClass | undefined): string {
  return cls === 'blunder' ? '??' : cls === 'mistake' ? '?' : cls === 'inaccuracy' ? '?!' : '';
}

export function isMarked(m: ReviewedMove | undefined): m is ReviewedMove {
  return !!m && MARKED.includes(m.class);
}

// Inaccuracies, mistakes and blunders of one side.
export function countMarks(moves: ReviewedMove[], side: string): Record<'inaccuracy' | 'mistake' | 'blunder', number> {
  const out = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const m of moves) if (m.side === side && m.class in out) out[m.class as keyof typeof out] += 1;
  return out;
}

// The reviewed move that leads to the position after `ply` plies (the one shown after it).
export function moveBefore(moves: ReviewedMove[], ply: number): ReviewedMove | undefined {
  return moves.find((m) => m.ply === ply - 1);
}

// The cells, pits or point of a move to highlight on the board (BoardProps.marks): Togyz the
// mover's pit ("w7"), Tojmot the cell it leaves and the one it goes to, capture Go the point.
export function moveMarks(game: string, move: LegalMove | null | undefined, side: string): string[] {
  if (!move) return [];
  if (game === 'togyz' && move.pit) return [`${side === 'black' ? 'b' : 'w'}${move.pit}`];
  if (game === 'tojmot' && move.from && move.to) return [move.from, move.to];
  if (game === 'capgo' && move.point) return [move.point];
  return [];
}

// A percentage as a player reads it: "57%", "0.4%" below one, "99.6%" above 99.
export function percent(p: number): string {
  const v = Math.max(0, Math.min(1, p)) * 100;
  if (v > 0 && v < 1) return `${v.toFixed(1)}%`;
  if (v > 99 && v < 100) return `${v.toFixed(1)}%`;
  return `${Math.round(v)}%`;
}

// The graph's points: x from 0 to `width` over plies 0..`plies`, y from the top (the first side
// certain to win) to `height` (the second side certain to win), one per analysed position.
export function graphPoints(positions: AnalysedPosition[], plies: number, width: number, height: number): [number, number, number][] {
  const n = Math.max(1, plies);
  return positions
    .filter((p) => p.ply <= plies)
    .map((p) => [p.ply, (p.ply / n) * width, (1 - p.win_chance_first) * height] as [number, number, number]);
}

// The ply a click at `x` (0..width) on the graph shows.
export function plyAt(x: number, width: number, plies: number): number {
  return Math.max(0, Math.min(plies, Math.round((x / Math.max(1, width)) * plies)));
}

// Whether a move tried in an exercise is one the analysis accepts.
export function accepted(move: string, moves: string[]): boolean {
  return moves.includes(move);
}
