// The table's switches on the game page: the animation speed (off / fast / normal; off under
// reduced motion, said so) and the sound's mute switch (per account). Both kept in this browser.
import { useDict } from '../common/texts_context';
import { sound } from '../common/sound';
import type { Speed } from './move_animation';
import { TABLE_TEXTS } from './table_texts';
import { isMuted, keptSpeed, reducedMotion, setMuted, setSpeed, useTableSettings } from './table_settings';

export function TableSwitches({ username }: { username: string | null }) {
  const tt = useDict(TABLE_TEXTS);
  useTableSettings();
  const muted = isMuted(username);
  sound.setMuted(muted);  // before any sound of this render's effects
  const reduced = reducedMotion();
  const names: Record<Speed, string> = { off: tt.speedOff, fast: tt.speedFast, normal: tt.speedNormal };
  return (
    <div class="table-switches" data-testid="table-switches">
      <label>
        {tt.animation}
        <select data-testid="anim-speed" value={reduced ? 'off' : keptSpeed()} disabled={reduced}
                onChange={(e) => setSpeed((e.target as HTMLSelectElement).value as Speed)}>
          {(['off', 'fast', 'normal'] as Speed[]).map((s) => <option key={s} value={s}>{names[s]}</option>)}
        </select>
        {reduced && <span class="small">{tt.reducedMotion}</span>}
      </label>
      <button type="button" data-testid="sound-toggle" aria-pressed={muted ? 'false' : 'true'}
              onClick={() => setMuted(username, !muted)}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M3 7h3l4-4v14l-4-4H3z" fill="currentColor" />
          {muted
            ? <path d="M13 7l5 6M18 7l-5 6" stroke="currentColor" stroke-width="1.8" />
            : <path d="M13 6.5q2.5 3.5 0 7M15.5 4.5q4 5.5 0 11" stroke="currentColor" stroke-width="1.6" fill="none" />}
        </svg>
        {muted ? tt.soundOff : tt.soundOn}
      </button>
    </div>
  );
}
