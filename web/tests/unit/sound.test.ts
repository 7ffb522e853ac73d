// The table's sounds: which event makes which sound, and the notes' schedule.
import { describe, expect, test } from 'vitest';
import type { CapgoBoardData } from '../../src/common/api';
import { noteSchedule, SOUNDS } from '../../src/common/sound';
import { goAtari, moveSound } from '../../src/play/move_sounds';

describe('noteSchedule', () => {
  test('every sound is short, starts at once and each note rises before it falls', () => {
    for (const kind of Object.keys(SOUNDS) as (keyof typeof SOUNDS)[]) {
      const notes = noteSchedule(kind, 10);
      expect(notes.length).toBeGreaterThan(0);
      expect(notes[0].start).toBe(10);
      for (const n of notes) {
        expect(n.peak).toBeGreaterThan(n.start);
        expect(n.stop).toBeGreaterThan(n.peak);
        expect(n.stop - 10).toBeLessThan(1);
        expect(n.gain).toBeLessThanOrEqual(0.3);
      }
    }
  });
});

function go(rows: string[], to_move = 'black', captured = 0): CapgoBoardData {
  return { size: rows.length, rows, to_move, captures: [0, 0], targets: [0, 0], passes: 0, pass_allowed: true,
           last: { side: 'white', point: 'A1', captured } };
}

describe('moveSound', () => {
  test('Togyz: a capture or a tuzdyk sounds as a capture', () => {
    const last = { side: 'white', pit: 6, landing: { side: 'black', pit: 5 }, gained: 0, tuzdyk: false };
    expect(moveSound('togyz', { last })).toBe('move');
    expect(moveSound('togyz', { last: { ...last, gained: 10 } })).toBe('capture');
    expect(moveSound('togyz', { last: { ...last, tuzdyk: true } })).toBe('capture');
  });
  test('Tojmot: check before capture', () => {
    expect(moveSound('tojmot', { check: null, last: { captured: null } })).toBe('move');
    expect(moveSound('tojmot', { check: null, last: { captured: 'V' } })).toBe('capture');
    expect(moveSound('tojmot', { check: 'black', last: { captured: 'V' } })).toBe('check');
  });
  test('capture Go: captures, and an atari of the side to move', () => {
    expect(goAtari(go(['X....', '.....', '.....', '.....', '.....']))).toBe(false);
    expect(goAtari(go(['XO...', '.....', '.....', '.....', '.....']))).toBe(true);
    expect(goAtari(go(['XO...', 'X....', '.....', '.....', '.....']))).toBe(false);
    expect(moveSound('capgo', go(['XO...', '.....', '.....', '.....', '.....']))).toBe('check');
    expect(moveSound('capgo', go(['.O...', '.....', '.....', '.....', '.....'], 'black', 1))).toBe('capture');
    expect(moveSound('capgo', go(['.O...', '.....', '.....', '.....', '.....']))).toBe('move');
  });
});
