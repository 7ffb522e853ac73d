// The ply the game page shows and its board: the current position (following the game) or one
// the user went back to with the buttons, a click on a move, or the arrow keys, Home and End.
// A past ply's board comes from the server by range (BoardCache); while it is on its way the
// board drawn last stays.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardData, GameView } from '../common/api';
import type { BoardSource } from './board_cache';

// The ply a navigation key goes to from `cur` in a game of `last` plies (undefined: not a key of ours).
export function plyAfterKey(key: string, cur: number, last: number): number | undefined {
  if (key === 'ArrowLeft') return Math.max(0, cur - 1);
  if (key === 'ArrowRight') return Math.min(last, cur + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}

export interface ShownPly {
  shown: number;
  setPly: (p: number) => void;
  board: BoardData | undefined;   // the board to draw at `shown`
  ready: boolean;                 // that board is the one of `shown` (not the last one drawn)
}

export function useShownPly(view: GameView | null, boards: BoardSource): ShownPly {
  const [ply, setPlyState] = useState<number | null>(null);  // null: follow the game
  // Keys read the ply and the game at the moment they are pressed: a listener that closed over
  // an earlier render would step from a ply the page no longer shows (a key pressed right after
  // End stepped back from the ply shown before it).
  const viewRef = useRef<GameView | null>(view);
  viewRef.current = view;
  const plyRef = useRef<number | null>(null);
  plyRef.current = ply;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement).tagName;
      const v = viewRef.current;
      if (!v || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      const next = plyAfterKey(e.key, Math.min(plyRef.current ?? v.ply, v.ply), v.ply);
      if (next === undefined) return;
      e.preventDefault();
      plyRef.current = next >= v.ply ? null : next;
      setPlyState(plyRef.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shown = view ? Math.min(ply ?? view.ply, view.ply) : 0;
  const cached = view ? (shown === view.ply ? view.board : boards.get(shown)) : undefined;
  useEffect(() => {
    if (view && cached === undefined) boards.load(shown);
  }, [shown, view, cached]);
  const lastDrawn = useRef<BoardData | null>(null);
  const board = cached ?? lastDrawn.current ?? view?.board;
  if (cached) lastDrawn.current = cached;
  return {
    shown,
    setPly: (p) => setPlyState(view && p >= view.ply ? null : Math.max(0, p)),
    board,
    ready: cached !== undefined,
  };
}
