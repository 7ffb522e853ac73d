// Togyz Kumalak: two rows of nine pits, two kazans between them, stones drawn for small counts.
// Everything comes from the board the server sends (pits, kazans, tuzdyks, the last move) and
// the legal moves (a click sends the move of that pit).
import type { TogyzBoardData } from '../common/api';
import { onEnter, type BoardProps } from './types';
import { moveCursor } from './cursor';
import { togyzPitPlace } from './geometry';
import { fillText, sideName } from '../common/i18n';
import { useSowFrame } from './sowing';

const SIDES = ['white', 'black'];

const W = 1000;
const H = 620;
const PIT_W = 86;
const PIT_H = 176;
const X0 = 61;
const STEP = 99;

function stoneLayout(n: number, w: number, h: number, r: number): [number, number][] {
  const cols = Math.max(1, Math.floor(w / (2 * r + 2)));
  const out: [number, number][] = [];
  for (let i = 0; i < n; ++i) {
    const row = Math.floor(i / cols);
    const col = i % cols;
    const inRow = Math.min(cols, n - row * cols);
    const jitter = ((i * 37) % 7) / 7 - 0.5;
    out.push([(col - (inRow - 1) / 2) * (2 * r + 2) + jitter, h / 2 - r - 4 - row * (2 * r + 1)]);
  }
  return out;
}

function Stones({ n, cx, cy, w, h, up }: { n: number; cx: number; cy: number; w: number; h: number; up: boolean }) {
  const r = 8.5;
  const shown = Math.min(n, 18);
  return (
    <g>
      {stoneLayout(shown, w, h, r).map(([dx, dy], i) => (
        <circle key={i} cx={cx + dx} cy={cy + (up ? -dy : dy)} r={r} fill="url(#tk-stone)" stroke="#5e4a2c" stroke-width="0.8" />
      ))}
    </g>
  );
}

export function TogyzBoard({ board, legal, live, flipped, onMove, t, marks, anim, mover: legalFor }: BoardProps) {
  const marked = new Set(marks ?? []);
  // While a move is animated the frames of its sowing are drawn, the hand over one pit.
  const frame = useSowFrame(anim, board as TogyzBoardData);
  const pos = frame?.board ?? (board as TogyzBoardData);
  const toMove = SIDES.indexOf(pos.to_move);
  const last = pos.last;
  const mover = last ? SIDES.indexOf(last.side) : -1;
  const lastFrom = last ? mover * 9 + last.pit - 1 : -1;
  const lastTo = last ? SIDES.indexOf(last.landing.side) * 9 + last.landing.pit - 1 : -1;
  const captured = !!last && (last.gained > 0 || last.tuzdyk);
  const legalSide = legalFor ? SIDES.indexOf(legalFor) : toMove;
  const premoving = legalSide !== toMove;  // the player's own pits, offered while the other side is to move
  const moveFor = (side: number, pit: number) => (side === legalSide ? legal.find((m) => m.pit === pit)?.move : undefined);
  // A tuzdyk on one side's row belongs to the other side.
  const isTuzdyk = (side: number, pit: number) => pos.tuzdyks[1 - side] === pit;

  const pitAt = (side: number, i: number) => {
    const { col, atBottom } = togyzPitPlace(side, i, flipped);
    const x = X0 + col * STEP;
    const y = atBottom ? H - 46 - PIT_H : 46;
    return { x, y, atBottom };
  };

  const pits = [];
  for (let side = 0; side < 2; ++side) {
    for (let i = 0; i < pos.pits[side].length; ++i) {
      const g = side * 9 + i;
      const { x, y, atBottom } = pitAt(side, i);
      const n = pos.pits[side][i];
      const move = moveFor(side, i + 1);
      const tuz = isTuzdyk(side, i + 1);
      const cx = x + PIT_W / 2;
      const cy = y + PIT_H / 2;
      const cls = ['tk-pit', move ? (premoving ? 'tk-premove' : 'tk-legal') : '', g === lastFrom ? 'tk-from' : '', g === lastTo ? 'tk-to' : '',
        (g === lastTo && captured) || (frame?.capture && g === frame.at) ? 'tk-capture' : '', tuz ? 'tk-tuzdyk' : '',
        frame && g === frame.at ? 'tk-sowing' : '',
        marked.has(`${side ? 'b' : 'w'}${i + 1}`) ? 'tk-marked' : ''].join(' ');
      const act = move ? () => onMove(move) : undefined;
      const label = fillText(tuz ? t.tuzdykLabel : t.pitLabel, { side: sideName(t, SIDES[side]), n: i + 1, count: n }) +
        (move ? `, ${t.playable}` : '');
      pits.push(
        <g key={g} class={cls} data-pit={`${side ? 'b' : 'w'}${i + 1}`} data-count={n}
           onClick={act} onKeyDown={onEnter(act)} style={move ? 'cursor:pointer' : undefined}
           tabindex={0} role="button" aria-label={label} aria-disabled={move ? undefined : 'true'}>
          <rect class="tk-pit-hole" x={x} y={y} width={PIT_W} height={PIT_H} rx={PIT_W / 2} ry={PIT_W / 2} />
          {tuz ? (
            <g class="tk-tuz-mark">
              <circle cx={cx} cy={cy} r={26} />
              <path d={`M${cx - 13} ${cy - 13} L${cx + 13} ${cy + 13} M${cx + 13} ${cy - 13} L${cx - 13} ${cy + 13}`} />
            </g>
          ) : (
            <Stones n={n} cx={cx} cy={cy} w={PIT_W - 14} h={PIT_H - 50} up={!atBottom} />
          )}
          <text class="tk-count" x={cx} y={atBottom ? y + 24 : y + PIT_H - 12}>{tuz ? '' : n}</text>
          <text class="tk-num" x={cx} y={atBottom ? y + PIT_H + 30 : y - 14}>{i + 1}</text>
        </g>,
      );
    }
  }

  const kazan = (side: number) => {
    const { atBottom } = togyzPitPlace(side, 0, flipped);  // a kazan sits beside its owner's row
    const y = atBottom ? H / 2 + 8 : H / 2 - 66;
    const n = pos.kazans[side];
    const gained = last && mover === side ? last.gained : 0;
    const stones = [];
    const r = 6.5;
    const perRow = 48;
    for (let k = 0; k < Math.min(n, 150); ++k) {
      const row = Math.floor(k / perRow);
      const col = k % perRow;
      stones.push(<circle key={k} cx={X0 + 178 + col * 14.4 + (row % 2) * 7} cy={y + 29 + (row - 1) * 12 * (atBottom ? 1 : -1)}
                          r={r} fill="url(#tk-stone)" stroke="#5e4a2c" stroke-width="0.6" />);
    }
    return (
      <g class={`tk-kazan ${toMove === side && live ? 'tk-turn' : ''}`} data-kazan={SIDES[side]}>
        <rect x={X0 - 4} y={y} width={9 * STEP - 10} height={58} rx={29} class="tk-kazan-hole" />
        <text class="tk-kazan-count" x={X0 + 40} y={y + 38}>{n}</text>
        <text class="tk-kazan-label" x={X0 + 92} y={y + 35}>{side ? t.black : t.white}</text>
        {stones}
        {gained > 0 && <text class="tk-gain" x={X0 + 40} y={y + 54}>+{gained}</text>}
      </g>
    );
  };

  return (
    <svg class="board togyz-board" data-sowing={frame ? 'yes' : 'no'} viewBox={`0 0 ${W} ${H}`} role="group" aria-label={t.togyz} onKeyDown={moveCursor}>
      <defs>
        <radialGradient id="tk-stone" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stop-color="#fffaf0" />
          <stop offset="55%" stop-color="#e4d6b8" />
          <stop offset="100%" stop-color="#a89572" />
        </radialGradient>
        <linearGradient id="tk-wood" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stop-color="#9a5b2b" />
          <stop offset="50%" stop-color="#8a4f22" />
          <stop offset="100%" stop-color="#6f3d18" />
        </linearGradient>
        <pattern id="tk-grain" width="120" height="14" patternUnits="userSpaceOnUse">
          <path d="M0 7 Q30 3 60 7 T120 7" stroke="#7a4219" stroke-width="1.2" fill="none" opacity="0.35" />
        </pattern>
      </defs>
      <rect x="4" y="4" width={W - 8} height={H - 8} rx="34" fill="url(#tk-wood)" stroke="#4a2810" stroke-width="6" />
      <rect x="4" y="4" width={W - 8} height={H - 8} rx="34" fill="url(#tk-grain)" />
      <path class="tk-ornament" d={`M40 ${H / 2} h${W - 80}`} />
      {pits}
      {kazan(0)}
      {kazan(1)}
    </svg>
  );
}
