// Review with the engine: every position of the game analysed over the analysis channel (each
// request the game's start and its moves up to that ply; the server replays them), a score graph
// over the game (from the first player's view), the best line at the shown move, and there the
// first side's chance to win in words (the engine's score only as a tooltip); where the search
// proved the position (capture Go's perfect-play table or solver, a mate), the proof and the
// winning move instead of an estimate.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameView } from '../common/api';
import { AnalysisChannel, type AnalysisLine } from './analysis_channel';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import { fillText, sideName } from '../common/i18n';
import { percent } from '../review/review_logic';
import { REVIEW_TEXTS } from '../review/review_texts';

const CLAMP = 1000;

// A finished game's last position scores its result (the engine has nothing to say there).
function resultValue(result: string): number | null {
  return result === '1-0' ? CLAMP : result === '0-1' ? -CLAMP : result === '1/2-1/2' ? 0 : null;
}

function graphValue(l: AnalysisLine | undefined): number | null {
  if (!l || l.error) return null;
  const sign = l.score_first === l.score ? 1 : -1;
  if (l.mate !== undefined) return sign * (l.mate > 0 ? CLAMP : -CLAMP);
  return Math.max(-CLAMP, Math.min(CLAMP, l.score_first));
}

export function AnalysisPanel({ view, ply, setPly, engine, resultLabel }: {
  view: GameView; ply: number; setPly: (p: number) => void; engine: string;
  resultLabel: string;  // the finished game's result and reason, shown at its last position;
}) {
  const { t } = useTexts();
  const rt = useDict(REVIEW_TEXTS);
  const [lines, setLines] = useState<(AnalysisLine | undefined)[]>([]);
  const [running, setRunning] = useState(false);
  const channel = useRef<AnalysisChannel | null>(null);
  useEffect(() => () => channel.current?.close(), []);
  useEffect(() => setLines([]), [view.id]);

  const analyse = async () => {
    if (running) return;
    setRunning(true);
    channel.current ??= new AnalysisChannel();
    const out: (AnalysisLine | undefined)[] = [];
    const moves = view.moves.slice(0, view.ply);
    for (let i = 0; i <= moves.length; ++i) {
      const res = await channel.current.analyse(
        { id: `${view.id}-${i}`, game: view.game, rules: view.rules, position: view.start_position,
          moves: moves.slice(0, i), movetime: 150 },
        () => undefined);
      out[i] = res;
      setLines([...out]);
    }
    setRunning(false);
  };

  const n = Math.max(1, view.ply);
  const W = 300;
  const H = 110;
  const x = (i: number) => (i / n) * W;
  const y = (v: number) => H / 2 - (v / CLAMP) * (H / 2 - 6);
  const finished = view.status === 'finished';
  const values = lines.map((l) => graphValue(l));
  if (finished && values.length > view.ply) values[view.ply] = resultValue(view.result);
  const pts = values.map((v, i) => [i, v] as const).filter(([, v]) => v !== null && v !== undefined) as [number, number][];
  const path = pts.map(([i, v], k) => `${k ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join(' ');
  const area = pts.length ? `${path} L${x(pts[pts.length - 1][0])} ${H / 2} L${x(pts[0][0])} ${H / 2} Z` : '';
  const cur = lines[ply];
  const atEnd = finished && ply === view.ply;
  return (
    <div class="card analysis" data-testid="analysis">
      <h3>{t.analysis}</h3>
      <svg class="score-graph" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none"
           onClick={(e) => {
             const r = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
             setPly(Math.round(((e.clientX - r.left) / r.width) * n));
           }}>
        {/* The upper half is the first side's (White in Togyz Kumalak, Black in capture Go). */}
        <rect width={W} height={H / 2} class={`graph-first graph-${view.sides[0]}`} data-graph-side={view.sides[0]} />
        <rect y={H / 2} width={W} height={H / 2} class={`graph-second graph-${view.sides[1]}`} data-graph-side={view.sides[1]} />
        {area && <path d={area} class="graph-area" />}
        {path && <path d={path} class="graph-line" />}
        <line x1={x(ply)} x2={x(ply)} y1="0" y2={H} class="graph-cursor" />
      </svg>
      {atEnd && <div class="best-line" data-testid="final-result"><b>{resultLabel}</b></div>}
      {!atEnd && cur?.error && <div class="error" role="alert">{errorText(t, { message: cur.error, code: cur.code })}</div>}
      {!atEnd && cur && !cur.error && (
        <div class="best-line" data-testid="best-line">
          <div title={fillText(rt.engineScore, { s: cur.mate !== undefined ? `#${cur.mate}` : (cur.score / 100).toFixed(2) })}
               data-testid="chance">
            {cur.win_chance_first === undefined
              ? <><span class="muted">{t.score}:</span> <b>{cur.mate !== undefined ? `#${cur.mate}` : (cur.score / 100).toFixed(2)}</b></>
              : cur.mate !== undefined
                ? <b>{fillText(rt.proved, { side: sideName(t, view.sides[cur.win_chance_first >= 0.5 ? 0 : 1]) })}</b>
                : <b>{fillText(rt.winChance, { side: sideName(t, view.sides[0]), p: percent(cur.win_chance_first) })}</b>}
            {cur.depth ? <span class="muted small"> · {fillText(rt.depth, { d: cur.depth })}</span> : null}</div>
          {cur.mate !== undefined && (
            <div data-testid="proof" data-proof={cur.mate > 0 ? 'win' : 'loss'}>
              {cur.mate > 0 ? fillText(rt.provedWin, { move: bestLine(cur).split(' ')[0] }) : rt.provedLoss}</div>
          )}
          <div><span class="muted">{t.bestLine}:</span> <code data-testid="pv">{bestLine(cur)}</code></div>
        </div>
      )}
      <button data-action="analyse" onClick={analyse} disabled={running}>
        {running ? `${t.analysing} ${lines.filter(Boolean).length}/${view.ply + 1}` : t.analyse}
      </button>
      {engine && <div class="muted small">{t.engine}: {engine}</div>}
    </div>
  );
}

// The best line as the move list writes moves (the server's pv_text); the engine's own notation
// only from an older server.
function bestLine(l: AnalysisLine): string {
  const line = l.pv_text?.length ? l.pv_text : l.pv?.length ? l.pv : [];
  return line.length ? line.join(' ') : l.bestmove || '—';
}
