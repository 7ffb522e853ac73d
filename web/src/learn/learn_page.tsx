// #/learn: for every game on this server, its rules page and its lessons, with the lessons the
// learner has finished marked (a guest's may be reset; an account's are the server's).
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../common/server_texts';
import { type LessonSummary, lessonsApi, pick, progress } from './learn_api';
import { progressOwner } from './progress_sync';
import { RULES } from './rules_content';
import { useDict, useTexts } from '../common/texts_context';
import { LEARN_TEXTS } from './learn_texts';
import { fillText } from '../common/i18n';
import './learn.css';
import { Icon } from '../common/icons';

export function LearnPage() {
  const { t, meta } = useTexts();
  const lt = useDict(LEARN_TEXTS);
  const [lessons, setLessons] = useState<LessonSummary[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    lessonsApi.list().then((r) => setLessons(r.lessons)).catch(setError);
  }, []);
  const done = progress.all();
  return (
    <div class="learn-page">
      <section class="card">
        <h1>{lt.learn}</h1>
        <p class="muted">{lt.learnIntro}</p>
        {error !== null && <div class="error" role="alert">{errorText(t, error)}</div>}
      </section>
      <div class="learn-games">
        {meta.map((g) => {
          const mine = (lessons ?? []).filter((l) => l.game === g.name);
          const finished = mine.filter((l) => l.id in done).length;
          return (
            <section class="card learn-game" key={g.name} data-learn-game={g.name}>
              <h2>{(t as Record<string, string>)[g.name] ?? g.title}</h2>
              {RULES[g.name] && <a class="button" href={`#/learn/rules/${g.name}`} data-rules-link={g.name}><Icon name="book" /> {lt.readRules}</a>}
              {' '}<a class="button" href={`#/learn/puzzles/${g.name}`} data-puzzles-link={g.name}><Icon name="puzzle" /> {lt.solvePuzzles}</a>
              <h3 class="learn-lessons-title">{lt.lessons}
                {mine.length > 0 && <span class="muted small"> · {fillText(lt.doneCount, { n: finished, m: mine.length })}</span>}</h3>
              <ol class="lesson-list">
                {mine.map((l) => (
                  <li key={l.id} class={l.id in done ? 'lesson-done' : ''}>
                    <a href={`#/learn/lesson/${l.id}`} data-lesson-link={l.id}>{pick(l.title, t.lang)}</a>
                    <span class="muted small"> · {l.steps} {lt.steps}</span>
                    {l.id in done && <span class="done-mark" data-done={l.id} title={lt.done}> <Icon name="check" /></span>}
                  </li>
                ))}
              </ol>
            </section>
          );
        })}
      </div>
      {Object.keys(done).length > 0 && progressOwner() === null && (
        <p><button class="link" data-action="reset-progress" onClick={() => {
          progress.reset();
          setTick((n) => n + 1);
        }}>{lt.resetProgress}</button></p>
      )}
    </div>
  );
}
