// The texts of the learning pages in the four UI languages, kept in learn_texts.json (one entry
// per text, one string per language) so that web/tests/learn_texts.test.mjs can check that none
// is missing or copied from English.
import type { Lang } from '../common/i18n';
import texts from './learn_texts.json';

type Key = keyof typeof texts;
export type LearnDict = Record<Key, string>;

function dict(lang: Lang): LearnDict {
  const out = {} as LearnDict;
  for (const k of Object.keys(texts) as Key[]) out[k] = texts[k][lang] ?? texts[k].en;
  return out;
}

export const LEARN_TEXTS: Record<Lang, LearnDict> = { en: dict('en'), ru: dict('ru'), kk: dict('kk'), uz: dict('uz') };

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}
