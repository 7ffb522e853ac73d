// The text tables (common/text_table.ts and the *_texts.json beside the modules) and the rules
// pages' texts (learn/rules_content.json): every text in each of the UI's four languages, and
// every rules diagram a real step of a shipped lesson.
import { describe, expect, test } from 'vitest';
import { dictOf, dictsOf } from '../../src/common/text_table';
import { LANGS, fillText } from '../../src/common/i18n';
import { ACCOUNT_TEXTS } from '../../src/account/account_texts';
import { BASE_TEXTS } from '../../src/base/base_texts';
import { LOBBY_TEXTS } from '../../src/lobby/lobby_texts';
import { LEARN_TEXTS } from '../../src/learn/learn_texts';
import { REVIEW_TEXTS } from '../../src/review/review_texts';
import { RULES } from '../../src/learn/rules_content';
import type { Texts } from '../../src/learn/learn_api';
import accountTable from '../../src/account/account_texts.json';
import baseTable from '../../src/base/base_texts.json';
import lobbyTable from '../../src/lobby/lobby_texts.json';
import reviewTable from '../../src/review/review_texts.json';
import togyzLessons from '../../../data/lessons/togyz.json';
import tojmotLessons from '../../../data/lessons/tojmot.json';
import capgoLessons from '../../../data/lessons/capgo.json';

const CODES = LANGS.map((l) => l.code);

describe('dictsOf', () => {
  const table = { hello: { en: 'Hello', ru: 'Привет', kk: 'Сәлем', uz: 'Salom' }, only: { en: 'English only' } };
  test('one dictionary per language, each text in it', () => {
    const d = dictsOf(table);
    expect(Object.keys(d).sort()).toEqual([...CODES].sort());
    expect(d.kk.hello).toBe('Сәлем');
    expect(d.uz.hello).toBe('Salom');
  });
  test('a text missing in a language falls back to English', () => {
    expect(dictOf(table, 'ru').only).toBe('English only');
  });
});

test('fillText fills the {name} places it has values for and leaves the others', () => {
  expect(fillText('{side} pit {n}: {count} stones', { side: 'White', n: 3, count: 0 })).toBe('White pit 3: 0 stones');
  expect(fillText('{name} declined {what}', { name: 'Bob' })).toBe('Bob declined {what}');
  expect(fillText('no places', { a: 1 })).toBe('no places');
});

describe('the text tables', () => {
  const tables = { ACCOUNT_TEXTS, BASE_TEXTS, LOBBY_TEXTS, LEARN_TEXTS, REVIEW_TEXTS };
  for (const [name, dicts] of Object.entries(tables)) {
    test(`${name}: every text in every language, none empty`, () => {
      const keys = Object.keys(dicts.en);
      expect(keys.length).toBeGreaterThan(10);
      for (const lang of CODES) {
        expect(Object.keys(dicts[lang]).sort()).toEqual([...keys].sort());
        for (const k of keys) expect(dicts[lang][k as keyof typeof dicts.en], `${name}.${lang}.${k}`).toMatch(/\S/);
      }
    });
  }
  test('each table file holds each text in the four languages (no English fallback needed)', () => {
    const tables = { account_texts: accountTable, base_texts: baseTable, lobby_texts: lobbyTable, review_texts: reviewTable };
    for (const [file, table] of Object.entries(tables))
      for (const [k, v] of Object.entries(table)) expect(Object.keys(v).sort(), `${file}: ${k}`).toEqual([...CODES].sort());
  });
});

describe('the rules pages', () => {
  const lessons = new Map<string, number>();  // lesson id -> its number of steps
  for (const doc of [togyzLessons, tojmotLessons, capgoLessons] as { lessons: { id: string; steps: unknown[] }[] }[])
    for (const l of doc.lessons) lessons.set(l.id, l.steps.length);
  const inFourLanguages = (what: string, x: Texts) => {
    for (const lang of CODES) expect(x[lang], `${what} (${lang})`).toMatch(/\S/);
  };

  test('a page for each of the three games', () => {
    expect(Object.keys(RULES).sort()).toEqual(['capgo', 'togyz', 'tojmot']);
  });
  for (const [game, doc] of Object.entries(RULES)) {
    test(`${game}: every heading, point and caption in the four languages`, () => {
      inFourLanguages(`${game} title`, doc.title);
      inFourLanguages(`${game} summary`, doc.summary);
      expect(doc.sections.length).toBeGreaterThan(2);
      doc.sections.forEach((s, i) => {
        inFourLanguages(`${game} section ${i + 1}`, s.heading);
        expect(s.points.length).toBeGreaterThan(0);
        s.points.forEach((p, j) => inFourLanguages(`${game} section ${i + 1} point ${j + 1}`, p));
        if (s.diagram) inFourLanguages(`${game} section ${i + 1} caption`, s.diagram.caption);
      });
    });
    test(`${game}: every diagram is a step of a shipped lesson of this game`, () => {
      for (const s of doc.sections) {
        if (!s.diagram) continue;
        const { lesson, step } = s.diagram;
        expect(lesson.startsWith(`${game}-`), lesson).toBe(true);
        expect(lessons.has(lesson), `${lesson} in data/lessons`).toBe(true);
        expect(step).toBeGreaterThanOrEqual(1);
        expect(step).toBeLessThanOrEqual(lessons.get(lesson)!);
      }
    });
  }
});
