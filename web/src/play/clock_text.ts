// The clock's words: a time left, low time, a time control. Pure functions (unit-tested).
import type { ClockView } from '../common/api';
import type { Dict } from '../common/i18n';

// "1:05", "0:09.4" under 10 s, "1:02:03" over an hour.
export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  if (t < 10_000) return `${m}:${two(sec)}.${Math.floor((t % 1000) / 100)}`;
  return `${m}:${two(sec)}`;
}

// Low time: under a tenth of the base time, and never less than 10 s.
export function isLow(ms: number, clock: ClockView): boolean {
  return ms < Math.max(10_000, clock.initial_ms / 10);
}

// "3+2 · Blitz", or "Untimed" for none.
export function timeControlText(t: Dict, initialS: number, incrementS: number, speed?: string): string {
  const base = initialS % 60 === 0 ? `${initialS / 60}` : `${Math.floor(initialS / 60)}:${String(initialS % 60).padStart(2, '0')}`;
  const name = speed ? (t as unknown as Record<string, string>)[`speed_${speed}`] ?? speed : '';
  return `${base}+${incrementS}${name ? ` · ${name}` : ''}`;
}
