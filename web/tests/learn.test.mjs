// Browser tests of the learning pages: Debian's chromium (headless) driven by playwright-core
// against a real server with the shipped lessons. One lesson of each game is completed by
// clicking, a wrong move shows its explanation, the progress survives a reload, and the rules
// pages draw their diagrams with the play boards; the Tojmot rules page says each piece's move in
// words with a picture of where it goes, and no coordinate pairs, in all four languages.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

serverAndBrowser([], (s, b) => {
  server = s;
  browser = b;
});

async function newPage(locale = 'en-US') {
  return openPage(browser, { viewport: { width: 1280, height: 900 }, locale });
}

async function openLesson(page, id) {
  await page.goto(`${server.url}/#/learn`);
  await page.click(`[data-lesson-link=${id}]`);
  await page.waitForSelector(`.lesson-page[data-lesson=${id}][data-step="1"][data-state=asking]`);
}

// Plays `clicks` (selectors, in order) and waits for the server's verdict.
async function attempt(page, clicks, state) {
  for (const c of clicks) await page.click(c);
  await page.waitForSelector(`.lesson-page[data-state=${state}]`);
}

async function nextStep(page, n) {
  await page.click('[data-action=next-step]');
  await page.waitForSelector(`.lesson-page[data-step="${n}"][data-state=asking]`);
}

function shot(page, name) {
  return page.screenshot({ path: path.join(ARTIFACTS, name) });
}

describe('learn', () => {
  test('the learn page lists every game with its rules and lessons', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.click('[data-nav=learn]');
    await page.waitForSelector('[data-lesson-link]');
    for (const game of ['togyz', 'tojmot', 'capgo']) {
      assert.ok(await page.$(`[data-learn-game=${game}] [data-rules-link=${game}]`), `${game}: no rules link`);
      const n = await page.$$eval(`[data-learn-game=${game}] [data-lesson-link]`, (els) => els.length);
      assert.ok(n >= 5, `${game}: ${n} lessons`);
    }
    assert.deepEqual(page.errors, []);
  });

  test('Tojmot: a wrong move is explained, then the lesson is completed and remembered', async () => {
    const page = await newPage();
    await openLesson(page, 'tojmot-piece-4');
    assert.equal(await page.textContent('[data-testid=step-count]'), 'Step 1 of 2');
    assert.ok(await page.$('[data-mark=D14]'), 'the marked cell is drawn');
    await attempt(page, ['[data-cell=D6]', '[data-cell=D12]'], 'wrong');
    assert.match(await page.textContent('[data-feedback=wrong]'), /does not bring the 4 to D14/);
    await shot(page, 'learn-tojmot-wrong.png');
    await page.click('[data-action=again]');
    await page.waitForSelector('.lesson-page[data-state=asking]');
    await attempt(page, ['[data-cell=D6]', '[data-cell=D14]'], 'solved');
    await nextStep(page, 2);
    await attempt(page, ['[data-cell=D6]', '[data-cell=J6]'], 'finished');
    assert.ok(await page.$('[data-testid=lesson-done]'));
    await page.goto(`${server.url}/#/learn`);
    await page.reload();
    await page.waitForSelector('[data-done=tojmot-piece-4]');
    assert.deepEqual(page.errors, []);
  });

  test('Togyz Kumalak: the capture lesson by clicking pits, with a wrong move explained', async () => {
    const page = await newPage();
    await openLesson(page, 'togyz-capture');
    await attempt(page, ['[data-pit=w1]'], 'wrong');
    assert.match(await page.textContent('[data-testid=explanation]'), /captures nothing/);
    await page.click('[data-action=again]');
    await attempt(page, ['[data-pit=w9]'], 'solved');
    assert.equal(await page.textContent('[data-kazan=white] .tk-kazan-count'), '45');
    assert.match(await page.textContent('[data-feedback=correct]'), /6 stones are in your kazan/);
    await nextStep(page, 2);
    await attempt(page, ['[data-pit=w9]'], 'wrong');
    assert.match(await page.textContent('[data-testid=explanation]'), /from pit 6 you can take 8/);
    await page.click('[data-action=again]');
    await attempt(page, ['[data-pit=w6]'], 'solved');
    await nextStep(page, 3);
    await attempt(page, ['[data-pit=w9]'], 'finished');
    await shot(page, 'learn-togyz-done.png');
    assert.deepEqual(page.errors, []);
  });

  test('Capture Go: the atari lesson, and a forbidden point explained (suicide)', async () => {
    const page = await newPage();
    await openLesson(page, 'capgo-atari');
    await attempt(page, ['[data-point=A1]'], 'wrong');
    assert.match(await page.textContent('[data-testid=explanation]'), /still has two liberties/);
    await page.click('[data-action=again]');
    await attempt(page, ['[data-point=D5]'], 'solved');
    await nextStep(page, 2);
    await attempt(page, ['[data-point=E5]'], 'finished');
    await openLesson(page, 'capgo-suicide-ko');
    await attempt(page, ['[data-point=A1]'], 'wrong');
    assert.equal(await page.getAttribute('.lesson-feedback', 'data-feedback'), 'illegal');
    assert.match(await page.textContent('[data-testid=explanation]'), /A1 is suicide/);
    await shot(page, 'learn-capgo-suicide.png');
    assert.deepEqual(page.errors, []);
  });

  test('the rules pages draw live diagrams, in Russian too', async () => {
    const page = await newPage('ru-RU');
    for (const game of ['togyz', 'tojmot', 'capgo']) {
      await page.goto(`${server.url}/#/learn/rules/${game}`);
      await page.waitForSelector(`[data-rules=${game}] .rules-diagram svg`);
      assert.ok((await page.$$('.rules-section')).length >= 3, `${game}: too few sections`);
    }
    assert.match(await page.textContent('[data-rules=capgo] h1'), /Правила го на взятие/);
    // A move on a diagram is played by the server and the position after it drawn.
    await page.click('[data-diagram="capgo-capture/1"] [data-point=D3]');
    await page.waitForSelector('[data-diagram="capgo-capture/1"] [data-action=reset-diagram]');
    assert.equal(await page.getAttribute('[data-diagram="capgo-capture/1"] [data-point=D4]', 'data-stone'), '.');
    await shot(page, 'learn-rules-capgo.png');
    assert.deepEqual(page.errors, []);
  });

  test('the Tojmot rules page says each piece\'s move in words, with a picture of where it goes', async () => {
    // The cells each piece reaches from the middle of the picture (../shared/rules/tojmot.md).
    const reach = { 1: 8, 9: 8, 2: 4, 3: 8, 4: 8, 5: 4, 6: 4, 7: 24, 8: 16, roman: 2 };
    for (const locale of ['en-US', 'ru-RU', 'kk-KZ', 'uz-UZ']) {
      const page = await newPage(locale);
      await page.goto(`${server.url}/#/learn/rules/tojmot`);
      await page.waitForSelector('[data-rules=tojmot] [data-piece-moves] svg');
      const pictures = await page.$$eval('[data-piece-moves]', (figs) => figs.map((f) => ({
        kind: f.dataset.pieceMoves,
        targets: Number(f.querySelector('svg').dataset.targets),
        marks: f.querySelectorAll('svg [data-reach]').length,
        words: f.querySelector('figcaption').textContent.length,
      })));
      assert.deepEqual(Object.fromEntries(pictures.map((p) => [p.kind, p.targets])), reach, locale);
      for (const p of pictures) {
        assert.equal(p.marks, p.targets, `${locale} ${p.kind}: a mark on each cell`);
        assert.ok(p.words > 40, `${locale} ${p.kind}: its move in words`);
      }
      const text = await page.textContent('[data-rules=tojmot]');
      assert.doesNotMatch(text, /\(±|\(\s*-?\d+\s*,\s*-?\d+\s*\)/, `${locale}: coordinates on the page`);
      if (locale === 'ru-RU') await page.locator('.piece-moves').screenshot({ path: path.join(ARTIFACTS, 'learn-tojmot-pieces-ru.png') });
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });
});
