// A player's rating history in one game as an SVG chart drawn here: one line per speed class, the
// rating ± RD as a band around it. The x axis is the order of the rated games (several games on
// one day would pile up on a time axis), labelled with the dates of the first and the last. It is
// drawn at the width it is shown at, so that its labels keep their size on a phone.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { HistoryPoint } from './account_api';

export const SPEED_COLOURS: Record<string, string> = {
  bullet: '#a83226', blitz: '#b5651d', rapid: '#2f6f4f', classical: '#2d4f8a', computer: '#6b5b95',
};
const OTHER_COLOUR = '#6b5a8a';

// Follows the element's width in CSS pixels (640 until it is known).
function useWidth(ref: { current: HTMLElement | null }): number {
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(260, Math.round(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return width;
}

const PAD = { left: 46, right: 14, top: 12, bottom: 26 };

// Round steps for the rating grid lines: 10, 20, 25, 50, 100, ... so that about four fit.
function gridStep(span: number): number {
  const raw = span / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

export function RatingChart({ points, speedName, label }: {
  points: HistoryPoint[]; speedName: (s: string) => string; label: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const W = useWidth(ref);
  const H = W < 480 ? 200 : 240;
  const sorted = [...points].sort((a, b) => a.at.localeCompare(b.at));
  const n = sorted.length;
  let lo = Math.min(...sorted.map((p) => p.rating - p.rd));
  let hi = Math.max(...sorted.map((p) => p.rating + p.rd));
  if (hi - lo < 100) {
    const mid = (hi + lo) / 2;
    lo = mid - 50;
    hi = mid + 50;
  }
  const step = gridStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const x = (i: number) => PAD.left + (n <= 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (r: number) => PAD.top + ((hi - r) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const speeds: string[] = [];
  for (const p of sorted) if (!speeds.includes(p.speed)) speeds.push(p.speed);
  const grid: number[] = [];
  for (let r = lo; r <= hi + 1e-9; r += step) grid.push(r);
  const day = (at: string) => at.slice(0, 10);
  return (
    <figure class="rating-chart" ref={ref} data-testid="rating-chart" data-points={n}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
        {grid.map((r) => (
          <g key={r}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(r)} y2={y(r)} class="grid" />
            <text x={PAD.left - 6} y={y(r) + 4} text-anchor="end" class="axis">{Math.round(r)}</text>
          </g>
        ))}
        {n > 0 && <text x={PAD.left} y={H - 6} class="axis">{day(sorted[0].at)}</text>}
        {n > 1 && <text x={W - PAD.right} y={H - 6} text-anchor="end" class="axis">{day(sorted[n - 1].at)}</text>}
        {speeds.map((s) => {
          const colour = SPEED_COLOURS[s] ?? OTHER_COLOUR;
          const idx = sorted.map((p, i) => [p, i] as const).filter(([p]) => p.speed === s);
          const line = idx.map(([p, i]) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
          const band = idx.map(([p, i]) => `${x(i).toFixed(1)},${y(p.rating + p.rd).toFixed(1)}`)
            .concat(idx.slice().reverse().map(([p, i]) => `${x(i).toFixed(1)},${y(p.rating - p.rd).toFixed(1)}`)).join(' ');
          return (
            <g key={s} data-series={s}>
              {idx.length > 1 && <polygon points={band} fill={colour} opacity="0.12" />}
              {idx.length > 1 && <polyline points={line} fill="none" stroke={colour} stroke-width="2.2" stroke-linejoin="round" />}
              {idx.map(([p, i]) => (
                <circle key={i} cx={x(i)} cy={y(p.rating)} r="3.2" fill={colour}>
                  <title>{`${speedName(s)} ${Math.round(p.rating)} ±${Math.round(p.rd)} · ${day(p.at)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      {speeds.length > 0 && (
        <figcaption class="chart-legend">
          {speeds.map((s) => (
            <span key={s}><i style={`background:${SPEED_COLOURS[s] ?? OTHER_COLOUR}`} />{speedName(s)}</span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
