import { describe, expect, it } from 'vitest';
import { nearestInDirection } from '../../src/boards/cursor';
import { nextInCycle } from '../../src/common/focus_trap';

describe('the board cursor', () => {
  // A 3×3 grid, 10 apart, index = row * 3 + col.
  const grid = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => ({ x: c * 10, y: r * 10 })));
  it('moves to the neighbour in the arrow direction', () => {
    expect(nearestInDirection(grid, grid[4], 'right')).toBe(5);
    expect(nearestInDirection(grid, grid[4], 'left')).toBe(3);
    expect(nearestInDirection(grid, grid[4], 'up')).toBe(1);
    expect(nearestInDirection(grid, grid[4], 'down')).toBe(7);
  });
  it('stays at the edge', () => {
    expect(nearestInDirection(grid, grid[5], 'right')).toBe(-1);
    expect(nearestInDirection(grid, grid[0], 'up')).toBe(-1);
  });
  it('prefers straight ahead to a diagonal (diamond cells)', () => {
    const spots = [{ x: 10, y: 10 }, { x: 20, y: 0 }, { x: 10, y: -10 }];
    expect(nearestInDirection(spots, { x: 0, y: 0 }, 'right')).toBe(1);
  });
});

describe('Tab in a dialog', () => {
  const items = ['cancel', 'ok', 'more'];
  it('cycles forward and back round the ends', () => {
    expect(nextInCycle(items, 'more', false)).toBe('cancel');
    expect(nextInCycle(items, 'cancel', true)).toBe('more');
    expect(nextInCycle(items, 'cancel', false)).toBe('ok');
    expect(nextInCycle(items, null, false)).toBe('cancel');
    expect(nextInCycle([], null, false)).toBeUndefined();
  });
});
