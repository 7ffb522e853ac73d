// Every code a real server can send has a text in every UI language: the end reasons (each
// game's end_codes and the server's own), the errors (error_codes), the rule options and their
// presets, as GET /api/meta lists them. Fails on a missing text, an empty one, a Kazakh, Uzbek or
// Russian text that is the English one copied, or a placeholder the English text does not have.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from './harness.mjs';

// The UI's languages (web/src/common/i18n.ts LANGS).
const LANGS = ['kk', 'uz', 'ru', 'en'];
const texts = JSON.parse(readFileSync(path.join(ROOT, 'web', 'src', 'common', 'server_texts.json'), 'utf8'));

let server;
let meta;

before(async () => {
  server = await startServer();
  meta = await (await fetch(`${server.url}/api/meta`)).json();
});

after(async () => {
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, `the server did not stop cleanly: ${stopped?.stderr}`);
});

function placeholders(s) {
  return new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
}

// The codes of one kind with no complete set of real translations.
function missing(section, codes) {
  const problems = [];
  for (const code of codes) {
    const entry = texts[section]?.[code];
    if (!entry) {
      problems.push(`${section}.${code}: no texts at all`);
      continue;
    }
    for (const lang of LANGS) {
      const s = entry[lang];
      if (typeof s !== 'string' || !s.trim()) problems.push(`${section}.${code}: no ${lang} text`);
      else if (lang !== 'en' && s === entry.en && /[a-z]{3}/i.test(s)) problems.push(`${section}.${code}: the ${lang} text is the English one`);
      else for (const p of placeholders(s)) if (!placeholders(entry.en ?? '').has(p)) problems.push(`${section}.${code}: ${lang} uses {${p}}, English does not`);
    }
  }
  return problems;
}

test('the server lists its codes in /api/meta', () => {
  assert.ok(Array.isArray(meta.end_codes) && meta.end_codes.length > 0, 'meta.end_codes is missing');
  assert.ok(Array.isArray(meta.error_codes) && meta.error_codes.length > 0, 'meta.error_codes is missing');
  assert.ok(meta.games.length > 0);
  for (const g of meta.games) assert.ok(Array.isArray(g.end_codes) && g.end_codes.length > 0, `${g.name}: no end_codes`);
});

test('every end reason has a text in every language', () => {
  const codes = new Set(meta.end_codes);
  for (const g of meta.games) for (const c of g.end_codes ?? []) codes.add(c);
  assert.deepEqual(missing('end', [...codes]), []);
});

test('every error code has a text in every language', () => {
  assert.deepEqual(missing('errors', meta.error_codes), []);
});

test('every rule option and preset has a text in every language', () => {
  const options = new Set();
  const presets = new Set();
  for (const g of meta.games)
    for (const o of g.rule_options ?? []) {
      options.add(o.name);
      for (const p of o.presets ?? []) presets.add(p.name);
    }
  assert.deepEqual(missing('options', [...options]), []);
  assert.deepEqual(missing('presets', [...presets]), []);
});

test('the check itself fails on a missing or copied text', () => {
  assert.deepEqual(missing('end', ['no_such_code']), ['end.no_such_code: no texts at all']);
  const saved = texts.end.mate;
  texts.end.mate = { en: 'mate in one', ru: 'mate in one', kk: 'мат', uz: '' };
  try {
    assert.deepEqual(missing('end', ['mate']), ['end.mate: no uz text', 'end.mate: the ru text is the English one']);
  } finally {
    texts.end.mate = saved;
  }
});
