// What every page reads and nobody should have to hand down: the language the user chose, its
// texts, and the games the server plays (/api/meta). The app provides it once; a component
// takes it with useTexts(), and a domain's own texts with useDict(ITS_TEXTS).
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useMemo } from 'preact/hooks';
import type { MetaGame } from './api';
import { DICTS, type Dict, type Lang } from './i18n';

export interface TextsValue {
  lang: Lang;
  t: Dict;
  meta: MetaGame[];      // the games the server plays; empty until /api/meta has answered
  metaReady: boolean;    // /api/meta has answered (or failed: then no games)
}

const TextsContext = createContext<TextsValue>({ lang: 'en', t: DICTS.en, meta: [], metaReady: false });

export function TextsProvider({ lang, meta, children }: { lang: Lang; meta: MetaGame[] | null; children: ComponentChildren }) {
  // One value while the language and the games stay the same: its readers redraw only on a change.
  const value = useMemo(() => ({ lang, t: DICTS[lang], meta: meta ?? [], metaReady: meta !== null }), [lang, meta]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
}

export function useTexts(): TextsValue {
  return useContext(TextsContext);
}

// A domain's dictionary (ACCOUNT_TEXTS, LOBBY_TEXTS, ...) in the current language.
export function useDict<D>(dicts: Record<Lang, D>): D {
  return dicts[useTexts().lang];
}

// A game's entry in /api/meta.
export function useGameMeta(game: string): MetaGame | undefined {
  return useTexts().meta.find((m) => m.name === game);
}
