// The analysis board's card on a game under review: on the game line, the invitation to try a
// move; in a side line, where it leaves the game, its moves, the engine's chance to win and line
// for its position, and the buttons that step back and return to the game.
import type { GameView } from '../common/api';
import { fillText, sideName } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import { percent } from './review_logic';
import { REVIEW_TEXTS } from './review_texts';
import { sideLineText } from './side_line';
import './review.css';
import type { SideLine } from './use_side_line';

export function SideLinePanel({ view, side }: { view: GameView; side: SideLine }) {
  const { t } = useTexts();
  const rt = useDict(REVIEW_TEXTS);
  const s = side.state;
  const l = side.line;
  const moves = sideLineText(side.at?.history ?? [], s);
  const line = l?.pv_text?.length ? l.pv_text : l?.pv ?? [];
  return (
    <div class="card side-line" data-testid="side-line" data-side-moves={s ? s.moves.length : 0}
         data-ready={side.at ? 'yes' : 'no'}>
      <h3>{rt.analysisBoard}</h3>
      {!s && <p class="muted small" data-testid="side-hint">{rt.tryAMove}</p>}
      {s && (
        <>
          <div data-testid="side-from" data-from={s.from}>
            {s.from === 0 ? rt.sideLineStart : fillText(rt.sideLineFrom, { move: gameMove(view, s.from) })}{' '}
            <b data-testid="side-moves">{moves.join(' ')}</b>
          </div>
          {side.at?.over && <div data-testid="side-over">{rt.sideOver}</div>}
          {!side.at?.over && (l && !l.error
            ? <div data-testid="side-eval" data-done={l.done ? 'yes' : 'no'}>
                {l.win_chance_first !== undefined && (
                  <b>{fillText(rt.winChance, { side: sideName(t, view.sides[0]), p: percent(l.win_chance_first) })}</b>
                )}
                {l.depth ? <span class="muted small"> · {fillText(rt.depth, { d: l.depth })}</span> : null}
                <div><span class="muted">{rt.engineLine}:</span> <code data-testid="side-pv">{line.join(' ') || '—'}</code></div>
              </div>
            : <div class="muted" data-testid="side-thinking">{l?.error ?? rt.thinking}</div>)}
          <div class="side-line-actions">
            <button data-action="side-back" onClick={side.back}>{rt.sideBack}</button>
            <button class="primary" data-action="side-return" onClick={side.leave}>{rt.sideReturn}</button>
          </div>
        </>
      )}
    </div>
  );
}

// The game's move that led to the position after `ply` plies, numbered as the move list numbers
// it ("3. 76", "3… 98").
function gameMove(view: GameView, ply: number): string {
  return `${Math.ceil(ply / 2)}${ply % 2 ? '.' : '…'} ${view.moves[ply - 1] ?? ''}`;
}
