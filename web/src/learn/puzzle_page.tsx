// #/learn/puzzles/GAME (the next puzzle near my rating) and #/learn/puzzle/ID (one puzzle): the
// puzzle trainer. Each move goes to the server, which checks it against the proved solution;
// the opponent's reply is played after a short pause; a solved or failed puzzle changes the
// learner's puzzle rating (Glicko-2, computed by the server, kept in this browser for a guest),
// and after a fail the solution can be played through.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardData, LegalMove } from '../common/api';
import { ApiError } from '../common/api';
import { errorText } from '../common/server_texts';
import { BOARDS, BoardCounters, isFlipped, sideToMove } from '../boards';
import { fill } from './learn_texts';
import {
  NEW_LEARNER, type PuzzleSummary, type PuzzleView, type Rating, type TryResult, puzzleRatings, puzzlesApi,
  seenPuzzles, solvedPuzzles, solvedSeals, themeText,
} from './puzzles_api';
import { progressOwner } from './progress_sync';
import './learn.css';
import { useDict, useTexts } from '../common/texts_context';
import { LEARN_TEXTS } from './learn_texts';

const REPLY_MS = 600;   // the pause before the opponent's reply is shown
const ANSWER_MS = 900;  // between the plies of a solution played through

type Phase = 'loading' | 'asking' | 'checking' | 'replying' | 'solved' | 'failed' | 'answer';

interface Props {
  game?: string;
  id?: string;
}

export function PuzzlePage({ game: routeGame, id }: Props) {
  const { t, meta } = useTexts();
  const lt = useDict(LEARN_TEXTS);
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
  const [, setTick] = useState(0);
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
    setRated(!seenPuzzles.get(p.game).includes(p.id));
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
    puzzlesApi.attempt(puzzle.id, sent, rated ? rating : null).then((r) => {
      setLast(r);
      if (r.result === 'illegal') {
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

  const Board = BOARDS[game]?.Board;
  const desc = meta.find((m) => m.name === game)?.board ?? {};
  const toMove = sideToMove(puzzle?.board);
  const themes = summary.find((s) => s.game === game)?.themes ?? [];
  const over = phase === 'solved' || phase === 'failed' || phase === 'answer';
  const change = last?.rating?.change;

  let feedback = null;
  if (phase === 'replying') feedback = <div class="notice puzzle-feedback" role="status">{lt.opponentThinks}</div>;
  else if (phase === 'asking' && last?.result === 'continue')
    feedback = <div class="notice puzzle-feedback" data-feedback="continue" role="status">{fill(lt.keepGoing, { move: last.reply ?? '' })}</div>;
  else if (phase === 'asking' && last?.result === 'illegal')
    feedback = <div class="error puzzle-feedback" data-feedback="illegal" role="alert">{lt.illegal}</div>;
  else if (phase === 'solved')
    feedback = <div class="notice puzzle-feedback" data-feedback="solved" role="status"><b>{lt.puzzleSolved}</b></div>;
  else if (phase === 'failed' || phase === 'answer')
    feedback = (
      <div class="error puzzle-feedback" data-feedback="failed" role="alert">
        {fill(lt.puzzleFailed, { move: last?.move ?? '', expected: last?.expected ?? '' })}
      </div>
    );

  return (
    <div class={`lesson-page puzzle-page game-${game}`} data-puzzle={puzzle?.id ?? ''} data-state={phase}>
      <section class="board-column lesson-board">
        {Board && board && <Board board={board} desc={desc} legal={phase === 'asking' ? legal : []} live={!over}
                                  flipped={isFlipped(game, toMove)} onMove={onMove} t={t} />}
        {board && <BoardCounters game={game} board={board} t={t} />}
      </section>
      <aside class="side-panel">
        <div class="card">
          <div class="muted small"><a href="#/learn" data-action="back">{lt.backToLearn}</a></div>
          <h1 class="lesson-title">{lt.puzzles}</h1>
          <nav class="puzzle-games">
            {meta.filter((m) => BOARDS[m.name]).map((m) => (
              <a key={m.name} href={`#/learn/puzzles/${m.name}`} class={`button small${m.name === game ? ' primary' : ''}`}
                 data-puzzle-game={m.name}>{(t as Record<string, string>)[m.name] ?? m.title}</a>
            ))}
          </nav>
          <div class="puzzle-rating" data-testid="rating" data-rating={Math.round(rating.rating)}>
            {lt.puzzleRating}: <b>{Math.round(rating.rating)}</b>
            {rating.rd > 110 && <span class="muted small"> ({lt.provisional})</span>}
            {change !== undefined && (
              <span class={`rating-change ${change >= 0 ? 'up' : 'down'}`} data-testid="rating-change">
                {' '}{change >= 0 ? `+${change}` : `${change}`}
              </span>
            )}
          </div>
          <label class="puzzle-theme">{lt.theme}{' '}
            <select data-theme-select value={theme} onChange={(e) => {
              const th = (e.target as HTMLSelectElement).value;
              setTheme(th);
              loadNext(game, th);
            }}>
              <option value="">{lt.allThemes}</option>
              {themes.map((th) => <option key={th.theme} value={th.theme}>{themeText(lt, th.theme)} ({th.count})</option>)}
            </select>
          </label>
          {error !== null && <div class="error" role="alert" data-testid="error">{errorText(t, error)}</div>}
          {puzzle && (
            <>
              <div class="muted small" data-testid="puzzle-id">{fill(lt.puzzleOf, { id: puzzle.id, rating: puzzle.rating })}</div>
              <p class="lesson-task" data-testid="task">
                {themeText(lt, `${puzzle.goal}-in-${puzzle.moves}`)}. {lt.findMove}
              </p>
              {toMove && <div class="small">{lt.yourSide} <i class={`stone-dot ${toMove}`} /> {toMove === 'white' ? t.white : t.black}</div>}
              <div class="puzzle-themes small muted">
                {puzzle.themes.map((th) => <span key={th} class="puzzle-theme-tag">{themeText(lt, th)}</span>)}
              </div>
              {!rated && <p class="small muted" data-testid="not-rated">{lt.notRated}</p>}
              {feedback}
              {(phase === 'answer') && last?.answer && (
                <p data-testid="answer">{lt.answer}{' '}
                  {last.answer.map((a, i) => <b key={i} class={i % 2 ? 'reply-move' : 'solver-move'}>{a.move} </b>)}
                </p>
              )}
              <div class="lesson-buttons">
                {phase === 'failed' && <button class="primary" data-action="show-answer" onClick={playAnswer}>{lt.showAnswer}</button>}
                {over && <button class={phase === 'failed' ? '' : 'primary'} data-action="next-puzzle"
                                 onClick={() => { if (id) location.hash = `#/learn/puzzles/${game}`; else loadNext(game, theme); }}>
                  {lt.nextPuzzle}</button>}
              </div>
            </>
          )}
          {progressOwner() === null && (  // an account's rating is the server's
            <p><button class="link small" data-action="reset-rating" onClick={() => {
              puzzleRatings.reset(game);
              setTick((n) => n + 1);
            }}>{lt.resetRating}</button></p>
          )}
        </div>
      </aside>
    </div>
  );
}
