// A picture of where one Tojmot piece can go: a patch of the diamond board with the piece in
// the middle, a dot on each cell it steps to, a ring on each cell it jumps to, and the lines it
// slides along (piece_moves.ts has the moves).
import { type PieceKind, pictureCells, targets } from './piece_moves';

const RADIUS = 4;
const H = 10;  // half a diamond's diagonal, in the picture's units

export function PieceMovesPicture({ kind, label, title }: { kind: PieceKind; label: string; title: string }) {
  const cells = pictureCells(RADIUS);
  const reach = targets(kind, RADIUS);
  const px = (x: number) => x * H;
  const py = (y: number) => -y * H;
  const ends = new Map<string, { x: number; y: number }>();
  for (const t of reach) if (t.how === 'slide') ends.set(`${Math.sign(t.x)},${Math.sign(t.y)}`, t);
  const size = (RADIUS + 1) * H;
  return (
    <svg class="piece-moves-picture" viewBox={`${-size} ${-size} ${2 * size} ${2 * size}`} role="img" aria-label={title}
         data-targets={reach.length}>
      {cells.map(([x, y]) => (
        <path key={`${x},${y}`} class={y % 2 === 0 ? 'pm-light' : 'pm-dark'}
              d={`M${px(x)} ${py(y) - H} L${px(x) + H} ${py(y)} L${px(x)} ${py(y) + H} L${px(x) - H} ${py(y)} Z`} />
      ))}
      {[...ends.values()].map((e) => <line key={`l${e.x},${e.y}`} class="pm-slide" x1={0} y1={0} x2={px(e.x)} y2={py(e.y)} />)}
      {reach.map((t) => (
        <circle key={`t${t.x},${t.y}`} class={t.how === 'leap' ? 'pm-leap' : 'pm-step'} data-reach={t.how}
                cx={px(t.x)} cy={py(t.y)} r={t.how === 'leap' ? 3.6 : 3} />
      ))}
      <circle class="pm-piece" cx={0} cy={0} r={7} />
      <text class="pm-label" x={0} y={label.length > 2 ? 2.4 : 3.2}>{label}</text>
    </svg>
  );
}
