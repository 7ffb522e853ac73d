// #/learn (the list), #/learn/rules/GAME, #/learn/lesson/ID, #/learn/puzzles[/GAME], #/learn/puzzle/ID.
import { LearnPage } from './learn_page';
import { LessonPage } from './lesson_page';
import { PuzzlePage } from './puzzle_page';
import { RulesPage } from './rules_page';


export function LearnRoute({ route }: { route: string[] }) {
  if (route[1] === 'lesson' && route[2]) return <LessonPage key={route[2]} id={route[2]} />;
  if (route[1] === 'puzzles') return <PuzzlePage key={`g-${route[2] ?? ''}`} game={route[2]} />;
  if (route[1] === 'puzzle' && route[2]) return <PuzzlePage key={`p-${route[2]}`} id={route[2]} />;
  if (route[1] === 'rules' && route[2]) return <RulesPage key={route[2]} game={route[2]} />;
  return <LearnPage />;
}
