// A player's clock on the game page. The server owns the time: each state carries the times left
// when it was sent, and the page only counts down the running side locally until the next push
// (a fallen flag always comes from the server).
import { useEffect, useState } from 'preact/hooks';
import type { ClockView, GameView } from '../common/api';
import type { Dict } from '../common/i18n';
import { useTexts } from '../common/texts_context';

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

// Redraws a few times a second while some clock runs; returns the ms since the state came.
function useElapsed(view: GameView): number {
  const [since, setSince] = useState(() => performance.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const t = performance.now();
    setSince(t);
    setNow(t);
  }, [view]);
  const ticking = view.status === 'ongoing' && !!view.clock && (view.clock.running !== null || view.clock.first_move_ms !== null);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, [ticking, view]);
  return Math.max(0, now - since);
}

export function ClockChip({ view, side }: { view: GameView; side: string }) {
  const { t } = useTexts();
  const elapsed = useElapsed(view);
  const clock = view.clock;
  if (!clock) return null;
  const base = Number(clock[`${side}_ms`] ?? 0);
  const running = view.status === 'ongoing' && clock.running === side;
  const ms = running ? base - elapsed : base;
  const low = view.status === 'ongoing' && isLow(ms, clock);
  const firstMove = view.status === 'ongoing' && clock.first_move_ms !== null && view.to_move === side;
  return (
    <span class={`clock ${running ? 'running' : ''} ${low ? 'low' : ''}`} data-testid={`clock-${side}`}
          data-running={running ? 'yes' : 'no'} data-low={low ? 'yes' : 'no'} role="timer"
          title={low ? t.lowTime : undefined}>
      {formatClock(ms)}
      {firstMove && <small class="first-move" data-testid="first-move">{t.firstMoveIn} {formatClock(clock.first_move_ms! - elapsed)}</small>}
    </span>
  );
}

// "3+2 · Blitz", or "Untimed" for none.
export function timeControlText(t: Dict, initialS: number, incrementS: number, speed?: string): string {
  const base = initialS % 60 === 0 ? `${initialS / 60}` : `${Math.floor(initialS / 60)}:${String(initialS % 60).padStart(2, '0')}`;
  const name = speed ? (t as unknown as Record<string, string>)[`speed_${speed}`] ?? speed : '';
  return `${base}+${incrementS}${name ? ` · ${name}` : ''}`;
}
