// The new game dialog: the game and every rule option its registry entry declares (meta
// rule_options: booleans, numbers with their range, set-ups with presets, alternatives such as
// per-colour targets), the opponent, the level, the colour, the clock, and whether an online game on
// a clock is rated (signed-in users only). Sends `rules` as an object.
import { useState } from 'preact/hooks';
import { api, seats, type RuleOption } from '../common/api';
import { errorText, optionHint, optionLabel } from '../common/server_texts';
import { alternativesOf, presetConditions, presetText } from './rules_view';
import { timeControlText } from './clock_text';
import { levelRatingText } from './level_rating';
import type { Account } from '../account/account_api';
import { useDict, useTexts } from '../common/texts_context';
import { ACCOUNT_TEXTS } from '../account/account_texts';
import { playsInBrowser } from '../offline/local_choice';
import { newLocalGame } from '../offline/local_game';
import { localGames } from '../offline/local_store';

type Values = Record<string, unknown>;

function initialValues(options: RuleOption[]): Values {
  const v: Values = {};
  for (const o of options) {
    if (o.instead_of) continue;
    v[o.name] = o.default ?? (o.type === 'bool' ? false : o.type === 'int' ? o.min ?? 0 : '');
  }
  // An alternative starts from the value of the option it replaces.
  for (const o of options) if (o.instead_of) v[o.name] = o.default ?? v[o.instead_of];
  return v;
}

// An option's largest value with these values of the others: a capture target is at most the
// points of the board less one ("max_points_of": "size"), as the server checks.
export function maxOf(o: RuleOption, values: Values): number {
  const max = o.max ?? 1000;
  const by = o.max_points_of ? Number(values[o.max_points_of]) : NaN;
  return Number.isFinite(by) && by > 0 ? Math.min(max, by * by - 1) : max;
}

// The rules to send: each option's value, or its alternatives' values when they are chosen.
export function rulesToSend(options: RuleOption[], values: Values, separate: Record<string, boolean>): Values {
  const out: Values = {};
  for (const o of options) {
    const base = o.instead_of;
    if (base ? !separate[base] : alternativesOf(options, o.name).length > 0 && separate[o.name]) continue;
    let v = values[o.name];
    if (o.type === 'int' && typeof v === 'number') v = Math.min(v, maxOf(o, values));
    if (o.type === 'setup' && !v) continue;
    out[o.name] = v;
  }
  return out;
}

// One option's control: a check box, or a number (a list when the range is short).
function OptionControl({ o, value: given, set, values }: {
  o: RuleOption; value: unknown; set: (v: unknown) => void; values: Values;
}) {
  const { t } = useTexts();
  const value = o.type === 'int' && typeof given === 'number' ? Math.min(given, maxOf(o, values)) : given;
  const label = optionLabel(t, o.name);
  if (o.type === 'bool')
    return (
      <label class="check">
        <input type="checkbox" checked={!!value} data-opt={o.name}
               onChange={(e) => set((e.target as HTMLInputElement).checked)} />{label}
      </label>
    );
  if (o.type === 'int') {
    const min = o.min ?? 0;
    const max = maxOf(o, values);
    const hint = o.zero_means ? optionHint(t, o.name) || t.zeroNone : '';
    if (max - min <= 40)
      return (
        <label>{label}
          <select value={String(value)} data-opt={o.name} onChange={(e) => set(+(e.target as HTMLSelectElement).value)}>
            {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
              <option key={n} value={n}>{n === 0 && o.zero_means ? `0 (${t.none})` : n}</option>
            ))}
          </select>
        </label>
      );
    return (
      <label title={hint}>{label}
        <input type="number" min={min} max={max} value={String(value)} data-opt={o.name}
               onInput={(e) => {
                 const n = Math.round(+(e.target as HTMLInputElement).value);
                 if (Number.isFinite(n)) set(Math.max(min, Math.min(max, n)));
               }} />
        {hint && <small class="hint">{hint}</small>}
      </label>
    );
  }
  return null;
}

function SetupControl({ o, options, values, setValues }: {
  o: RuleOption; options: RuleOption[]; values: Values; setValues: (v: Values) => void;
}) {
  const { t } = useTexts();
  const presets = o.presets ?? [];
  const value = String(values[o.name] ?? '');
  const presetIndex = presets.findIndex((p) => p.value === value && presetConditions(p).every(([k, v]) => values[k] === v));
  const [custom, setCustom] = useState(value !== '' && presetIndex < 0);
  const choice = custom ? 'custom' : presetIndex >= 0 ? `p${presetIndex}` : '';
  const choose = (c: string) => {
    if (c === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    if (c === '') return setValues({ ...values, [o.name]: '' });
    const p = presets[+c.slice(1)];
    const next: Values = { ...values, [o.name]: p.value };
    // The preset's conditions (the crosscut's board size) become the options' values.
    for (const [k, v] of presetConditions(p)) if (options.some((x) => x.name === k)) next[k] = v;
    setValues(next);
  };
  return (
    <label class="setup">{optionLabel(t, o.name)}
      <select value={choice} data-opt={o.name} onChange={(e) => choose((e.target as HTMLSelectElement).value)}>
        <option value="">{t.setupNone}</option>
        {presets.map((p, i) => <option key={i} value={`p${i}`}>{presetText(t, options, p)}</option>)}
        <option value="custom">{t.custom}</option>
      </select>
      {custom && (
        <input type="text" value={value} placeholder={t.customSetupHint} data-opt={`${o.name}-custom`}
               onInput={(e) => setValues({ ...values, [o.name]: (e.target as HTMLInputElement).value.trim() })} />
      )}
    </label>
  );
}

export function RuleOptions({ options, values, setValues, separate, setSeparate }: {
  options: RuleOption[]; values: Values; setValues: (v: Values) => void;
  separate: Record<string, boolean>; setSeparate: (s: Record<string, boolean>) => void;
}) {
  const { t } = useTexts();
  // Changing an option a chosen preset depends on (the board size) leaves the preset.
  const set = (name: string, v: unknown) => {
    const next: Values = { ...values, [name]: v };
    for (const o of options)
      if (o.type === 'setup') {
        const p = o.presets?.find((x) => x.value === values[o.name]);
        if (p && presetConditions(p).some(([k, want]) => k === name && want !== v)) next[o.name] = '';
      }
    setValues(next);
  };
  const controls = [];
  for (const o of options) {
    if (o.instead_of) continue;
    if (o.type === 'setup') {
      controls.push(<SetupControl key={o.name} o={o} options={options} values={values} setValues={setValues} />);
      continue;
    }
    const alts = alternativesOf(options, o.name);
    if (!alts.length) {
      controls.push(<OptionControl key={o.name} o={o} value={values[o.name]} set={(v) => set(o.name, v)} values={values} />);
      continue;
    }
    const sep = !!separate[o.name];
    controls.push(
      <div key={o.name} class="alt-group" data-alt={o.name}>
        <div class="segmented small-seg">
          <button class={sep ? '' : 'selected'} data-alt-mode="same" onClick={() => setSeparate({ ...separate, [o.name]: false })}>{t.sameForBoth}</button>
          <button class={sep ? 'selected' : ''} data-alt-mode="separate" onClick={() => {
            // The per-colour values start from the common one.
            const next: Values = { ...values };
            for (const a of alts) next[a.name] = values[o.name];
            setValues(next);
            setSeparate({ ...separate, [o.name]: true });
          }}>{t.separatePerColour}</button>
        </div>
        <div class="alt-controls">
          {sep
            ? alts.map((a) => <OptionControl key={a.name} o={a} value={values[a.name]} set={(v) => set(a.name, v)} values={values} />)
            : <OptionControl o={o} value={values[o.name]} set={(v) => set(o.name, v)} values={values} />}
        </div>
      </div>,
    );
  }
  return controls.length ? <div class="options">{controls}</div> : null;
}

export function NewGame({ account }: { account: Account | null | undefined }) {
  const { t, meta: games, metaReady } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const [game, setGame] = useState<string>('');
  const [mode, setMode] = useState<'ai' | 'hotseat' | 'online'>('ai');
  const [level, setLevel] = useState(3);
  const [color, setColor] = useState<string>('');
  const [chosen, setChosen] = useState<Record<string, Values>>({});
  const [separate, setSeparate] = useState<Record<string, Record<string, boolean>>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [clockChoice, setClockChoice] = useState<Record<string, number>>({});  // preset index per game; -1 untimed
  const [ratedChoice, setRated] = useState(false);

  const entry = games.find((g) => g.name === game) ?? games[0];
  const name = entry?.name ?? '';
  const options = entry?.rule_options ?? [];
  const values = chosen[name] ?? initialValues(options);
  const sep = separate[name] ?? {};
  const levels = entry?.levels ?? [];
  const minLevel = levels.length ? levels[0].level : 0;
  const maxLevel = levels.length ? levels[levels.length - 1].level : 10;
  const shownLevel = Math.max(minLevel, Math.min(maxLevel, level));
  const levelInfo = levels.find((l) => l.level === shownLevel);
  const sides = entry?.sides ?? ['white', 'black'];
  const shownColor = color === 'random' || sides.includes(color) ? color : sides[0];
  const presets = entry?.clock_presets ?? [];
  const presetIndex = clockChoice[name] ?? -1;
  const preset = presetIndex >= 0 ? presets[presetIndex] : undefined;
  // Only an online game on a clock, created by a signed-in user, can be rated.
  const canRate = mode === 'online' && !!preset && !!account;
  const rated = canRate && ratedChoice;

  const start = async () => {
    if (!entry) return;
    setBusy(true);
    setError(null);
    try {
      const rules = rulesToSend(options, values, sep);
      const clock = preset ? { initial_s: preset.initial_s, increment_s: preset.increment_s } : null;
      if (mode !== 'online' && playsInBrowser({ mode, clock: !!clock, rated })) {
        const color = shownColor === 'random' ? sides[Math.random() < 0.5 ? 0 : 1] : shownColor;
        const g = newLocalGame({ game: name, rules, mode, level: shownLevel, color, sides: [sides[0], sides[1]] });
        await localGames.save(g);
        location.hash = `#/local/${g.key}`;
        return;
      }
      const r = await api.create({ game: name, mode, level: shownLevel, color: shownColor, rules, clock, ...(rated ? { rated } : {}) });
      seats.set(r.id, r.seat.token);
      if (r.invite) sessionStorage.setItem(`oyin.invite.${r.id}`, r.invite);
      location.hash = `#/game/${r.id}`;
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const dict = t as unknown as Record<string, string>;
  return (
    <section class="card new-game" data-testid="new-game">
      <h1>{t.newGame}</h1>
      <div class="game-picker">
        {games.map((g) => (
          <button key={g.name} class={`game-choice ${name === g.name ? 'selected' : ''}`} data-game={g.name}
                  onClick={() => setGame(g.name)}>
            <GameIcon game={g.name} />
            <span>{dict[g.name] ?? g.title}</span>
          </button>
        ))}
        {metaReady && !games.length && <p class="muted">{t.notRegistered}</p>}
      </div>
      <RuleOptions options={options} values={values} setValues={(v) => setChosen({ ...chosen, [name]: v })}
                   separate={sep} setSeparate={(s) => setSeparate({ ...separate, [name]: s })} />
      <fieldset class="segmented">
        <legend>{t.mode}</legend>
        {(['ai', 'hotseat', 'online'] as const).map((m) => (
          <button key={m} class={mode === m ? 'selected' : ''} data-mode={m} onClick={() => setMode(m)}>{t[m]}</button>
        ))}
      </fieldset>
      {presets.length > 0 && (
        <label class="time-control">{t.timeControl}
          <select value={String(presetIndex)} data-opt="clock"
                  onChange={(e) => setClockChoice({ ...clockChoice, [name]: +(e.target as HTMLSelectElement).value })}>
            <option value="-1">{t.untimed}</option>
            {presets.map((p, i) => <option key={i} value={String(i)}>{timeControlText(t, p.initial_s, p.increment_s, p.speed)}</option>)}
          </select>
        </label>
      )}
      {mode === 'online' && (
        <label class={`check rated-choice ${canRate ? '' : 'disabled'}`}>
          <input type="checkbox" data-opt="rated" checked={rated} disabled={!canRate}
                 onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />
          {at.rated}
          {!canRate && <small class="muted">{!account ? at.ratedNeedsAccount : at.ratedNeedsClock}</small>}
        </label>
      )}
      {mode === 'ai' && !!account && !!preset && (
        <p class="muted computer-pool" data-testid="computer-pool">{t.computerPool}</p>
      )}
      {mode === 'ai' && (
        <label class="level">{t.level}: <b>{shownLevel}</b>
          {levelInfo?.rating != null && (
            <span class="level-rating" data-testid="level-rating" title={t.levelRating}> {levelRatingText(t.lang, levelInfo.rating)}</span>
          )}
          <input type="range" min={minLevel} max={maxLevel} value={shownLevel} data-opt="level"
                 onInput={(e) => setLevel(+(e.target as HTMLInputElement).value)} />
          {levelInfo && <small class="muted" data-testid="level-time" title={t.thinkTime}>{levelInfo.think_ms / 1000} {t.seconds}</small>}
        </label>
      )}
      {mode !== 'hotseat' && (
        <fieldset class="segmented">
          <legend>{t.color}</legend>
          {[sides[0], sides[1], 'random'].map((c) => (
            <button key={c} class={shownColor === c ? 'selected' : ''} data-color={c} onClick={() => setColor(c)}>
              {c === 'random' ? t.random : c === 'white' ? t.white : c === 'black' ? t.black : c}
            </button>
          ))}
        </fieldset>
      )}
      {error !== null && <p class="error" role="alert">{errorText(t, error)}</p>}
      <button class="primary big" data-action="start" disabled={busy || !entry} onClick={start}>{t.start}</button>
    </section>
  );
}

export function GameIcon({ game }: { game: string }) {
  if (game === 'togyz')
    return (
      <svg viewBox="0 0 60 36" class="game-icon" aria-hidden="true">
        <rect x="1" y="1" width="58" height="34" rx="8" fill="#8a4f22" />
        {[0, 1, 2, 3, 4].map((i) => <rect key={i} x={5 + i * 10.5} y={4} width={8} height={11} rx={4} fill="#5a3012" />)}
        {[0, 1, 2, 3, 4].map((i) => <rect key={i} x={5 + i * 10.5} y={21} width={8} height={11} rx={4} fill="#5a3012" />)}
        <circle cx="9" cy="27" r="2" fill="#f3e6c8" /><circle cx="30" cy="9" r="2" fill="#f3e6c8" />
      </svg>
    );
  if (game === 'tojmot')
    return (
      <svg viewBox="0 0 60 36" class="game-icon" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => [0, 1].map((j) => (
          <path key={`${i}${j}`} d={`M${10 + i * 13 + j * 6.5} ${8 + j * 10} l6.5 6.5 l-6.5 6.5 l-6.5 -6.5z`}
                fill={(i + j) % 2 ? '#b07b46' : '#ecd6a8'} />
        )))}
        <circle cx="30" cy="18" r="6" fill="#fbf3e2" stroke="#7b2d12" /><text x="30" y="21" font-size="8" text-anchor="middle" fill="#7b2d12">1</text>
      </svg>
    );
  return (
    <svg viewBox="0 0 60 36" class="game-icon" aria-hidden="true">
      <rect x="12" y="1" width="36" height="34" rx="3" fill="#e2b66c" />
      {[0, 1, 2, 3].map((i) => <line key={`h${i}`} x1="17" x2="43" y1={6 + i * 8} y2={6 + i * 8} stroke="#5a3a10" stroke-width="0.8" />)}
      {[0, 1, 2, 3].map((i) => <line key={`v${i}`} y1="6" y2="30" x1={17 + i * 8.6} x2={17 + i * 8.6} stroke="#5a3a10" stroke-width="0.8" />)}
      <circle cx="25.6" cy="14" r="3.6" fill="#111" /><circle cx="34.2" cy="22" r="3.6" fill="#f6f3ea" stroke="#999" stroke-width="0.5" />
    </svg>
  );
}
