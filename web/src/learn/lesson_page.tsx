// #/learn/lesson/ID: one lesson, step by step. The step's position is drawn by the game's play
// board; the learner's move goes to the server, which says whether it is the one asked for and,
// if not, why; a finished lesson is remembered in this browser.
import { useEffect, useState } from 'preact/hooks';
import type { BoardData, CapgoBoardData, LegalMove } from '../common/api';
import { errorText } from '../common/server_texts';
import { BOARDS, BoardCounters, isFlipped, sideToMove } from '../boards';
import { goEmptyPoints } from '../boards/geometry';
import { type Attempt, type LessonFull, type LessonSummary, lessonsApi, pick, progress } from './learn_api';
import { useDict, useTexts } from '../common/texts_context';
import { LEARN_TEXTS } from './learn_texts';
import { fillText } from '../common/i18n';
import './learn.css';

interface Props {
  id: string;
}

export function LessonPage({ id }: Props) {
  const { t, meta } = useTexts();
  const lt = useDict(LEARN_TEXTS);
  const [lesson, setLesson] = useState<LessonFull | null>(null);
  const [siblings, setSiblings] = useState<LessonSummary[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [index, setIndex] = useState(0);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [hint, setHint] = useState(false);
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);
  const lang = t.lang;

  useEffect(() => {
    setLesson(null);
    setIndex(0);
    setAttempt(null);
    setHint(false);
    setFinished(false);
    lessonsApi.get(id).then((l) => {
      setLesson(l);
      return lessonsApi.list(l.game).then((r) => setSiblings(r.lessons));
    }).catch(setError);
  }, [id]);

  if (error) return <div class="card error" role="alert" data-testid="error">{errorText(t, error)}</div>;
  if (!lesson) return <div class="card muted">…</div>;

  const step = lesson.steps[index];
  const Board = BOARDS[lesson.game]?.Board;
  const desc = meta.find((m) => m.name === lesson.game)?.board ?? {};
  const solved = !!attempt?.correct;
  const shown: BoardData = attempt?.reply_board ?? attempt?.board ?? step.board;
  const toMove = sideToMove(step.board);
  const last = index + 1 === lesson.steps.length;
  const at = siblings.findIndex((s) => s.id === lesson.id);
  const nextLesson = at >= 0 && at + 1 < siblings.length ? siblings[at + 1] : null;

  // Capture Go: every empty point can be tried, so a forbidden one (suicide, superko) gets the
  // lesson's explanation instead of doing nothing.
  const tryable = (): LegalMove[] => {
    if (lesson.game !== 'capgo') return step.legal;
    return goEmptyPoints((step.board as CapgoBoardData).rows ?? [], String(desc.columns ?? ''))
      .map((point) => ({ move: point, point }));
  };
  const pass = step.legal.find((m) => m.pass);
  const onMove = (move: string) => {
    if (busy || attempt) return;
    setBusy(true);
    lessonsApi.attempt(lesson.id, index + 1, move).then((a) => {
      setAttempt(a);
      if (a.correct && last) {
        progress.finish(lesson.id);
        setFinished(true);
      }
    }).catch(setError).finally(() => setBusy(false));
  };
  const again = () => setAttempt(null);
  const next = () => {
    setIndex(index + 1);
    setAttempt(null);
    setHint(false);
  };

  let feedback = null;
  if (attempt?.correct) {
    feedback = (
      <div class="notice lesson-feedback" data-feedback="correct" role="status">
        <b>{lt.correct}</b> {pick(attempt.done, lang)}
        {attempt.reply && <div>{lt.reply} <b data-testid="reply">{attempt.reply}</b></div>}
      </div>
    );
  } else if (attempt) {
    const text = pick(attempt.explanation, lang);
    feedback = (
      <div class="error lesson-feedback" data-feedback={attempt.legal ? 'wrong' : 'illegal'} role="alert">
        <b>{attempt.legal ? lt.wrong : lt.illegal}</b> <span data-testid="explanation">{text}</span>
        {!attempt.legal && !text && attempt.reason && <div class="small">{attempt.reason}</div>}
      </div>
    );
  }

  return (
    <div class={`lesson-page game-${lesson.game}`} data-lesson={lesson.id} data-step={index + 1}
         data-steps={lesson.steps.length} data-state={finished ? 'finished' : solved ? 'solved' : attempt ? 'wrong' : 'asking'}>
      <section class="board-column lesson-board">
        {Board && <Board board={shown} desc={desc} legal={attempt || busy ? [] : tryable()} live={!attempt}
                         flipped={isFlipped(lesson.game, toMove)} onMove={onMove} t={t}
                         marks={step.marks} />}
        <BoardCounters game={lesson.game} board={shown} t={t} />
      </section>
      <aside class="side-panel">
        <div class="card">
          <div class="muted small"><a href="#/learn" data-action="back">{lt.backToLearn}</a></div>
          <h1 class="lesson-title">{pick(lesson.title, lang)}</h1>
          {index === 0 && lesson.intro && <p class="lesson-intro">{pick(lesson.intro, lang)}</p>}
          <div class="muted small" data-testid="step-count">{fillText(lt.step, { n: index + 1, m: lesson.steps.length })}</div>
          {toMove && <div class="small">{lt.yourSide} <i class={`stone-dot ${toMove}`} /> {toMove === 'white' ? t.white : t.black}</div>}
          <p class="lesson-task" data-testid="task">{pick(step.task, lang)}</p>
          {feedback}
          {finished && <div class="notice" data-testid="lesson-done"><b>{lt.lessonDone}</b></div>}
          {hint && !solved && <p class="lesson-hint" data-testid="hint">{pick(step.hint, lang)}</p>}
          <div class="lesson-buttons">
            {pass && !attempt && <button data-action="pass" onClick={() => onMove(pass.move)}>{t.pass}</button>}
            {!solved && !hint && <button data-action="hint" onClick={() => setHint(true)}>{lt.hint}</button>}
            {attempt && !solved && <button class="primary" data-action="again" onClick={again}>{lt.tryAgain}</button>}
            {solved && !last && <button class="primary" data-action="next-step" onClick={next}>{lt.nextStep}</button>}
            {finished && nextLesson && <a class="button primary" data-action="next-lesson" href={`#/learn/lesson/${nextLesson.id}`}>{lt.nextLesson}</a>}
            {finished && <a class="button" href="#/learn">{lt.backToLearn}</a>}
          </div>
        </div>
      </aside>
    </div>
  );
}
