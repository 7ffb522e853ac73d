// The game as the page draws it, one move at a time: every state from useGame goes through the
// playback queue (move_animation.ts), so a move is animated on the board before the state after
// it is drawn, and the computer's reply (already here) waits until your move's animation ends.
// While a move is animated the page shows the state before it; the board gets the state after
// it with `anim` (where it came from, and how long to take).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GameView } from '../common/api';
import type { BoardAnim } from '../boards/types';
import { arrive, EMPTY_PLAYBACK, finish, flush, moveMs, type Playback } from './move_animation';
import { effectiveSpeed, useTableSettings } from './table_settings';

export interface AnimatedView {
  view: GameView | null;           // the state drawn (the one before the move being animated)
  next: GameView | null;           // the state being animated to, if any
  anim: BoardAnim | null;          // for the board: from where, how long
}

// `following`: the page shows the game's last ply (a past ply shown is not animated to).
export function useAnimatedView(view: GameView | null, following: boolean): AnimatedView {
  const [p, setP] = useState<Playback<GameView>>(EMPTY_PLAYBACK);
  const ref = useRef(p);
  const followRef = useRef(following);
  followRef.current = following;
  const settings = useTableSettings();
  const dur = (a: GameView, b: GameView) => (followRef.current ? moveMs(a, b, effectiveSpeed()) : 0);
  const put = (n: Playback<GameView>) => {
    ref.current = n;
    setP(n);
  };
  useEffect(() => {
    if (view) put(arrive(ref.current, view, dur));
  }, [view]);
  // The speed set to off (or the page went back to a past ply): what waits is shown at once.
  useEffect(() => {
    if (ref.current.next && (effectiveSpeed() === 'off' || !following)) put(flush(ref.current));
  }, [settings, following]);
  useEffect(() => {
    if (!p.next) return;
    const timer = setTimeout(() => put(finish(ref.current, dur)), p.ms);
    return () => clearTimeout(timer);
  }, [p.next, p.ms]);
  const anim = useMemo(() => (p.next && p.shown
    ? { prev: p.shown.board, ms: p.ms, speed: effectiveSpeed(), ply: p.next.ply } : null), [p.next]);
  return { view: p.shown ?? view, next: p.next, anim };
}
