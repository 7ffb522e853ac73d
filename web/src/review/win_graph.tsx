// The review's graph: the first side's chance to win after each ply (the upper half is the first
// side's), the marked moves as dots in their colours, positions the search proved as rings, and
// the shown ply as a cursor. A click (or Enter on a dot) shows that ply's position on the board.
import type { AnalysedPosition, ReviewedMove } from './review_api';
import { graphPoints, isMarked, markOf, plyAt } from './review_logic';

const W = 300;
const H = 100;

export function WinGraph({ positions, moves, plies, ply, setPly, sides, label }: {
  positions: AnalysedPosition[]; moves: ReviewedMove[]; plies: number; ply: number; setPly: (p: number) => void;
  sides: [string, string]; label: string;
}) {
  const pts = graphPoints(positions, plies, W, H);
  const line = pts.map(([, x, y], k) => `${k ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
  const area = pts.length ? `${line} L${pts[pts.length - 1][1].toFixed(1)} ${H / 2} L${pts[0][1].toFixed(1)} ${H / 2} Z` : '';
  const at = new Map(pts.map(([p, x, y]) => [p, [x, y] as const]));
  const x = (p: number) => (p / Math.max(1, plies)) * W;
  return (
    <svg class="win-graph" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid="win-graph"
         data-points={pts.length}
         onClick={(e) => {
           const r = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
           setPly(plyAt(((e.clientX - r.left) / r.width) * W, W, plies));
         }}>
      <rect width={W} height={H / 2} class={`graph-first graph-${sides[0]}`} />
      <rect y={H / 2} width={W} height={H / 2} class={`graph-second graph-${sides[1]}`} />
      <line x1="0" x2={W} y1={H / 2} y2={H / 2} class="graph-mid" />
      {area && <path d={area} class="graph-area" />}
      {line && <path d={line} class="graph-line" />}
      <line x1={x(ply)} x2={x(ply)} y1="0" y2={H} class="graph-cursor" />
      {positions.filter((p) => p.proved && at.has(p.ply)).map((p) => {
        const [cx, cy] = at.get(p.ply)!;
        return <circle key={`p${p.ply}`} cx={cx} cy={cy} r="4" class="graph-proved" data-proved-ply={p.ply} />;
      })}
      {moves.filter(isMarked).map((m) => {
        const xy = at.get(m.ply + 1);
        return xy && (
          <circle key={m.ply} cx={xy[0]} cy={xy[1]} r="3.2" class={`graph-mark mark-${m.class}`}
                  data-graph-mark={markOf(m.class)} data-ply={m.ply + 1} />
        );
      })}
    </svg>
  );
}
