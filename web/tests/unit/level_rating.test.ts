// The computer level's rating beside the level slider of the new-game dialog: the number as each
// language writes it, and a title in every language.
import { describe, expect, test } from 'vitest';
import { levelRatingText } from '../../src/play/level_rating';
import { DICTS } from '../../src/common/i18n';

describe('levelRatingText', () => {
  test('English groups thousands with a comma', () => {
    expect(levelRatingText('en', 1200)).toBe('≈ 1,200');
    expect(levelRatingText('en', 845)).toBe('≈ 845');
  });
  test('Russian, Kazakh and Uzbek group them with a no-break space', () => {
    for (const lang of ['ru', 'kk', 'uz'] as const) expect(levelRatingText(lang, 2101)).toBe('≈ 2\u00a0101');
  });
  test('a rating is a whole number', () => {
    expect(levelRatingText('en', 1199.6)).toBe('≈ 1,200');
  });
  test('every language says what the number is', () => {
    for (const lang of ['en', 'ru', 'kk', 'uz'] as const) {
      expect(DICTS[lang].levelRating.length).toBeGreaterThan(10);
      expect(DICTS[lang].levelRating).not.toBe(lang === 'en' ? '' : DICTS.en.levelRating);
    }
  });
});
