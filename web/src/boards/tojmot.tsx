// Tojmot: the diamond board of rhombic cells (a chessboard turned 45°), pieces as numerals and
// Roman numerals. The cells, their colours, the 1s' zones and the promotion cells come from the
// game's board description (/api/meta); the pieces, the check and the last move from the board
// the server sends; a click on a piece and then on a target sends the legal move with those
// cells (asking for the piece when several promotions share them).
import { useEffect, useState } from 'preact/hooks';
import type { LegalMove, TojmotBoardData, TojmotCell } from '../common/api';
import { onEnter, type BoardProps } from './types';
import { moveCursor } from './cursor';
import { tojmotCellPlace } from './geometry';
import { fillText, sideName } from '../common/i18n';

const S = 31;  // half-diagonal of a cell
const M = 46;  // margin for the coordinates

export function TojmotBoard({ board, desc, legal, live, flipped, onMove, t, marks, anim }: BoardProps) {
  const marked = new Set(marks ?? []);
  const [selected, setSelected] = useState<string | null>(null);
  const [chooser, setChooser] = useState<LegalMove[] | null>(null);
  const pos = board as TojmotBoardData;
  const cellList = (desc.cells ?? []) as TojmotCell[];
  const columns = String(desc.columns ?? '');
  const rows = Number(desc.rows ?? 0);
  const width = 2 * M + (columns.length + 1) * S;
  const height = 2 * M + (rows + 1) * S;
  // A new position (a move made, another ply shown) drops a half-made move.
  useEffect(() => {
    setSelected(null);
    setChooser(null);
  }, [board]);

  const at = (x: number, y: number): [number, number] => {
    const [vx, vy] = tojmotCellPlace(x, y, columns.length, rows, flipped);
    return [M + (vx - 1) * S + S, M + (vy - 1) * S + S];
  };
  const cellOf = new Map(cellList.map((c) => [c.cell, c]));
  const pieceAt = new Map(pos.pieces.map((p) => [p.cell, p]));
  const last = pos.last;
  const targets = selected ? legal.filter((l) => l.from === selected) : [];
  const click = (cell: string) => {
    if (chooser) return;
    const options = targets.filter((l) => l.to === cell);
    if (selected && options.length === 1) {
      setSelected(null);
      onMove(options[0].move);
      return;
    }
    if (selected && options.length > 1) {
      setChooser(options);
      return;
    }
    setSelected(legal.some((l) => l.from === cell) && cell !== selected ? cell : null);
  };

  const cells = cellList.map((c) => {
    const [cx, cy] = at(c.x, c.y);
    const isTarget = targets.some((l) => l.to === c.cell);
    const cls = ['tj-cell', c.colour ? 'tj-light' : 'tj-dark', c.zone ? `tj-zone tj-zone-${c.zone}` : '',
      c.promotes ? `tj-promotes-${c.promotes}` : '',
      last && (last.from === c.cell || last.to === c.cell) ? 'tj-last' : '', selected === c.cell ? 'tj-selected' : ''].join(' ');
    const piece = pieceAt.get(c.cell);
    const label = (piece ? fillText(t.cellPiece, { cell: c.cell, side: sideName(t, piece.side), piece: piece.piece })
      : fillText(t.cellEmpty, { cell: c.cell })) +
      (isTarget || legal.some((l) => l.from === c.cell) ? `, ${t.playable}` : '');
    return (
      <g key={c.cell} class={cls} data-cell={c.cell} onClick={() => click(c.cell)} onKeyDown={onEnter(() => click(c.cell))}
         tabindex={0} role="button" aria-label={label} aria-pressed={selected === c.cell ? 'true' : undefined}>
        <path d={`M${cx} ${cy - S} L${cx + S} ${cy} L${cx} ${cy + S} L${cx - S} ${cy} Z`} />
        {c.zone && <path class="tj-zone-mark" d={`M${cx} ${cy - S + 9} L${cx + S - 9} ${cy} L${cx} ${cy + S - 9} L${cx - S + 9} ${cy} Z`} />}
        {c.promotes && <circle class="tj-promo-mark" cx={cx} cy={cy} r={S - 12} />}
        {marked.has(c.cell) && <path class="tj-mark" data-mark={c.cell} d={`M${cx} ${cy - S + 3} L${cx + S - 3} ${cy} L${cx} ${cy + S - 3} L${cx - S + 3} ${cy} Z`} />}
        {isTarget && <circle class={pieceAt.has(c.cell) ? 'tj-target-capture' : 'tj-target'} cx={cx} cy={cy} r={pieceAt.has(c.cell) ? S - 6 : 7} />}
      </g>
    );
  });

  const place = (cell: string): [number, number] | null => {
    const c = cellOf.get(cell);
    return c ? at(c.x, c.y) : null;
  };
  // An animated move: the piece slides from its cell, the piece it takes fades under it.
  const from = anim && last ? place(last.from) : null;
  const taken = anim && last?.captured ? (anim.prev as TojmotBoardData).pieces?.find((p) => p.cell === last.to) : undefined;
  const pieces = pos.pieces.map((p) => {
    const c = cellOf.get(p.cell);
    if (!c) return null;
    const [cx, cy] = at(c.x, c.y);
    const slide = from && p.cell === last?.to
      ? { style: `--dx:${from[0] - cx}px;--dy:${from[1] - cy}px;animation-duration:${anim!.ms}ms`, cls: 'tj-slide' } : null;
    const roman = /^[IVX]+$/.test(p.piece);
    // The 1 (the Toj) of the side in check glows.
    const checked = pos.check === p.side && p.piece === '1';
    return (
      <g key={slide ? `${p.cell}@${anim!.ply}` : p.cell} class={`tj-piece tj-${p.side} ${checked ? 'tj-check' : ''} ${slide?.cls ?? ''}`}
         style={slide?.style} data-piece={`${p.side[0]}${p.piece}`} data-at={p.cell}>
        {checked && <circle class="tj-check-glow" cx={cx} cy={cy} r={S - 1} />}
        <circle cx={cx} cy={cy + 1.5} r={S * 0.66} class="tj-piece-shadow" />
        <circle cx={cx} cy={cy} r={S * 0.66} class="tj-piece-disc" />
        {p.piece === '1' && <circle cx={cx} cy={cy} r={S * 0.52} class="tj-toj-ring" />}
        <text x={cx} y={cy + (roman ? 5 : 7)} class={roman ? 'tj-roman' : 'tj-numeral'}>{p.piece}</text>
      </g>
    );
  });

  const coords = [];
  for (let x = 1; x <= columns.length; ++x) {
    const [cx] = at(x, flipped ? rows + 1 : 0);
    coords.push(<text key={`c${x}`} class="tj-coord" x={cx} y={height - 14}>{columns[x - 1]}</text>);
  }
  for (let y = 1; y <= rows; ++y) {
    const [, cy] = at(flipped ? columns.length : 1, y);
    coords.push(<text key={`r${y}`} class="tj-coord" x={18} y={cy + 5}>{y}</text>);
  }

  return (
    <div class="board-wrap">
      <svg class="board tojmot-board" viewBox={`0 0 ${width} ${height}`} role="group" aria-label={t.tojmot} onKeyDown={moveCursor}>
        <rect x="2" y="2" width={width - 4} height={height - 4} rx="18" class="tj-frame" />
        {cells}
        {taken && (() => {
          const [x, y] = place(taken.cell)!;
          return <circle class={`tj-taken tj-piece-disc tj-${taken.side}`} cx={x} cy={y} r={S * 0.66}
                         style={`animation-duration:${anim!.ms}ms`} />;
        })()}
        {pieces}
        {last && (() => {
          const p = place(last.to);
          return p && <path class="tj-last-mark" data-last-to={last.to}
                            d={`M${p[0]} ${p[1] - S + 2} L${p[0] + S - 2} ${p[1]} L${p[0]} ${p[1] + S - 2} L${p[0] - S + 2} ${p[1]} Z`} />;
        })()}
        {coords}
      </svg>
      {chooser && (
        <div class="promo-chooser" role="dialog">
          <div class="promo-title">{t.promoteTo}</div>
          <div class="promo-options">
            {chooser.map((m) => (
              <button key={m.move} data-promo={m.promotion ?? ''} onClick={() => {
                setChooser(null);
                setSelected(null);
                onMove(m.move);
              }}>{m.promotion ?? '—'}</button>
            ))}
          </div>
          <button class="link" onClick={() => setChooser(null)}>{t.cancel}</button>
        </div>
      )}
      {pos.check && live && <div class="check-banner">{t.check}</div>}
    </div>
  );
}
