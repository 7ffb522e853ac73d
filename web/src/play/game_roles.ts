// Who this browser is at a game and what it may do there, from the state and the seat it holds:
// the one place the game page's buttons, notices and panels ask. Pure, so the unit tests check it.
import type { GameView } from '../common/api';

export interface GameRoles {
  mine: boolean;              // this browser plays the side to move
  canMove: boolean;           // ... and the position shown is the current one, the game on
  canAct: boolean;            // resign, offer a draw, undo: a seat here or the account's seat
  seated: boolean;            // holds a seat of a game being played (not a review)
  watching: boolean;          // a spectator of a game being played
  isPlayer: boolean;          // holds one seat (not both at a shared device)
  offerFromOther: boolean;    // the other player offers a draw
  opponentAway: boolean;      // a timed online game whose opponent's connection is gone
  analysisClosed: boolean;    // no engine while people (or a rated game) play: analysis_in_play
  rematch: GameView['rematch'] | null;  // the rematch as a player of a finished online game sees it
}

// me: the seat this browser holds ('both' at a shared device); hasToken: a seat token is kept
// here; shown: the ply the page shows.
export function gameRoles(view: GameView, me: string | undefined, hasToken: boolean, shown: number): GameRoles {
  const review = view.mode === 'review';
  const ongoing = view.status === 'ongoing';
  const mine = me === 'both' || (me !== undefined && me === view.to_move);
  // The account's seat (no token here) is known from `me` (the first state's "you"): a pushed
  // state, shared by every subscriber, carries no "you".
  const canAct = (hasToken || !!view.you || !!me) && ongoing && !review;
  const seated = !!me && !review;
  const isPlayer = seated && me !== 'both';
  // After a minute away the opponent's game can be claimed (the server says when).
  const opponent = me && me !== 'both' ? view.sides.find((s) => s !== me) : undefined;
  return {
    mine,
    canMove: ongoing && shown === view.ply && mine && !view.thinking && !review,
    canAct,
    seated,
    watching: !seated && !review,
    isPlayer,
    offerFromOther: !!view.draw_offer && !!me && me !== 'both' && view.draw_offer !== me,
    opponentAway: canAct && view.mode === 'online' && !!view.clock && !!opponent && view.presence?.[opponent]?.connected === false,
    analysisClosed: (view.mode === 'online' || (view.mode === 'ai' && !!view.rated)) && ongoing,
    // A tournament pairs its players' next games itself: no rematch there.
    rematch: view.mode === 'online' && view.status === 'finished' && isPlayer && !view.tournament ? view.rematch ?? null : null,
  };
}
