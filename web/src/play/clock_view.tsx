// A player's clock on the game page. The server owns the time: each state carries the times left
// when it was sent, and the page only counts down the running side locally until the next push
// (a fallen flag always comes from the server).
import { useEffect, useState } from 'preact/hooks';
import type { GameView } from '../common/api';
import { formatClock, isLow } from './clock_text';
import { useTexts } from '../common/texts_context';
import { sound } from '../common/sound';
import { sideName } from '../common/i18n';

// Redraws a few times a second while some clock runs; returns the ms since the state came.
// Frozen (the connection is down), the clocks stop where they are until a fresh state comes.
function useElapsed(view: GameView, frozen: boolean): number {
  const [since, setSince] = useState(() => performance.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const t = performance.now();
    setSince(t);
    setNow(t);
  }, [view]);
  const ticking = !frozen && view.status === 'ongoing' && !!view.clock && (view.clock.running !== null || view.clock.first_move_ms !== null);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, [ticking, view]);
  return Math.max(0, now - since);
}

export function ClockChip({ view, side, frozen = false, mine = false }: { view: GameView; side: string; frozen?: boolean; mine?: boolean }) {
  const { t } = useTexts();
  const elapsed = useElapsed(view, frozen);
  const clock = view.clock;
  const base = Number(clock?.[`${side}_ms`] ?? 0);
  const running = view.status === 'ongoing' && clock?.running === side;
  const ms = running ? base - elapsed : base;
  const low = !!clock && view.status === 'ongoing' && isLow(ms, clock);
  // The player's own clock running low is heard once, as it is seen.
  useEffect(() => {
    if (low && mine) sound.play('lowTime');
  }, [low && mine]);
  if (!clock) return null;
  const firstMove = view.status === 'ongoing' && clock.first_move_ms !== null && view.to_move === side;
  return (
    <span class={`clock ${running ? 'running' : ''} ${low ? 'low' : ''} ${frozen ? 'frozen' : ''}`} data-testid={`clock-${side}`}
          data-frozen={frozen ? 'yes' : 'no'}
          data-running={running ? 'yes' : 'no'} data-low={low ? 'yes' : 'no'} role="timer"
          aria-label={`${sideName(t, side)}: ${formatClock(ms)}${low ? `, ${t.lowTime}` : ''}`}
          title={low ? t.lowTime : undefined}>
      {formatClock(ms)}
      {firstMove && <small class="first-move" data-testid="first-move">{t.firstMoveIn} {formatClock(clock.first_move_ms! - elapsed)}</small>}
    </span>
  );
}
