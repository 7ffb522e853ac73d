// The trainer's words for puzzle goals: the game's own ("Mate in 2") and the goals short of the
// game's end (Togyz "stones", Tojmot "material"), with the note that says how they are counted,
// in each of the four languages.
import { describe, expect, test } from 'vitest';
import { LEARN_TEXTS } from '../../src/learn/learn_texts';
import { goalNote, themeText } from '../../src/learn/puzzles_api';

describe('puzzle goals', () => {
  test('every goal depth tag has its text', () => {
    const en = LEARN_TEXTS.en;
    expect(themeText(en, 'mate-in-2')).toBe('Mate in 2');
    expect(themeText(en, 'stones-in-1')).toBe('Win 10 stones in 1');
    expect(themeText(en, 'stones-in-3')).toBe('Win 10 stones in 3');
    expect(themeText(en, 'material-in-2')).toBe('Win material in 2');
    expect(themeText(LEARN_TEXTS.ru, 'stones-in-2')).toBe('Выиграть 10 камней за 2 хода');
    expect(themeText(LEARN_TEXTS.kk, 'material-in-1')).toBe('1 жүрісте материал ұту');
    expect(themeText(LEARN_TEXTS.uz, 'stones-in-2')).toBe('2 yurishda 10 ta tosh yutish');
  });

  test('a note says how a goal short of the end is counted, and only for those', () => {
    for (const dict of Object.values(LEARN_TEXTS)) {
      expect(goalNote(dict, 'stones')).toMatch(/10/);
      expect(goalNote(dict, 'material')).toMatch(/3.*4.*9/);
      expect(goalNote(dict, 'mate')).toBe('');
      expect(goalNote(dict, 'win')).toBe('');
      expect(goalNote(dict, 'capture')).toBe('');
    }
    expect(goalNote(LEARN_TEXTS.en, 'stones')).toContain('counted after their answer');
  });
});
