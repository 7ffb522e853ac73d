// Capture Go: a goban with coordinates, stones and the last move, all from the board the server
// sends (rows of stones, captures, targets); a click on a point sends the legal move there.
import { useState } from 'preact/hooks';
import type { BoardData, CapgoBoardData } from '../common/api';
import type { Dict } from '../common/i18n';
import { onEnter, type BoardProps } from './types';
import { moveCursor } from './cursor';
import { fillText, sideName } from '../common/i18n';
import { goPointName, goPointPlace } from './geometry';

function starPoints(n: number): [number, number][] {
  if (n < 7) return n === 5 ? [[2, 2]] : [];
  const e = n >= 13 ? 3 : 2;
  const pts: [number, number][] = [[e, e], [e, n - 1 - e], [n - 1 - e, e], [n - 1 - e, n - 1 - e]];
  if (n % 2 === 1) pts.push([(n - 1) / 2, (n - 1) / 2]);
  if (n >= 15 && n % 2 === 1) pts.push([e, (n - 1) / 2], [n - 1 - e, (n - 1) / 2], [(n - 1) / 2, e], [(n - 1) / 2, n - 1 - e]);
  return pts;
}

const C = 44;  // grid spacing
const M = 48;  // margin for coordinates

export function GoBoard({ board, desc, legal, live, flipped, onMove, marks, t, explainIllegal, anim }: BoardProps) {
  const marked = new Set(marks ?? []);
  const [hover, setHover] = useState<string | null>(null);
  const pos = board as CapgoBoardData;
  const n = pos.size;
  const columns = String(desc.columns ?? '');
  const playable = new Map(legal.filter((m) => m.point).map((m) => [m.point!, m.move]));
  const last = pos.last?.point ?? '';
  const myTurn = !!explainIllegal && live && legal.length > 0;
  const span = (n - 1) * C;
  const size = span + 2 * M;
  const at = (r: number, c: number): [number, number] => {
    const [vc, vr] = goPointPlace(r, c, n, flipped);
    return [M + vc * C, M + vr * C];
  };
  const name = (r: number, c: number) => goPointName(r, c, n, columns);
  const lines = [];
  for (let i = 0; i < n; ++i) {
    const [x0, y0] = at(i, 0);
    const [x1, y1] = at(i, n - 1);
    lines.push(<line key={`h${i}`} x1={x0} y1={y0} x2={x1} y2={y1} />);
    const [a0, b0] = at(0, i);
    const [a1, b1] = at(n - 1, i);
    lines.push(<line key={`v${i}`} x1={a0} y1={b0} x2={a1} y2={b1} />);
  }
  const points = [];
  for (let r = 0; r < n; ++r)
    for (let c = 0; c < n; ++c) {
      const [x, y] = at(r, c);
      const stone = pos.rows[r]?.[c] ?? '.';
      const nm = name(r, c);
      // An animated move: the new stone appears, the stones it took fade away.
      const gone = anim && stone === '.' ? ((anim.prev as CapgoBoardData).rows?.[r]?.[c] ?? '.') : '.';
      const move = playable.get(nm);
      const canPlay = move !== undefined;
      // On the player's turn a point that is not legal is sent too: the server says why
      // (taken, suicide, ko), and the page shows it.
      const act = canPlay ? () => onMove(move) : myTurn ? () => onMove(nm) : undefined;
      const label = (stone === '.' ? fillText(t.emptyPoint, { point: nm })
        : fillText(t.stonePoint, { point: nm, side: sideName(t, stone === 'X' ? 'black' : 'white') })) +
        (canPlay ? `, ${t.playable}` : '');
      points.push(
        <g key={nm} data-point={nm} data-stone={stone} class={canPlay ? 'go-legal' : ''} onClick={act} onKeyDown={onEnter(act)}
           tabindex={0} role="button" aria-label={label} aria-disabled={act ? undefined : 'true'}
           onMouseEnter={() => setHover(canPlay ? nm : null)} onMouseLeave={() => setHover(null)}>
          <rect x={x - C / 2} y={y - C / 2} width={C} height={C} fill="transparent" />
          <circle class="go-focus" cx={x} cy={y} r={C * 0.48} />
          {stone !== '.' && (
            <g class={`go-stone ${anim && last === nm ? 'go-appear' : ''}`}
               style={anim && last === nm ? `animation-duration:${anim.ms}ms` : undefined}>
              <circle cx={x + 1.5} cy={y + 2} r={C * 0.46} fill="rgba(0,0,0,0.28)" />
              <circle cx={x} cy={y} r={C * 0.46} fill={stone === 'X' ? 'url(#go-black)' : 'url(#go-white)'}
                      stroke={stone === 'X' ? '#000' : '#9a958a'} stroke-width="0.8" />
            </g>
          )}
          {gone !== '.' && (
            <circle class="go-fade" data-fading={nm} cx={x} cy={y} r={C * 0.46} fill={gone === 'X' ? 'url(#go-black)' : 'url(#go-white)'}
                    style={`animation-duration:${anim!.ms}ms`} />
          )}
          {stone === '.' && hover === nm && (
            <circle cx={x} cy={y} r={C * 0.44} fill={pos.to_move === 'black' ? '#111' : '#f4f1ea'} opacity="0.45" />
          )}
          {marked.has(nm) && <rect class="go-mark" data-mark={nm} x={x - C * 0.2} y={y - C * 0.2} width={C * 0.4} height={C * 0.4} />}
          {last === nm && stone !== '.' && (
            <circle class="go-last" cx={x} cy={y} r={C * 0.18} fill="none" stroke={stone === 'X' ? '#f2efe6' : '#1a1a1a'} stroke-width="3" />
          )}
        </g>,
      );
    }
  const coords = [];
  for (let i = 0; i < n; ++i) {
    const [x] = at(0, i);
    const [, y] = at(i, 0);
    coords.push(<text key={`t${i}`} class="go-coord" x={x} y={M - 22}>{columns[i]}</text>);
    coords.push(<text key={`b${i}`} class="go-coord" x={x} y={size - M + 34}>{columns[i]}</text>);
    coords.push(<text key={`l${i}`} class="go-coord" x={M - 28} y={y + 5}>{n - i}</text>);
    coords.push(<text key={`r${i}`} class="go-coord" x={size - M + 28} y={y + 5}>{n - i}</text>);
  }
  return (
    <svg class="board go-board" viewBox={`0 0 ${size} ${size}`} role="group" aria-label={t.capgo} onKeyDown={moveCursor}>
      <defs>
        <radialGradient id="go-black" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stop-color="#6b6b6b" />
          <stop offset="45%" stop-color="#1c1c1c" />
          <stop offset="100%" stop-color="#000" />
        </radialGradient>
        <radialGradient id="go-white" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stop-color="#ffffff" />
          <stop offset="70%" stop-color="#ece8dd" />
          <stop offset="100%" stop-color="#c9c3b4" />
        </radialGradient>
        <linearGradient id="go-wood" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stop-color="#e8c07a" />
          <stop offset="100%" stop-color="#d6a55c" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width={size - 4} height={size - 4} rx="10" fill="url(#go-wood)" stroke="#a87a3a" stroke-width="3" />
      <g class="go-lines">{lines}</g>
      {starPoints(n).map(([r, c]) => {
        const [x, y] = at(r, c);
        return <circle key={`s${r}-${c}`} cx={x} cy={y} r={4.2} fill="#3b2a14" />;
      })}
      {coords}
      {points}
    </svg>
  );
}

// The capture race under the board: each side's captures and its target (none shown for 0).
export function GoCounters({ board, t }: { board: BoardData; t: Dict }) {
  const pos = board as CapgoBoardData;
  const side = (i: 0 | 1, name: string) => (
    <span>
      <i class={`stone-dot ${name}`} /> {t.captures}: <b data-captures={name}>{pos.captures[i]}</b>
      {pos.targets[i] > 0 && <> / <b data-target={name}>{pos.targets[i]}</b></>}
    </span>
  );
  return (
    <div class="go-counters" data-testid="go-counters">
      {side(0, 'black')}
      {side(1, 'white')}
    </div>
  );
}
