// A game's rules as the registry declares them (meta rule_options) and as a game holds them
// (state.rules_values): labels, value texts, and the summary shown with a game.
import type { RuleOption } from '../common/api';
import type { Dict } from '../common/i18n';
import { optionLabel, presetLabel } from '../common/server_texts';
import { useTexts } from '../common/texts_context';

// The options that are alternatives to `name` (given together instead of it).
export function alternativesOf(options: RuleOption[], name: string): RuleOption[] {
  return options.filter((o) => o.instead_of === name);
}

// A preset's conditions: its fields other than name and value, each the value of an option
// (the crosscut's "size": 6).
export function presetConditions(p: NonNullable<RuleOption['presets']>[number]): [string, unknown][] {
  return Object.entries(p).filter(([k]) => k !== 'name' && k !== 'value');
}

export function presetText(t: Dict, options: RuleOption[], p: NonNullable<RuleOption['presets']>[number]): string {
  const conditions = presetConditions(p).map(([k, v]) => {
    const o = options.find((x) => x.name === k);
    return o ? `${optionLabel(t, k)} ${valueText(t, o, v)}` : `${k} ${String(v)}`;
  });
  return conditions.length ? `${presetLabel(t, p.name)} (${conditions.join(', ')})` : presetLabel(t, p.name);
}

export function valueText(t: Dict, o: RuleOption | undefined, v: unknown): string {
  if (typeof v === 'boolean') return v ? t.yes : t.no;
  if (!o) return String(v);
  if (o.type === 'int' && v === 0 && o.zero_means) return t.none;
  if (o.type === 'setup') {
    if (v === '' || v === null || v === undefined) return t.none;
    const preset = o.presets?.find((p) => p.value === v);
    return preset ? presetLabel(t, preset.name) : String(v);
  }
  return String(v);
}

// A rules text ("own_pieces_in_zone=1,piece6_both=0") in words: "" for the standard rules (no
// option changed from its default), else the changed options, "Label: value" joined by " · ".
export function rulesInWords(t: Dict, options: RuleOption[], rules: string): string {
  const changed: string[] = [];
  for (const part of rules.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const raw = eq < 0 ? '' : part.slice(eq + 1);
    const o = options.find((x) => x.name === name);
    const v: unknown = !o ? raw : o.type === 'bool' ? raw === '1' || raw === 'true'
      : o.type === 'int' && raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    if (o && (v === o.default || (o.type === 'setup' && !v && !o.default))) continue;
    changed.push(`${optionLabel(t, name)}: ${valueText(t, o, v)}`);
  }
  return changed.join(' · ');
}

// The rules of a game: every declared option with its value (alternatives shown instead of the
// option they replace when the game uses them), values the game changed from the default marked.
export function RulesSummary({ options, values }: { options: RuleOption[]; values: Record<string, unknown> }) {
  const { t } = useTexts();
  const entries: { name: string; label: string; text: string; raw: unknown; changed: boolean }[] = [];
  for (const o of options) {
    const v = values[o.name];
    if (o.instead_of) {
      if (values[o.instead_of] !== null && values[o.instead_of] !== undefined) continue;
    } else if (v === null || v === undefined) {
      continue;  // replaced by its alternatives, or not held by this game
    }
    entries.push({
      name: o.name, label: optionLabel(t, o.name), text: valueText(t, o, v), raw: v,
      changed: o.instead_of ? true : v !== o.default,
    });
  }
  // Values the registry declares no option for still show (raw).
  for (const [k, v] of Object.entries(values))
    if (!options.some((o) => o.name === k) && v !== null && typeof v !== 'object')
      entries.push({ name: k, label: k, text: valueText(t, undefined, v), raw: v, changed: false });
  if (!entries.length) return null;
  return (
    <dl class="rules-summary" data-testid="rules">
      {entries.map((e) => (
        <div key={e.name} class={e.changed ? 'changed' : ''} data-rule={e.name} data-value={String(e.raw)}>
          <dt>{e.label}</dt>
          <dd>{e.text}</dd>
        </div>
      ))}
    </dl>
  );
}
