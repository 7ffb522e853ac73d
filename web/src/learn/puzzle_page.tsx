// #/learn/puzzles/GAME (the next puzzle near my rating) and #/learn/puzzle/ID (one puzzle): the
// puzzle trainer. Each move goes to the server, which checks it against the proved solution;
// the opponent's reply is played after a short pause; a solved or failed puzzle changes the
// learner's puzzle rating (Glicko-2, computed by the server, kept in this browser for a guest),
// and after a fail the solution can be played through.
import { errorText } from '../common/server_texts';
import { BOARDS, BoardCounters, isFlipped, sideToMove } from '../boards';
import { useDict, useTexts } from '../common/texts_context';
import { LEARN_TEXTS } from './learn_texts'
import { type TryResult, goalNote, themeText } from './puzzles_api';
import { progressOwner } from './progress_sync';
import { usePuzzle, type Phase } from './use_puzzle';
import { fillText } from '../common/i18n';
import './learn.css';

interface Props {
  game?: string;
  id?: string;
}

export function PuzzlePage({ game: routeGame, id }: Props) {
  const { t, meta } = useTexts();
  const lt = useDict(LEARN_TEXTS);
  const {
    puzzle, summary, theme, setTheme, phase, board, legal, last, rated, error, game, rating,
    loadNext, onMove, playAnswer, resetRating,
  } = usePuzzle(routeGame, id);
  const Board = BOARDS[game]?.Board;
  const desc = meta.find((m) => m.name === game)?.board ?? {};
  const toMove = sideToMove(puzzle?.board);
  const themes = summary.find((s) => s.game === game)?.themes ?? [];
  const over = phase === 'solved' || phase === 'failed' || phase === 'answer';
  const change = last?.rating?.change;

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
              <div class="muted small" data-testid="puzzle-id">{fillText(lt.puzzleOf, { id: puzzle.id, rating: puzzle.rating })}</div>
              <p class="lesson-task" data-testid="task">
                {themeText(lt, `${puzzle.goal}-in-${puzzle.moves}`)}. {lt.findMove}
              </p>
              {goalNote(lt, puzzle.goal) && <p class="small" data-testid="goal-note">{goalNote(lt, puzzle.goal)}</p>}
              {toMove && <div class="small">{lt.yourSide} <i class={`stone-dot ${toMove}`} /> {toMove === 'white' ? t.white : t.black}</div>}
              <div class="puzzle-themes small muted">
                {puzzle.themes.map((th) => <span key={th} class="puzzle-theme-tag">{themeText(lt, th)}</span>)}
              </div>
              {puzzle.offline && <p class="small muted" data-testid="offline-puzzle">{lt.offlinePuzzle}</p>}
              {!rated && !puzzle.offline && <p class="small muted" data-testid="not-rated">{lt.notRated}</p>}
              <PuzzleFeedback phase={phase} last={last} goal={puzzle.goal} />
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
            <p><button class="link small" data-action="reset-rating" onClick={resetRating}>{lt.resetRating}</button></p>
          )}
        </div>
      </aside>
    </div>
  );
}

// What the trainer says after a move: keep going, a slower win, offline a move off the line,
// illegal, solved, failed (and the move expected).
function PuzzleFeedback({ phase, last, goal }: { phase: Phase; last: TryResult | null; goal: string }) {
  const lt = useDict(LEARN_TEXTS);
  if (phase === 'replying') return <div class="notice puzzle-feedback" role="status">{lt.opponentThinks}</div>;
  if (phase === 'asking' && last?.result === 'continue')
    return <div class="notice puzzle-feedback" data-feedback="continue" role="status">{fillText(lt.keepGoing, { move: last.reply ?? '' })}</div>;
  if (phase === 'asking' && last?.result === 'slower')
    return (
      <div class="notice puzzle-feedback" data-feedback="slower" role="status">
        {fillText(lt.slowerWin, { move: last.move ?? '', moves: String(last.wins_in ?? '') })}
      </div>
    );
  if (phase === 'asking' && last?.result === 'unchecked')
    return <div class="notice puzzle-feedback" data-feedback="unchecked" role="status">{lt.offlineUnchecked}</div>;
  if (phase === 'asking' && last?.result === 'illegal')
    return <div class="error puzzle-feedback" data-feedback="illegal" role="alert">{lt.illegal}</div>;
  if (phase === 'solved')
    return (
      <div class="notice puzzle-feedback" data-feedback="solved" role="status">
        <b>{lt.puzzleSolved}</b>
        {last?.reply && goalNote(lt, goal) && <> {fillText(lt.solvedAfterAnswer, { move: last.reply })}</>}
      </div>
    );
  if (phase === 'failed' || phase === 'answer')
    return (
      <div class="error puzzle-feedback" data-feedback="failed" role="alert">
        {fillText(lt.puzzleFailed, { move: last?.move ?? '', expected: last?.expected ?? '' })}
      </div>
    );
  return null;
}
