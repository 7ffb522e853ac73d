// Tojmot: the diamond board of 89 rhombic cells (a chessboard turned 45°), pieces as numerals
// and Roman numerals, the Toj's zones marked, legal targets shown on selection.
import { useState } from 'preact/hooks';
import type { BoardProps } from './types';

export interface TojmotPiece {
  side: 0 | 1;  // 0 White, 1 Black
  kind: string; // "1".."9", "II".."IX", "X"
  x: number;
  y: number;
}

const COLS = 'ABCDEFGHIJKLMN';
const SPIKES = new Set(['G1', 'F2', 'H2', 'E3', 'G3', 'I3', 'E15', 'G15', 'I15', 'F16', 'H16', 'G17']);
const ZONES = new Set(['G1', 'F2', 'H2', 'G17', 'F16', 'H16']);
export const PROMOTION_CELLS = new Set(['E15', 'I15', 'E3', 'I3']);

export function cellName(x: number, y: number): string {
  return `${COLS[x - 1]}${y}`;
}

export function tojmotCells(): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 1; y <= 17; ++y)
    for (let x = 1; x <= 14; ++x) {
      if ((x - y) % 2 !== 0) continue;
      if ((y >= 4 && y <= 14) || SPIKES.has(cellName(x, y))) out.push([x, y]);
    }
  return out;
}

export function parseTojmot(text: string): { toMove: 0 | 1; pieces: TojmotPiece[] } {
  const parts = text.trim().split(/\s+/);
  const pieces: TojmotPiece[] = [];
  for (const part of parts) {
    const m = /^([WB]):(.*)$/.exec(part);
    if (!m) continue;
    const side = m[1] === 'W' ? 0 : 1;
    for (const tok of m[2].split(',')) {
      const p = /^(.*?)([A-N])(\d+)$/.exec(tok);
      if (!p) continue;
      pieces.push({ side, kind: p[1], x: COLS.indexOf(p[2]) + 1, y: parseInt(p[3], 10) });
    }
  }
  return { toMove: parts[0] === 'b' ? 1 : 0, pieces };
}

// "l4l14" / "f14e15=9" -> from, to, promotion.
function splitMove(m: string): { from: string; to: string; promo: string } {
  const r = /^([a-n]\d+)([a-n]\d+)(?:=(\w+))?$/.exec(m.toLowerCase());
  return r ? { from: r[1].toUpperCase(), to: r[2].toUpperCase(), promo: r[3] ?? '' } : { from: '', to: '', promo: '' };
}

// Record notation "4L4xL14", "IXF14-E15=9+": from and to cells.
function recordCells(rec: string): [string, string] | null {
  const r = /([A-N]\d+)[-x]([A-N]\d+)/.exec(rec);
  return r ? [r[1], r[2]] : null;
}

const S = 31;  // half-diagonal of a cell
const M = 46;  // margin for the coordinates

export function TojmotBoard({ view, ply, position, flipped, canMove, onMove, t }: BoardProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [chooser, setChooser] = useState<string[] | null>(null);
  const pos = parseTojmot(position);
  const legal = canMove ? view.legal_moves.map((m) => ({ m, ...splitMove(m) })) : [];
  const last = ply > 0 ? recordCells(view.moves[ply - 1]) : null;
  const lastRec = ply > 0 ? view.moves[ply - 1] : '';
  const inCheck = /[+#]$/.test(lastRec);
  const at = (x: number, y: number): [number, number] => {
    const vx = flipped ? 15 - x : x;
    const vy = flipped ? y : 18 - y;
    return [M + (vx - 1) * S + S, M + (vy - 1) * S + S];
  };
  const width = 2 * M + 15 * S;
  const height = 2 * M + 18 * S;
  const pieceAt = new Map(pos.pieces.map((p) => [cellName(p.x, p.y), p]));
  const targets = selected ? legal.filter((l) => l.from === selected) : [];
  const click = (cell: string) => {
    if (chooser) return;
    const options = targets.filter((l) => l.to === cell);
    if (selected && options.length === 1) {
      setSelected(null);
      onMove(options[0].m);
      return;
    }
    if (selected && options.length > 1) {
      setChooser(options.map((o) => o.m));
      return;
    }
    setSelected(legal.some((l) => l.from === cell) && cell !== selected ? cell : null);
  };

  const cells = tojmotCells().map(([x, y]) => {
    const name = cellName(x, y);
    const [cx, cy] = at(x, y);
    const isTarget = targets.some((l) => l.to === name);
    const cls = ['tj-cell', y % 2 ? 'tj-light' : 'tj-dark', ZONES.has(name) ? 'tj-zone' : '',
      last && (last[0] === name || last[1] === name) ? 'tj-last' : '', selected === name ? 'tj-selected' : ''].join(' ');
    return (
      <g key={name} class={cls} data-cell={name} onClick={() => click(name)}>
        <path d={`M${cx} ${cy - S} L${cx + S} ${cy} L${cx} ${cy + S} L${cx - S} ${cy} Z`} />
        {ZONES.has(name) && <path class="tj-zone-mark" d={`M${cx} ${cy - S + 9} L${cx + S - 9} ${cy} L${cx} ${cy + S - 9} L${cx - S + 9} ${cy} Z`} />}
        {PROMOTION_CELLS.has(name) && <circle class="tj-promo-mark" cx={cx} cy={cy} r={S - 12} />}
        {isTarget && <circle class={pieceAt.has(name) ? 'tj-target-capture' : 'tj-target'} cx={cx} cy={cy} r={pieceAt.has(name) ? S - 6 : 7} />}
      </g>
    );
  });

  const pieces = pos.pieces.map((p) => {
    const name = cellName(p.x, p.y);
    const [cx, cy] = at(p.x, p.y);
    const roman = /^[IVX]+$/.test(p.kind);
    const checked = inCheck && p.kind === '1' && p.side === pos.toMove;
    return (
      <g key={`${name}`} class={`tj-piece ${p.side ? 'tj-black' : 'tj-white'} ${checked ? 'tj-check' : ''}`}
         data-piece={`${p.side ? 'b' : 'w'}${p.kind}`} data-at={name}>
        {checked && <circle class="tj-check-glow" cx={cx} cy={cy} r={S - 1} />}
        <circle cx={cx} cy={cy + 1.5} r={S * 0.66} class="tj-piece-shadow" />
        <circle cx={cx} cy={cy} r={S * 0.66} class="tj-piece-disc" />
        {p.kind === '1' && <circle cx={cx} cy={cy} r={S * 0.52} class="tj-toj-ring" />}
        <text x={cx} y={cy + (roman ? 5 : 7)} class={roman ? 'tj-roman' : 'tj-numeral'}>{p.kind}</text>
      </g>
    );
  });

  const coords = [];
  for (let x = 1; x <= 14; ++x) {
    const [cx] = at(x, flipped ? 18 : 0);
    coords.push(<text key={`c${x}`} class="tj-coord" x={cx} y={height - 14}>{COLS[x - 1]}</text>);
  }
  for (let y = 1; y <= 17; ++y) {
    const [, cy] = at(flipped ? 14 : 1, y);
    coords.push(<text key={`r${y}`} class="tj-coord" x={18} y={cy + 5}>{y}</text>);
  }

  return (
    <div class="board-wrap">
      <svg class="board tojmot-board" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Tojmot board">
        <rect x="2" y="2" width={width - 4} height={height - 4} rx="18" class="tj-frame" />
        {cells}
        {pieces}
        {coords}
      </svg>
      {chooser && (
        <div class="promo-chooser" role="dialog">
          <div class="promo-title">{t.promoteTo}</div>
          <div class="promo-options">
            {chooser.map((m) => (
              <button key={m} data-promo={splitMove(m).promo} onClick={() => {
                setChooser(null);
                setSelected(null);
                onMove(m);
              }}>{splitMove(m).promo}</button>
            ))}
          </div>
          <button class="link" onClick={() => setChooser(null)}>{t.cancel}</button>
        </div>
      )}
      {inCheck && view.status === 'ongoing' && ply === view.ply && <div class="check-banner">{t.check}</div>}
    </div>
  );
}
