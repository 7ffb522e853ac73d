// The create-a-tournament dialog (signed-in users): game, rules (standard, or the registry's
// options as the new-game dialog offers them), format and its own field (arena minutes, Swiss
// rounds, a double round robin), clock (the game's presets), rated, start ("as soon as enough
// players join" or a set time), minimum and maximum players, name, an optional password. On
// success the page goes to the new tournament.
import { useState } from 'preact/hooks';
import type { RuleOption } from '../common/api';
import { errorText } from '../common/server_texts';
import { useGuard } from '../common/guard';
import { useDict, useTexts } from '../common/texts_context';
import { timeControlText } from '../play/clock_text';
import { RuleOptions, rulesToSend } from '../play/new_game';
import { rulesText } from './tournament_logic';
import { tournamentsApi, type CreateRequest, type Format } from './tournaments_api';
import { TOURNAMENT_TEXTS } from './tournaments_texts';

export const FORMATS: Format[] = ['round_robin', 'swiss', 'arena', 'knockout'];

type Values = Record<string, unknown>;

function defaults(options: RuleOption[]): Values {
  const v: Values = {};
  for (const o of options) if (!o.instead_of) v[o.name] = o.default ?? (o.type === 'bool' ? false : o.type === 'int' ? o.min ?? 0 : '');
  for (const o of options) if (o.instead_of) v[o.name] = o.default ?? v[o.instead_of];
  return v;
}

// A local "datetime-local" value an hour from now (the input's format: YYYY-MM-DDTHH:MM).
function inAnHour(): string {
  const d = new Date(Date.now() + 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

export function CreateDialog({ onClose, initialGame }: { onClose: () => void; initialGame?: string }) {
  const { t, meta } = useTexts();
  const tt = useDict(TOURNAMENT_TEXTS);
  const dict = t as unknown as Record<string, string>;
  const [game, setGame] = useState(initialGame && meta.some((g) => g.name === initialGame) ? initialGame : meta[0]?.name ?? '');
  const entry = meta.find((g) => g.name === game) ?? meta[0];
  const options = entry?.rule_options ?? [];
  const [custom, setCustom] = useState(false);
  const [values, setValues] = useState<Record<string, Values>>({});
  const [separate, setSeparate] = useState<Record<string, Record<string, boolean>>>({});
  const [format, setFormat] = useState<Format>('round_robin');
  const [preset, setPreset] = useState(0);
  const [rated, setRated] = useState(true);
  const [startLater, setStartLater] = useState(false);
  const [startsAt, setStartsAt] = useState(inAnHour());
  const [minutes, setMinutes] = useState(60);
  const [rounds, setRounds] = useState(5);
  const [double, setDouble] = useState(false);
  const [minPlayers, setMinPlayers] = useState(2);
  const [maxPlayers, setMaxPlayers] = useState<number | ''>('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const { busy, guard } = useGuard();
  const presets = entry?.clock_presets ?? [];
  const p = presets[Math.min(preset, presets.length - 1)];
  const gameValues = values[entry?.name ?? ''] ?? defaults(options);

  const submit = guard(async (e: Event) => {
    e.preventDefault();
    if (!entry || !p) return;
    setError(null);
    const req: CreateRequest = {
      game: entry.name,
      rules: custom ? rulesText(rulesToSend(options, gameValues, separate[entry.name] ?? {})) : '',
      format,
      clock: { initial_s: p.initial_s, increment_s: p.increment_s },
      rated,
      starts_at: startLater && startsAt ? new Date(startsAt).toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
      name: name.trim(),
      min_players: minPlayers,
    };
    if (maxPlayers !== '') req.max_players = maxPlayers;
    if (format === 'arena') req.minutes = minutes;
    if (format === 'swiss') req.rounds = rounds;
    if (format === 'round_robin') req.double = double;
    if (password) req.password = password;
    try {
      const created = await tournamentsApi.create(req);
      location.hash = `#/tournament/${created.id}`;
    } catch (err) {
      setError(err);
    }
  });
  const num = (set: (n: number) => void) => (e: Event) => set(Number((e.target as HTMLInputElement).value));
  return (
    <div class="modal-backdrop" onClick={onClose}>
      <form class="modal tournament-form" role="dialog" aria-label={tt.create} data-testid="tournament-dialog"
            onClick={(e) => e.stopPropagation()} onSubmit={submit}>
        <h2>{tt.create}</h2>
        <label>{tt.name}
          <input name="name" required maxLength={80} value={name} data-topt="name" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <div class="form-row">
          <label>{t.game}
            <select value={entry?.name ?? ''} data-topt="game" onChange={(e) => { setGame((e.target as HTMLSelectElement).value); setPreset(0); }}>
              {meta.map((g) => <option key={g.name} value={g.name}>{dict[g.name] ?? g.title}</option>)}
            </select>
          </label>
          <label>{t.timeControl}
            <select value={String(preset)} data-topt="clock" onChange={(e) => setPreset(+(e.target as HTMLSelectElement).value)}>
              {presets.map((c, i) => <option key={i} value={String(i)}>{timeControlText(t, c.initial_s, c.increment_s, c.speed)}</option>)}
            </select>
          </label>
        </div>
        {options.length > 0 && (
          <label class="check"><input type="checkbox" checked={custom} data-topt="custom-rules"
                                      onChange={(e) => setCustom((e.target as HTMLInputElement).checked)} />{tt.customRules}</label>
        )}
        {custom && entry && (
          <RuleOptions options={options} values={gameValues} setValues={(v) => setValues({ ...values, [entry.name]: v })}
                       separate={separate[entry.name] ?? {}} setSeparate={(s) => setSeparate({ ...separate, [entry.name]: s })} />
        )}
        <div class="form-row">
          <label>{tt.format}
            <select value={format} data-topt="format" onChange={(e) => setFormat((e.target as HTMLSelectElement).value as Format)}>
              {FORMATS.map((f) => <option key={f} value={f}>{tt[`format_${f}`]}</option>)}
            </select>
          </label>
          {format === 'arena' && <label>{tt.minutes}<input type="number" min={5} max={1440} value={minutes} data-topt="minutes" onInput={num(setMinutes)} /></label>}
          {format === 'swiss' && <label>{tt.rounds}<input type="number" min={1} max={20} value={rounds} data-topt="rounds" onInput={num(setRounds)} /></label>}
        </div>
        {format === 'round_robin' && (
          <label class="check"><input type="checkbox" checked={double} data-topt="double" onChange={(e) => setDouble((e.target as HTMLInputElement).checked)} />{tt.double}</label>
        )}
        <label class="check"><input type="checkbox" checked={rated} data-topt="rated" onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />{tt.rated}</label>
        <fieldset class="start-choice">
          <legend>{tt.startTime}</legend>
          <label class="check"><input type="radio" name="start" checked={!startLater} data-topt="start-now" onChange={() => setStartLater(false)} />{tt.startNow}</label>
          <label class="check"><input type="radio" name="start" checked={startLater} data-topt="start-later" onChange={() => setStartLater(true)} />{tt.startAt}</label>
          {startLater && <input type="datetime-local" value={startsAt} data-topt="starts-at" onInput={(e) => setStartsAt((e.target as HTMLInputElement).value)} />}
        </fieldset>
        <div class="form-row">
          <label>{tt.minPlayers}<input type="number" min={2} max={256} value={minPlayers} data-topt="min-players" onInput={num(setMinPlayers)} /></label>
          <label>{tt.maxPlayers}<input type="number" min={2} max={256} value={maxPlayers} data-topt="max-players"
                                        onInput={(e) => { const v = (e.target as HTMLInputElement).value; setMaxPlayers(v === '' ? '' : Number(v)); }} /></label>
        </div>
        <label>{tt.passwordOptional}
          <input name="tournament-password" type="text" autocomplete="off" maxLength={200} value={password} data-topt="password"
                 onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
        </label>
        {error !== null && <p class="error" role="alert" data-testid="tournament-create-error">{errorText(t, error)}</p>}
        <div class="modal-buttons">
          <button type="button" onClick={onClose}>{tt.cancel}</button>
          <button type="submit" class="primary" data-action="create-tournament-submit" disabled={busy || !entry || !p}>{tt.submit}</button>
        </div>
      </form>
    </div>
  );
}
