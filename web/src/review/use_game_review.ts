// The review as the game page uses it: the analysis (useReview), each marked move's annotation for
// the move list, and after a marked move the better move's pit, cells or point for the board.
import type { GameView } from '../common/api';
import { useDict } from '../common/texts_context';
import type { MoveMark } from '../play/move_list';
import { isMarked, markOf, moveBefore, moveMarks } from './review_logic';
import { REVIEW_TEXTS } from './review_texts';
import { useReview, type AnalysisPush, type Review } from './use_review';

export interface GameReview {
  review: Review;
  marks: Map<number, MoveMark>;
  boardMarks: string[] | undefined;
}

export function useGameReview(id: string, view: GameView | null, shown: number, token: string,
                              push: AnalysisPush | null): GameReview {
  const rt = useDict(REVIEW_TEXTS);
  const review = useReview(id, view?.status === 'finished', token, push);
  const moves = review.analysis?.moves ?? [];
  const marks = new Map<number, MoveMark>();
  for (const m of moves)
    if (isMarked(m)) marks.set(m.ply, { mark: markOf(m.class), cls: m.class, title: (rt as Record<string, string>)[m.class] ?? m.class });
  const played = moveBefore(moves, shown);
  const boardMarks = view && isMarked(played) ? moveMarks(view.game, played.best_move, played.side) : undefined;
  return { review, marks, boardMarks };
}
