// The move list of the game page: the plies in record notation, two a row, with the buttons that
// step through them.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameView } from '../common/api';
import { useTexts } from '../common/texts_context';

// The move list: rows of two plies, drawn only near what is in view (a game may have 160,000
// plies), with a fixed row height so that the scroll position tells which rows those are.
const ROW_H = 28;
const ROWS_AROUND = 40;

// `marks`: the review's annotation of a move ("?!", "?", "??") by its index, with its class name
// (inaccuracy, mistake, blunder) for the colour and its words for the title.
export interface MoveMark {
  mark: string;
  cls: string;
  title: string;
}

export function MoveList({ view, ply, setPly, marks }: {
  view: GameView; ply: number; setPly: (p: number) => void; marks?: Map<number, MoveMark>;
}) {
  const { t } = useTexts();
  const ref = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState(0);
  const nRows = Math.ceil(view.moves.length / 2);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const y = Math.max(0, Math.floor((ply - 1) / 2)) * ROW_H;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = y + ROW_H - el.clientHeight;
    setTop(el.scrollTop);
  }, [ply, view.moves.length]);
  const first = Math.max(0, Math.floor(top / ROW_H) - ROWS_AROUND);
  const last = Math.min(nRows, Math.floor(top / ROW_H) + 2 * ROWS_AROUND);
  const rows = [];
  for (let r = first; r < last; ++r) {
    const i = 2 * r;
    rows.push(
      <li key={i} class={r % 2 ? 'odd' : 'even'} style={`height:${ROW_H}px`}>
        <span class="move-no">{r + 1}.</span>
        {[i, i + 1].map((k) => k < view.moves.length && (
          <button key={k} class={`move ${ply === k + 1 ? 'current' : ''}`} data-ply={k + 1} onClick={() => setPly(k + 1)}
                  data-mark={marks?.get(k)?.cls}>
            {view.moves[k]}
            {marks?.get(k) && <span class={`move-mark mark-${marks.get(k)!.cls}`} title={marks.get(k)!.title}>{marks.get(k)!.mark}</span>}
          </button>
        ))}
      </li>,
    );
  }
  const end = view.ply;
  return (
    <div class="card moves-panel">
      <h3>{t.moves}</h3>
      <ol class="move-list" ref={ref} data-testid="move-list" data-rows={nRows}
          onScroll={(e) => setTop((e.currentTarget as HTMLOListElement).scrollTop)}>
        {first > 0 && <li class="spacer" aria-hidden="true" style={`height:${first * ROW_H}px`} />}
        {rows}
        {last < nRows && <li class="spacer" aria-hidden="true" style={`height:${(nRows - last) * ROW_H}px`} />}
      </ol>
      <div class="nav-buttons">
        <button data-nav-ply="first" onClick={() => setPly(0)} disabled={ply === 0} title="⏮">|◀</button>
        <button data-nav-ply="prev" onClick={() => setPly(Math.max(0, ply - 1))} disabled={ply === 0} title={t.prev}>◀</button>
        <button data-nav-ply="next" onClick={() => setPly(Math.min(end, ply + 1))} disabled={ply === end} title={t.next}>▶</button>
        <button data-nav-ply="last" onClick={() => setPly(end)} disabled={ply === end} title="⏭">▶|</button>
      </div>
    </div>
  );
}
