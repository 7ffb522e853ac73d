// What the new-game dialog shows beside a computer level: its fixed rating on the players'
// Glicko-2 scale (meta `levels[].rating`, docs/engines.md "Levels"), "≈ 1,200" as the language
// writes numbers (ru/kk/uz group thousands with a space, en with a comma).
import type { Lang } from '../common/i18n';

export function levelRatingText(lang: Lang, rating: number): string {
  return `≈ ${new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(rating)}`;
}
