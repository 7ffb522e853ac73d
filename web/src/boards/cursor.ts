// The board's focus cursor: arrow keys move the focus from the focused pit, cell or point to the
// nearest one in that direction as drawn (so a flipped board moves as it is seen), and Enter or
// Space plays there (`onEnter`). The same for the three boards: every cell is a focusable
// `[role=button]` in the board's svg.

export type Dir = 'left' | 'right' | 'up' | 'down';
const KEYS: Record<string, Dir> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

export interface Spot { x: number; y: number }

// The index of the spot nearest `from` in direction `dir` (straight ahead counts more than aside),
// or -1 when there is none that way.
export function nearestInDirection(spots: Spot[], from: Spot, dir: Dir): number {
  let best = -1;
  let bestCost = Infinity;
  spots.forEach((s, i) => {
    const dx = s.x - from.x;
    const dy = s.y - from.y;
    const ahead = dir === 'left' ? -dx : dir === 'right' ? dx : dir === 'up' ? -dy : dy;
    const aside = dir === 'left' || dir === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 0.5 || aside > ahead * 2 + 1) return;
    const cost = ahead + 3 * aside;
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  return best;
}

function centre(el: Element): Spot {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The board svg's keydown: an arrow moves the cursor; other keys are left to the cells.
export function moveCursor(e: KeyboardEvent) {
  const dir = KEYS[e.key];
  if (!dir) return;
  const board = e.currentTarget as Element;
  const cells = [...board.querySelectorAll<SVGElement>('[role=button]')];
  if (!cells.length) return;
  e.preventDefault();
  const here = (document.activeElement as Element | null)?.closest('[role=button]');
  if (!here || !board.contains(here)) {
    cells[0].focus();
    return;
  }
  const others = cells.filter((c) => c !== here);
  const i = nearestInDirection(others.map(centre), centre(here), dir);
  if (i >= 0) others[i].focus();
}
