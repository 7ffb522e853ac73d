// The learning pages offline: GET /api/learn/offline (the service worker keeps a copy) holds every
// lesson with each legal move's answer, and a puzzle pack with the solutions' lines. When a
// lesson or puzzle request fails for want of a network (not a server's error), the answer comes
// from the pack: a lesson exactly as the server would judge it; a puzzle by its solution's line
// only (a move off the line is "unchecked", never failed: the server alone proves other wins),
// and unrated — no rating changes offline (docs/web.md "Offline").
import { ApiError, call, type BoardData, type LegalMove } from '../common/api';
import type { Attempt, LessonFull, LessonStep, LessonSummary } from './learn_api';
import type { PuzzleSummary, PuzzleView, TryResult } from './puzzles_api';

export interface OfflineLesson extends LessonFull {
  steps: (LessonStep & { answers: Record<string, Attempt> })[];
}

// One solver move of a puzzle's line: the moves that play it, the board after, the defender's
// reply, and the next solver move's legal moves (or solved).
export interface LineStep {
  accept: string[];
  move: string;
  board: BoardData;
  reply?: string;
  reply_board?: BoardData;
  legal?: LegalMove[];
  solved?: boolean;
}

export interface OfflinePuzzle extends PuzzleView {
  line: LineStep[];
}

export interface OfflinePack {
  lessons: OfflineLesson[];
  puzzles: OfflinePuzzle[];
}

let pack: Promise<OfflinePack> | null = null;

export function offlinePack(): Promise<OfflinePack> {
  pack ??= call<OfflinePack>('GET', '/api/learn/offline').catch((e) => {
    pack = null;
    throw e;
  });
  return pack;
}

// fetch() rejects with a TypeError when there is no network; a server's answer is an ApiError.
export function isNetworkFailure(e: unknown): boolean {
  return e instanceof TypeError;
}

// The server's answer, or offline the pack's.
export async function orOffline<T>(online: () => Promise<T>, offline: (p: OfflinePack) => T): Promise<T> {
  try {
    return await online();
  } catch (e) {
    if (!isNetworkFailure(e)) throw e;
    return offline(await offlinePack());
  }
}

const summary = ({ id, game, topic, title, steps }: LessonFull): LessonSummary => ({ id, game, topic, title, steps: steps.length });

function lessonIn(p: OfflinePack, id: string): OfflineLesson {
  const l = p.lessons.find((x) => x.id === id);
  if (!l) throw new ApiError(404, `no lesson ${id}`, 'no_such_lesson', { id });
  return l;
}

export const offlineLessons = {
  list: (p: OfflinePack, game?: string) => ({ lessons: p.lessons.filter((l) => !game || l.game === game).map(summary) }),
  get: (p: OfflinePack, id: string): LessonFull => lessonIn(p, id),
  // `step` from 1, as the server's route numbers them.
  attempt(p: OfflinePack, id: string, step: number, move: string): Attempt {
    const answer = lessonIn(p, id).steps[step - 1]?.answers[move];
    return answer ?? { legal: false, correct: false, reason: `${move} is not a legal move here`, explanation: null,
      board: null, end: null, next: null };
  },
};

function puzzleIn(p: OfflinePack, id: string): OfflinePuzzle {
  const x = p.puzzles.find((q) => q.id === id);
  if (!x) throw new ApiError(404, `no puzzle ${id}`, 'no_such_puzzle', { id });
  return x;
}

// What the trainer shows of a pack's puzzle: the view, marked as offline.
const viewOf = ({ line: _line, ...view }: OfflinePuzzle): PuzzleView => ({ ...view, offline: true });

export const offlinePuzzles = {
  summary(p: OfflinePack): PuzzleSummary[] {
    const games = [...new Set(p.puzzles.map((x) => x.game))];
    return games.map((game) => {
      const mine = p.puzzles.filter((x) => x.game === game);
      const themes = new Map<string, number>();
      for (const x of mine) for (const th of x.themes) themes.set(th, (themes.get(th) ?? 0) + 1);
      const ratings = mine.map((x) => x.rating);
      return { game, puzzles: mine.length, themes: [...themes].sort().map(([theme, count]) => ({ theme, count })),
        min_rating: Math.min(...ratings), max_rating: Math.max(...ratings) };
    });
  },
  // As the server picks: the unseen puzzle nearest the rating with any of the themes, else the
  // nearest seen one; ties go to the first in the pack.
  next(p: OfflinePack, game: string, rating: number, themes: string[], seen: string[]): PuzzleView {
    const fits = p.puzzles.filter((x) => x.game === game && (!themes.length || x.themes.some((t) => themes.includes(t))));
    const nearest = (xs: OfflinePuzzle[]) =>
      xs.reduce<OfflinePuzzle | null>((b, x) => (!b || Math.abs(x.rating - rating) < Math.abs(b.rating - rating) ? x : b), null);
    const best = nearest(fits.filter((x) => !seen.includes(x.id))) ?? nearest(fits);
    if (!best) throw new ApiError(404, `no ${game} puzzle offline`, 'no_matching_puzzle', { game, themes: themes.join(',') });
    return viewOf(best);
  },
  get: (p: OfflinePack, id: string): PuzzleView => viewOf(puzzleIn(p, id)),
  // The learner's solver moves so far; all but the last were the line's (the trainer stops otherwise).
  attempt(p: OfflinePack, id: string, moves: string[]): TryResult {
    const line = puzzleIn(p, id).line;
    const index = moves.length - 1;
    const step = line[index];
    if (!step || !step.accept.includes(moves[index])) return { result: 'unchecked', index, offline: true };
    const solved = !!step.solved || index + 1 === line.length;
    return {
      result: solved ? 'solved' : 'continue', index, move: step.move, board: step.board, offline: true,
      ...(step.reply ? { reply: step.reply, reply_board: step.reply_board } : {}),
      ...(solved ? {} : { legal: step.legal ?? [] }),
    };
  },
};
