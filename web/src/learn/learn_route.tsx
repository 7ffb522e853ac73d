// #/learn (the list), #/learn/rules/GAME, #/learn/lesson/ID, #/learn/puzzles[/GAME], #/learn/puzzle/ID.
import type { MetaGame } from '../common/api';
import type { Dict } from '../common/i18n';
import { LearnPage } from './learn_page';
import { LessonPage } from './lesson_page';
import { PuzzlePage } from './puzzle_page';
import type { LearnDict } from './learn_texts';
import { RulesPage } from './rules_page';

export function LearnRoute({ route, t, lt, meta }: { route: string[]; t: Dict; lt: LearnDict; meta: MetaGame[] }) {
  if (route[1] === 'lesson' && route[2]) return <LessonPage key={route[2]} id={route[2]} t={t} lt={lt} meta={meta} />;
  if (route[1] === 'puzzles') return <PuzzlePage key={`g-${route[2] ?? ''}`} game={route[2]} t={t} lt={lt} meta={meta} />;
  if (route[1] === 'puzzle' && route[2]) return <PuzzlePage key={`p-${route[2]}`} id={route[2]} t={t} lt={lt} meta={meta} />;
  if (route[1] === 'rules' && route[2]) return <RulesPage key={route[2]} game={route[2]} t={t} lt={lt} meta={meta} />;
  return <LearnPage t={t} lt={lt} meta={meta} />;
}
