// The sign-up dialog's word on a user name as it is typed (account/user_name.ts): the server's
// rules (src/server/accounts/user_names.h), Latin or Cyrillic with Kazakh's and Uzbek's letters,
// one script per name, and why a name cannot be taken.
import { describe, expect, test } from 'vitest';
import { usernameProblem } from '../../src/account/user_name';
import { ACCOUNT_TEXTS } from '../../src/account/account_texts';

const en = ACCOUNT_TEXTS.en as unknown as Record<string, string>;
const ru = ACCOUNT_TEXTS.ru as unknown as Record<string, string>;

describe('usernameProblem', () => {
  test('Latin or Cyrillic names are good', () => {
    for (const name of ['Erlan_1987', 'Ерік', 'Қайрат', 'Әсел-2', 'Ғалым', 'Нұрлан', 'Өмір', 'Үміт', 'Іңкәр', 'Һәсен',
      'Ўткир', 'Ҳамза', 'ёжик', '2024', 'абвгдеёжзийклмнопрст'])
      expect(usernameProblem(en, name), name).toBe('');
  });

  test('Uzbek Latin names keep ʻ and ʼ after a letter', () => {
    for (const name of ['Oʻtkir', 'Gʻulom', 'Maʼruf']) expect(usernameProblem(en, name), name).toBe('');
    expect(usernameProblem(en, 'ʻOtkir')).toBe('Not allowed here: ʻ. Use Latin or Cyrillic letters, digits, _ or -.');
    expect(usernameProblem(en, "O'tkir")).toBe("Not allowed here: '. Use Latin or Cyrillic letters, digits, _ or -.");
  });

  test('one script a name', () => {
    expect(usernameProblem(en, 'Аsан')).toBe('Latin and Cyrillic letters together: write the name in one of them.');
    expect(usernameProblem(ru, 'Erлан')).toBe('Латиница вместе с кириллицей: напишите имя чем-то одним.');
  });

  test('other characters and lengths are named', () => {
    expect(usernameProblem(en, 'ädam ok')).toBe('Not allowed here: ä ␣. Use Latin or Cyrillic letters, digits, _ or -.');
    expect(usernameProblem(en, 'Ερικ')).toBe('Not allowed here: Ε ρ ι κ. Use Latin or Cyrillic letters, digits, _ or -.');
    expect(usernameProblem(en, 'абвгдеёжзийклмнопрсту')).toBe('Too long: 21 characters, at most 20.');
    expect(usernameProblem(en, '')).toBe('');
  });
});
