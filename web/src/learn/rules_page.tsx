// #/learn/rules/GAME: the rules of one game (written from ../shared/rules/*.md) in the UI
// language, with live diagrams.
import { pick } from './learn_api';
import { RULES } from './rules_content';
import { RulesDiagram } from './rules_diagram';
import { PieceMovesPicture } from './piece_moves_picture';
import type { PieceKind } from './piece_moves';
import { fillText } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import { LEARN_TEXTS } from './learn_texts';
import './learn.css';

export function RulesPage({ game }: { game: string }) {
  const { t } = useTexts();
  const lt = useDict(LEARN_TEXTS);
  const doc = RULES[game];
  if (!doc) return <div class="card">{lt.notFound}</div>;
  return (
    <article class="rules-page" data-rules={game}>
      <section class="card">
        <div class="muted small"><a href="#/learn">{lt.backToLearn}</a></div>
        <h1>{pick(doc.title, t.lang)}</h1>
        <p>{pick(doc.summary, t.lang)}</p>
      </section>
      {doc.sections.map((s, i) => (
        <section key={i} class={`card rules-section ${s.diagram ? 'with-diagram' : ''}`}>
          <div>
            <h2>{pick(s.heading, t.lang)}</h2>
            <ul>{s.points.map((p, j) => <li key={j}>{pick(p, t.lang)}</li>)}</ul>
            {s.pieces && (
              <div class="piece-moves">
                {s.pieces.map((p) => (
                  <figure key={p.kind} class="piece-moves-entry" data-piece-moves={p.kind}>
                    <PieceMovesPicture kind={p.kind as PieceKind} label={p.label}
                                       title={fillText(lt.whereItGoes, { piece: p.label })} />
                    <figcaption>{pick(p.text, t.lang)}</figcaption>
                  </figure>
                ))}
              </div>
            )}
          </div>
          {s.diagram && <RulesDiagram game={game} d={s.diagram} />}
        </section>
      ))}
      <section class="card">
        <a class="button primary" href="#/learn">{lt.lessons}</a>
      </section>
    </article>
  );
}
