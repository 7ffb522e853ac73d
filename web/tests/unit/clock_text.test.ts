// The clock's words: what a player reads on the game page and in the lobby.
import { describe, expect, test } from 'vitest';
import { formatClock, isLow, timeControlText } from '../../src/play/clock_text';
import { DICTS } from '../../src/common/i18n';
import type { ClockView } from '../../src/common/api';

describe('formatClock', () => {
  test('minutes and seconds from 10 s up', () => {
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(10_000)).toBe('0:10');
    expect(formatClock(59 * 60_000 + 59_999)).toBe('59:59');
  });
  test('tenths under 10 s, rounded down', () => {
    expect(formatClock(9_400)).toBe('0:09.4');
    expect(formatClock(9_999)).toBe('0:09.9');
    expect(formatClock(50)).toBe('0:00.0');
  });
  test('hours over an hour', () => {
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(3_600_000)).toBe('1:00:00');
  });
  test('a time below zero (a flag not yet called) reads as zero', () => {
    expect(formatClock(-1_500)).toBe('0:00.0');
  });
});

describe('isLow', () => {
  const clock = (initial_ms: number): ClockView =>
    ({ running: null, initial_ms, increment_ms: 0, first_move_ms: null });
  test('at least 10 s counts as low, even in a short game', () => {
    expect(isLow(9_999, clock(60_000))).toBe(true);
    expect(isLow(10_000, clock(60_000))).toBe(false);
  });
  test('a tenth of a long base time', () => {
    expect(isLow(179_999, clock(1_800_000))).toBe(true);
    expect(isLow(180_000, clock(1_800_000))).toBe(false);
  });
});

describe('timeControlText', () => {
  test('whole minutes, increment and the speed class in the language', () => {
    expect(timeControlText(DICTS.en, 180, 2, 'blitz')).toBe(`3+2 · ${DICTS.en.speed_blitz}`);
    expect(timeControlText(DICTS.ru, 60, 0, 'bullet')).toBe(`1+0 · ${DICTS.ru.speed_bullet}`);
  });
  test('seconds when the base is not whole minutes; no speed, no name', () => {
    expect(timeControlText(DICTS.en, 90, 1)).toBe('1:30+1');
    expect(timeControlText(DICTS.en, 45, 0)).toBe('0:45+0');
  });
  test('an unknown speed class shows its code', () => {
    expect(timeControlText(DICTS.en, 600, 5, 'glacial')).toBe('10+5 · glacial');
  });
});
