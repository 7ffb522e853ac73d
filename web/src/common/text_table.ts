// The UI's texts are kept as tables, one entry per text with one string per language (the
// *_texts.json files beside the modules that show them), so that a text and its translations
// stand together and the tests can check that none is missing. A table becomes one dictionary
// per language here; a text missing in a language falls back to English.
import type { Lang } from './i18n';

export type TextTable = Record<string, Partial<Record<string, string>>>;

export function dictOf<K extends string>(table: Record<K, Partial<Record<string, string>>>, lang: Lang): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of Object.keys(table) as K[]) out[k] = table[k][lang] ?? table[k].en ?? k;
  return out;
}

export function dictsOf<K extends string>(table: Record<K, Partial<Record<string, string>>>): Record<Lang, Record<K, string>> {
  return { en: dictOf(table, 'en'), ru: dictOf(table, 'ru'), kk: dictOf(table, 'kk'), uz: dictOf(table, 'uz') };
}
