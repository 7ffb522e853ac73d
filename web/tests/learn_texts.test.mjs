// Every text of the learning pages (web/src/learn/learn_texts.json) and of the shipped lessons
// (data/lessons/*.json: titles, intros, tasks, hints, explanations) exists in every UI language,
// is not the English one copied, and uses only the placeholders the English text has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';

const LANGS = ['kk', 'uz', 'ru', 'en'];
const placeholders = (s) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

function problems(where, entry) {
  const out = [];
  for (const lang of LANGS) {
    const s = entry?.[lang];
    if (typeof s !== 'string' || !s.trim()) out.push(`${where}: no ${lang} text`);
    else if (lang !== 'en' && s === entry.en && /[a-z]{4}/i.test(s)) out.push(`${where}: the ${lang} text is the English one`);
    else for (const p of placeholders(s)) if (!placeholders(entry.en ?? '').has(p)) out.push(`${where}: ${lang} uses {${p}}`);
  }
  return out;
}

test('every text of the learning pages is in every language', () => {
  const texts = JSON.parse(readFileSync(path.join(ROOT, 'web', 'src', 'learn', 'learn_texts.json'), 'utf8'));
  assert.ok(Object.keys(texts).length > 10);
  assert.deepEqual(Object.entries(texts).flatMap(([k, v]) => problems(k, v)), []);
});

test('every text of every shipped lesson is in every language', () => {
  const dir = path.join(ROOT, 'data', 'lessons');
  const found = [];
  let n = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    for (const l of doc.lessons) {
      found.push(...problems(`${l.id} title`, l.title));
      if (l.intro) found.push(...problems(`${l.id} intro`, l.intro));
      l.steps.forEach((s, i) => {
        for (const k of ['task', 'hint', 'wrong']) found.push(...problems(`${l.id} ${i + 1} ${k}`, s[k]));
        if (s.done) found.push(...problems(`${l.id} ${i + 1} done`, s.done));
        for (const e of s.explain ?? []) found.push(...problems(`${l.id} ${i + 1} explain`, e.text));
        ++n;
      });
    }
  }
  assert.ok(n > 50, `only ${n} steps`);
  assert.deepEqual(found, []);
});

test('the check fails on a missing or copied text', () => {
  assert.deepEqual(problems('x', { en: 'Hint', ru: 'Hint', kk: 'Кеңес' }), ['x: no uz text', 'x: the ru text is the English one']);
});
