// Premove (online games): while the opponent is to move the player may queue one move of their
// own. The board offers every move that might be legal once the opponent has played (a pit with
// stones, a piece to any cell, an empty point), the queued one is shown on the board, and as soon
// as it is the player's turn it is sent if it is legal then (otherwise dropped). Escape or a click
// beside the board cancels it.
import { useEffect, useState } from 'preact/hooks';
import type { BoardData, CapgoBoardData, GameView, LegalMove, TogyzBoardData, TojmotBoardData, TojmotCell } from '../common/api';
import { goEmptyPoints } from '../boards/geometry';

// The moves `side` might make in `board` after the opponent's move, as the board takes them
// (each with a move text of its own: the real one depends on the position it is played in).
export function premoveCandidates(game: string, board: BoardData, desc: Record<string, unknown>, side: string): LegalMove[] {
  if (game === 'togyz') {
    const b = board as TogyzBoardData;
    const row = b.pits?.[side === 'white' ? 0 : 1] ?? [];
    return row.flatMap((n, i) => (n > 0 ? [{ move: `premove:${i + 1}`, pit: i + 1 }] : []));
  }
  if (game === 'tojmot') {
    const b = board as TojmotBoardData;
    const cells = ((desc.cells ?? []) as TojmotCell[]).map((c) => c.cell);
    const mine = new Set(b.pieces.filter((p) => p.side === side).map((p) => p.cell));
    return [...mine].flatMap((from) => cells.filter((to) => !mine.has(to)).map((to) => ({ move: `premove:${from}-${to}`, from, to })));
  }
  if (game === 'capgo') {
    const b = board as CapgoBoardData;
    return goEmptyPoints(b.rows, String(desc.columns ?? '')).map((point) => ({ move: `premove:${point}`, point }));
  }
  return [];
}

// The legal move the queued one stands for, if it is legal now.
export function matchPremove(pre: LegalMove, legal: LegalMove[]): LegalMove | undefined {
  return legal.find((l) => (pre.pit !== undefined ? l.pit === pre.pit
    : pre.point !== undefined ? l.point === pre.point
      : pre.from !== undefined && l.from === pre.from && l.to === pre.to));
}

// The cells, pits or points the board marks for the queued move.
export function premoveMarks(pre: LegalMove | null, side: string): string[] {
  if (!pre) return [];
  if (pre.pit !== undefined) return [`${side === 'white' ? 'w' : 'b'}${pre.pit}`];
  if (pre.point !== undefined) return [pre.point];
  return [pre.from!, pre.to!];
}

// The queued move of the player at seat `me` in the game as the server last sent it (`view`):
// sent with `send` when the turn comes, dropped when the game ends.
export function usePremove(view: GameView | null, me: string | undefined, send: (move: string) => void) {
  const [pre, setPre] = useState<LegalMove | null>(null);
  useEffect(() => {
    if (!pre || !view) return;
    if (view.status !== 'ongoing') {
      setPre(null);
      return;
    }
    if (view.to_move !== me) return;
    setPre(null);
    const m = matchPremove(pre, view.legal);
    if (m) send(m.move);
  }, [view?.version, view?.to_move, pre]);
  useEffect(() => {
    if (!pre) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPre(null);
    };
    const onDown = (e: PointerEvent) => {
      if (!(e.target as Element | null)?.closest?.('.board')) setPre(null);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [pre]);
  return { premove: pre, setPremove: setPre };
}
