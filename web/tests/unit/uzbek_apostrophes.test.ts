// Uzbek is written with one pair of marks: ʻ (U+02BB) in oʻ and gʻ, ʼ (U+02BC) for the sign
// (maʼlumot, eʼlon); never ' ‘ ’ or ` inside a word. Every Uzbek text of the UI: each *.json text
// table under src/ and the dictionary of i18n.ts.
import { describe, expect, it } from 'vitest';
import { DICTS } from '../../src/common/i18n';

// Every JSON file under src/, by path ("../../src/lobby/lobby_texts.json").
const TABLES = (import.meta as unknown as { glob: (p: string, o: object) => Record<string, unknown> })
  .glob('../../src/**/*.json', { eager: true, import: 'default' });
const ELSEWHERE = new Set<string>();  // none: every table is checked

function uzbekStrings(o: unknown, inUz: boolean, out: string[]) {
  if (typeof o === 'string') {
    if (inUz) out.push(o);
  } else if (Array.isArray(o)) {
    for (const v of o) uzbekStrings(v, inUz, out);
  } else if (o && typeof o === 'object') {
    for (const [k, v] of Object.entries(o)) uzbekStrings(v, inUz || k === 'uz', out);
  }
}

// The marks in `s` that are wrong: a quote-like mark inside a word, ʼ after o/g, ʻ elsewhere.
export function wrongMarks(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(/(\p{L})(['‘’`ʻʼ])(?=\p{L})/gu)) {
    const [all, before, mark] = m;
    const og = /[oOgG]/.test(before);
    if ((og && mark !== 'ʻ') || (!og && mark !== 'ʼ')) out.push(`${all}… in "${s}"`);
  }
  return out;
}

describe('Uzbek apostrophes', () => {
  it('the check finds the wrong marks', () => {
    expect(wrongMarks("o'yin")).toHaveLength(1);
    expect(wrongMarks('yo‘q')).toHaveLength(1);
    expect(wrongMarks('maʻlumot')).toHaveLength(1);
    expect(wrongMarks('oʻyin, maʼlumot, gʻolib')).toEqual([]);
  });
  it('every text table under src/ uses ʻ and ʼ', () => {
    const files = Object.keys(TABLES).filter((f) => !ELSEWHERE.has(f));
    expect(files.length).toBeGreaterThan(5);
    let count = 0;
    for (const f of files) {
      const strings: string[] = [];
      uzbekStrings(TABLES[f], false, strings);
      count += strings.length;
      expect(strings.flatMap(wrongMarks), f).toEqual([]);
    }
    expect(count).toBeGreaterThan(300);
  });
  it('the dictionary of i18n.ts uses ʻ and ʼ', () => {
    expect(Object.values(DICTS.uz).flatMap((s) => wrongMarks(String(s)))).toEqual([]);
  });
});
