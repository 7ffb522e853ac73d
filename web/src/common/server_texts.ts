// The texts of what the server sends as codes: end reasons (state.end), errors ({"code"}), rule
// options and their presets (meta rule_options), in every UI language. The texts live in
// server_texts.json so that a test can check against a real server's /api/meta that none is
// missing (web/tests/texts.test.mjs).
import texts from './server_texts.json';
import type { ApiError, GameEnd } from './api';
import { sideName, type Dict, fillText } from './i18n';

type Texts = Record<string, Record<string, string>>;
const END = texts.end as Texts;
const ERRORS = texts.errors as Texts;
const OPTIONS = texts.options as Texts;
const PRESETS = texts.presets as Texts;
const ILLEGAL = (texts as { illegal?: Texts }).illegal ?? {};

// The end reason in the UI language: "{loser} resigned", "target reached: 3 captured, …".
export function endText(t: Dict, end: GameEnd, sides: [string, string]): string {
  const loser = end.winner === null ? '' : end.winner === sides[0] ? sides[1] : sides[0];
  // A clock's end without a winner (the side with time left could not win) has a text of its own.
  const code = end.winner === null && END[`${end.code}_draw`] ? `${end.code}_draw` : end.code;
  const text = END[code]?.[t.lang] ?? END[code]?.en ?? code;
  return fillText(text, {
    a: end.args?.[0] ?? 0,
    b: end.args?.[1] ?? 0,
    winner: end.winner ? sideName(t, end.winner) : '',
    loser: loser ? sideName(t, loser) : '',
  });
}

// An error in the UI language by its code; the server's English text when the code is unknown
// (or absent: a server older than the codes).
export function errorText(t: Dict, e: unknown): string {
  const err = e as Partial<ApiError> & { message?: string };
  // An illegal move with a reason the game gives as a code (a Go point taken, suicide, ko).
  const why = err.code === 'illegal_move' ? err.params?.why : undefined;
  if (typeof why === 'string' && ILLEGAL[why]?.[t.lang]) return ILLEGAL[why][t.lang];
  const known = err.code ? ERRORS[err.code]?.[t.lang] : undefined;
  if (!known) return err.message ?? String(e);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(err.params ?? {})) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  // Some routes name a missing player "name", others "username" (the text's placeholder).
  if (params.username === undefined && params.name !== undefined) params.username = params.name;
  return fillText(known, params);
}

export function optionLabel(t: Dict, name: string): string {
  return OPTIONS[name]?.[t.lang] ?? OPTIONS[name]?.en ?? name;
}

export function presetLabel(t: Dict, name: string): string {
  return PRESETS[name]?.[t.lang] ?? PRESETS[name]?.en ?? name;
}

// A longer explanation of an option, where there is one.
export function optionHint(t: Dict, name: string): string {
  const hints = (texts as { hints?: Texts }).hints ?? {};
  return hints[name]?.[t.lang] ?? '';
}
