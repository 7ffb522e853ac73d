// What a new account's user name may be, as the server checks it (src/server/accounts/
// user_names.h), said while it is typed: 3..20 characters of Latin or Cyrillic letters (with
// Kazakh's and Uzbek's own), digits, _ and -, one script per name.
import { fillText } from '../common/i18n';

const LATIN = /^[A-Za-z]$/;
const CYRILLIC = /^[А-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІіЎўҲҳ]$/u;
const NEUTRAL = /^[0-9_-]$/;
const UZBEK_MARK = /^[\u02BB\u02BC]$/u;  // ʻ (oʻ, gʻ) and ʼ: after a Latin letter

// The reason a new account cannot have user name `name` ('' for a good one or none typed yet).
export function usernameProblem(at: Record<string, string>, name: string): string {
  if (!name) return '';
  const chars = [...name];
  if (chars.length > 20) return fillText(at.nameTooLong, { n: chars.length });
  const mark = (c: string, i: number) => UZBEK_MARK.test(c) && i > 0 && LATIN.test(chars[i - 1]);
  const bad = [...new Set(chars.filter((c, i) => !LATIN.test(c) && !CYRILLIC.test(c) && !NEUTRAL.test(c) && !mark(c, i)))];
  if (bad.length) return fillText(at.nameBadCharacters, { chars: bad.map((c) => (c === ' ' ? '␣' : c)).join(' ') });
  if (chars.some((c) => LATIN.test(c) || UZBEK_MARK.test(c)) && chars.some((c) => CYRILLIC.test(c))) return at.nameMixedScripts;
  return '';
}
