// The game page's review of a finished game by the analysis queue: the button that asks for it
// (a signed-in player or a seat of the game), its place in the queue and its progress as the
// workers push it, then the chance-to-win graph, each side's accuracy and marked moves, and at
// the shown ply the chance to win, a proved result, and after a marked move the better one.
import type { GameView } from '../common/api';
import { errorText } from '../common/server_texts';
import { fillText, sideName } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import { countMarks, isMarked, markOf, moveBefore, percent } from './review_logic';
import { REVIEW_TEXTS } from './review_texts';
import type { Review } from './use_review';
import { WinGraph } from './win_graph';
import './review.css';

export function ReviewPanel({ view, ply, setPly, review, canRequest, signedIn }: {
  view: GameView; ply: number; setPly: (p: number) => void; review: Review; canRequest: boolean; signedIn: boolean;
}) {
  const { t } = useTexts();
  const rt = useDict(REVIEW_TEXTS);
  const a = review.analysis;
  const status = a?.status ?? (review.missing ? 'none' : 'loading');
  const moves = a?.moves ?? [];
  const here = a?.positions.find((p) => p.ply === ply);
  const played = moveBefore(moves, ply);
  const classText = (c: string) => (rt as Record<string, string>)[c] ?? c;
  return (
    <div class="card review" data-testid="review" data-review-status={status}>
      <h3>{rt.analysisTitle}</h3>
      {review.missing && (canRequest
        ? <button class="primary" data-action="request-analysis" onClick={review.request} disabled={review.requesting}>{rt.request}</button>
        : <p class="muted" data-testid="review-sign-in">{rt.signInToRequest}</p>)}
      {review.error !== null && <p class="error" role="alert">{errorText(t, review.error)}</p>}
      {a?.status === 'queued' && (
        <p data-testid="review-queued">{fillText(rt.queued, { n: Math.max(1, a.position_in_queue) })}</p>
      )}
      {a?.status === 'running' && (
        <div data-testid="review-progress">
          <div>{fillText(rt.running, { done: a.progress.done, total: a.progress.total })}</div>
          <progress max={Math.max(1, a.progress.total)} value={a.progress.done} />
        </div>
      )}
      {a?.status === 'failed' && <p class="error">{fillText(rt.failed, { error: a.error ?? '' })}</p>}
      {a && a.positions.length > 0 && (
        <>
          <WinGraph positions={a.positions} moves={moves} plies={view.ply} ply={ply} setPly={setPly} sides={view.sides}
                    label={rt.graphLabel} />
          <table class="review-sides" data-testid="review-sides">
            <thead>
              <tr><th /><th>{rt.accuracy}</th><th title={rt.inaccuracies}>?!</th><th title={rt.mistakes}>?</th><th title={rt.blunders}>??</th></tr>
            </thead>
            <tbody>
              {view.sides.map((side) => {
                const c = countMarks(moves, side);
                const acc = a.accuracy[side];
                return (
                  <tr key={side} data-side={side}>
                    <th>{sideName(t, side)}</th>
                    <td data-testid={`accuracy-${side}`} data-accuracy={acc ?? ''}>{acc === null || acc === undefined ? '—' : `${Math.round(acc)}%`}</td>
                    <td class="mark-inaccuracy" data-count="inaccuracy">{c.inaccuracy}</td>
                    <td class="mark-mistake" data-count="mistake">{c.mistake}</td>
                    <td class="mark-blunder" data-count="blunder">{c.blunder}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div class="review-here" data-testid="review-here" data-ply={ply}>
            {here && (
              <div data-testid="win-chance">
                {fillText(rt.winChance, { side: sideName(t, view.sides[0]), p: percent(here.win_chance_first) })}
              </div>
            )}
            {here?.proved && <div class="proved" data-testid="proved" data-proved={here.proved}>{fillText(rt.proved, { side: sideName(t, here.proved) })}</div>}
            {played && (
              <div class={`played mark-${played.class}`} data-testid="played" data-class={played.class}>
                {fillText(rt.played, { side: sideName(t, played.side), move: played.move_text })}
                {isMarked(played) && <b> {markOf(played.class)} {classText(played.class)}</b>}
              </div>
            )}
            {played?.book && <div class="muted small" data-testid="book-move">{rt.bookMove}</div>}
            {isMarked(played) && played.best_text && (
              <div class="best-was" data-testid="best-was" data-best={played.best_text}>
                {fillText(rt.bestWas, { move: played.best_text })}
              </div>
            )}
          </div>
          {signedIn && <a class="small" href="#/mistakes" data-action="mistakes">{rt.learnFromMistakes}</a>}
        </>
      )}
    </div>
  );
}
