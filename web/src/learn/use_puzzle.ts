// The puzzle trainer's course: which puzzle, the board and the moves so far, the phase (asking,
// checking, the opponent replying, solved, failed, the answer played through), the learner's
// rating and what was seen and solved (puzzles_api.ts keeps them in this browser).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardData, LegalMove } from '../common/api';
import { ApiError } from '../common/api';
import { useTexts } from '../common/texts_context';
import {
  NEW_LEARNER, type PuzzleSummary, type PuzzleView, type Rating, type TryResult, puzzleRatings, puzzlesApi,
  seenPuzzles, solvedPuzzles, solvedSeals,
} from './puzzles_api';

const REPLY_MS = 600;   // the pause before the opponent's reply is shown
const ANSWER_MS = 900;  // between the plies of a solution played through

export type Phase = 'loading' | 'asking' | 'checking' | 'replying' | 'solved' | 'failed' | 'answer';

// `routeGame`: #/learn/puzzles/GAME (the next puzzle near the rating); `id`: #/learn/puzzle/ID.
export function usePuzzle(routeGame: string | undefined, id: string | undefined) {
  const { meta } = useTexts();
  const [puzzle, setPuzzle] = useState<PuzzleView | null>(null);
  const [summary, setSummary] = useState<PuzzleSummary[]>([]);
  const [start, setStart] = useState<Rating>(NEW_LEARNER);
  const [theme, setTheme] = useState('');
  const [phase, setPhase] = useState<Phase>('loading');
  const [board, setBoard] = useState<BoardData | null>(null);
  const [legal, setLegal] = useState<LegalMove[]>([]);
  const [moves, setMoves] = useState<string[]>([]);
  const [last, setLast] = useState<TryResult | null>(null);
  const [rated, setRated] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [, setTick] = useState(0);  // a rating reset: the rating is read again
  const timers = useRef<number[]>([]);
  const game = puzzle?.game ?? routeGame ?? meta[0]?.name ?? '';
  const rating = puzzleRatings.get(game, start);

  const later = (ms: number, f: () => void) => {
    timers.current.push(window.setTimeout(f, ms));
  };
  useEffect(() => () => timers.current.forEach((x) => clearTimeout(x)), []);

  const show = (p: PuzzleView) => {
    timers.current.forEach((x) => clearTimeout(x));
    timers.current = [];
    setPuzzle(p);
    setBoard(p.board);
    setLegal(p.legal);
    setMoves([]);
    setLast(null);
    setError(null);
    setRated(!p.offline && !seenPuzzles.get(p.game).includes(p.id));
    setPhase('asking');
  };
  const loadNext = (g: string, th: string) => {
    setPhase('loading');
    puzzlesApi.next(g, puzzleRatings.get(g, start).rating, th ? [th] : [], seenPuzzles.get(g))
      .then(show).catch((e) => { setError(e); setPhase('asking'); });
  };

  useEffect(() => {
    puzzlesApi.summary().then((s) => {
      setSummary(s.games);
      setStart(s.new_learner);
    }).catch(setError);
  }, []);
  useEffect(() => {
    setTheme('');
    if (id) puzzlesApi.get(id).then(show).catch(setError);
    else if (game) loadNext(game, '');
  }, [id, routeGame, meta.length]);

  const finish = (r: TryResult) => {
    if (!puzzle) return;
    seenPuzzles.add(puzzle.game, puzzle.id);
    if (r.result === 'solved') solvedPuzzles.add(puzzle.game, puzzle.id);
    if (r.solved_seal) solvedSeals.add(puzzle.game, puzzle.id, r.solved_seal);
    if (r.rating) puzzleRatings.set(puzzle.game, r.rating.after);
  };

  const onMove = (move: string) => {
    if (!puzzle || phase !== 'asking') return;
    const sent = [...moves, move];
    setPhase('checking');
    puzzlesApi.attempt(puzzle.id, sent, rated ? rating : null, puzzle.offline).then((r) => {
      setLast(r);
      // An illegal move, a win slower than the puzzle's, or offline a move off its line: the
      // board stays, the learner tries again.
      if (r.result === 'illegal' || r.result === 'slower' || r.result === 'unchecked') {
        setPhase('asking');
        return;
      }
      setBoard(r.board ?? null);
      if (r.result === 'failed') {
        finish(r);
        setPhase('failed');
        return;
      }
      const after = () => {
        if (r.reply_board) setBoard(r.reply_board);
        if (r.result === 'solved') {
          finish(r);
          setPhase('solved');
        } else {
          setMoves(sent);
          setLegal(r.legal ?? []);
          setPhase('asking');
        }
      };
      if (r.reply_board) {
        setPhase('replying');
        later(REPLY_MS, after);
      } else {
        after();
      }
    }).catch((e) => {
      // A rating this browser kept that the server cannot go on from starts afresh.
      if (e instanceof ApiError && e.code === 'bad_rating') puzzleRatings.reset(puzzle.game);
      setError(e);
      setPhase('asking');
    });
  };

  const playAnswer = () => {
    if (!puzzle || !last?.answer) return;
    setPhase('answer');
    setBoard(puzzle.board);
    last.answer.forEach((ply, i) => later(ANSWER_MS * (i + 1), () => setBoard(ply.board)));
  };

  const resetRating = () => {
    puzzleRatings.reset(game);
    setTick((n) => n + 1);
  };
  return {
    puzzle, summary, theme, setTheme, phase, board, legal, last, rated, error, game, rating,
    loadNext, onMove, playAnswer, resetRating,
  };
}
