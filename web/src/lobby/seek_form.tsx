// The lobby's form: a game, a clock (each game's presets from /api/meta, or untimed), a colour
// and rated or casual; then "Play now" (quick pairing) or "Post challenge". While a play-now
// request waits, the form says so and offers to cancel it.
import { useState } from 'preact/hooks';
import type { Account } from '../account/account_api';
import { ACCOUNT_TEXTS } from '../account/account_texts';
import { useDict, useTexts } from '../common/texts_context';
import { timeControlText } from '../play/clock_text';
import { LOBBY_TEXTS } from './lobby_texts';

export interface SeekChoice {
  game: string;
  clock: { initial_s: number; increment_s: number } | null;
  rated: boolean;
  color: string;
}

export function SeekForm({ account, busy, searching, onPost, onPlayNow, onStopSearching }: {
  account: Account | null | undefined; busy: boolean; searching: boolean;
  onPost: (c: SeekChoice) => void; onPlayNow: (c: SeekChoice) => void; onStopSearching: () => void;
}) {
  const { t, meta } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const lt = useDict(LOBBY_TEXTS);
  const dict = t as unknown as Record<string, string>;
  const [game, setGame] = useState(meta[0]?.name ?? '');
  const [preset, setPreset] = useState<Record<string, number>>({});  // per game; -1 untimed
  const [color, setColor] = useState('random');
  const [rated, setRated] = useState(false);
  const entry = meta.find((g) => g.name === game) ?? meta[0];
  const presets = entry?.clock_presets ?? [];
  const presetIndex = entry ? preset[entry.name] ?? (presets.length ? 0 : -1) : -1;
  // As in the new-game dialog: only a signed-in user's seek on a clock can be rated (the server
  // refuses the others).
  const canRate = !!account && presetIndex >= 0;
  const choice = (): SeekChoice => {
    const p = presetIndex >= 0 ? presets[presetIndex] : undefined;
    return { game: entry!.name, clock: p ? { initial_s: p.initial_s, increment_s: p.increment_s } : null, rated: rated && canRate, color };
  };
  return (
    <section class="card">
      <h2>{lt.createSeek}</h2>
      <div class="seek-form">
        <label>{t.game}
          <select value={entry?.name ?? ''} data-seek-opt="game" onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
            {meta.map((g) => <option key={g.name} value={g.name}>{dict[g.name] ?? g.title}</option>)}
          </select>
        </label>
        <label>{t.timeControl}
          <select value={String(presetIndex)} data-seek-opt="clock"
                  onChange={(e) => entry && setPreset({ ...preset, [entry.name]: +(e.target as HTMLSelectElement).value })}>
            <option value="-1">{t.untimed}</option>
            {presets.map((p, i) => <option key={i} value={String(i)}>{timeControlText(t, p.initial_s, p.increment_s, p.speed)}</option>)}
          </select>
        </label>
        <label>{t.color}
          <select value={color} data-seek-opt="color" onChange={(e) => setColor((e.target as HTMLSelectElement).value)}>
            {['random', 'white', 'black'].map((c) => <option key={c} value={c}>{dict[c] ?? c}</option>)}
          </select>
        </label>
        <label class={`check rated-choice ${canRate ? '' : 'disabled'}`}>
          <input type="checkbox" checked={rated && canRate} disabled={!canRate} data-seek-opt="rated"
                 onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />
          {lt.rated}
          {!canRate && <small class="muted" data-testid="rated-hint">{!account ? at.ratedNeedsAccount : at.ratedNeedsClock}</small>}
        </label>
        <button class="primary" data-action="play-now" disabled={busy || !entry || searching} onClick={() => onPlayNow(choice())}>{lt.playNow}</button>
        <button data-action="post-seek" disabled={busy || !entry} onClick={() => onPost(choice())}>{lt.post}</button>
      </div>
      {searching
        ? <p class="muted" role="status" data-testid="play-now-waiting">
            {lt.searching}{' '}
            <button class="danger" data-action="cancel-play-now" onClick={onStopSearching}>{lt.cancel}</button>
          </p>
        : <p class="muted small">{lt.playNowHint}</p>}
    </section>
  );
}
