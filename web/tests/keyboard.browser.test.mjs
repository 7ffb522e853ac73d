// A keyboard-only game in the real headless chromium against a real `oyin serve`: Tab and Enter
// choose the game, the computer, its level, the colour and start; the arrow keys move the focus
// cursor over the pits (as drawn) and Enter sows; Resign opens its confirm dialog, which takes
// the focus and keeps it (Tab cycles inside), Escape closes it and gives the focus back to
// Resign; the clocks say whose they are and their time, the page has a heading, and the icons are
// inline SVG. The arrows move the cursor over Tojmot's cells and capture Go's points too (the
// board gallery). Screenshots: build/test-artifacts/keyboard-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

serverAndBrowser([], (s, b) => {
  server = s;
  browser = b;
});

const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  if (!el) return null;
  for (const a of ['data-pit', 'data-cell', 'data-point', 'data-action', 'data-game', 'data-mode', 'data-color', 'data-opt'])
    if (el.hasAttribute(a)) return `${a}=${el.getAttribute(a)}`;
  return el.tagName;
});

// Presses Tab (or Shift+Tab) until the element matching `selector` has the focus.
async function tabTo(page, selector, back = false) {
  for (let i = 0; i < 80; ++i) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`Tab never reached ${selector} (focus on ${await focused(page)})`);
}

test('a game against the computer played from the keyboard only: start, move, resign with its dialog', async () => {
  const page = await openPage(browser);
  await page.goto(server.url);
  await page.waitForSelector('[data-game=togyz]');
  await tabTo(page, '[data-game=togyz]');
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-opt=clock]');
  await page.keyboard.press('ArrowDown');  // the first time control
  assert.notEqual(await page.inputValue('[data-opt=clock]'), '-1');
  await tabTo(page, '[data-mode=ai]');
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-opt=level]');
  await page.keyboard.press('Home');  // the quickest level
  await tabTo(page, '[data-color=white]');
  await page.keyboard.press('Space');
  await tabTo(page, '[data-action=start]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.game-page[data-board-ready=yes]');

  // Headings and clocks a screen reader can name.
  assert.match(await page.textContent('h1[data-testid=game-heading]'), /Togyz.*White.*You.*Black.*Computer/);
  assert.match(await page.getAttribute('[data-testid=clock-white]', 'aria-label'), /^White: \d+:\d\d/);
  assert.match(await page.getAttribute('[data-testid=clock-black]', 'aria-label'), /^Black: \d+:\d\d/);

  // The focus cursor: Tab reaches White's first pit, the arrows move over the pits as drawn.
  await tabTo(page, '[data-pit]');
  assert.equal(await focused(page), 'data-pit=w1');
  await page.keyboard.press('ArrowLeft');   // nothing left of the corner: the cursor stays
  assert.equal(await focused(page), 'data-pit=w1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), 'data-pit=w3');
  await page.keyboard.press('ArrowUp');     // across the table: Black's pit 7 faces White's 3
  assert.equal(await focused(page), 'data-pit=b7');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), 'data-pit=w6');
  await page.screenshot({ path: path.join(ARTIFACTS, 'keyboard-cursor.png') });
  await page.keyboard.press('Enter');
  await page.waitForSelector('.game-page[data-ply="2"][data-animating=no]');

  // Resign: the dialog takes the focus and keeps it; Escape gives it back to the button.
  await tabTo(page, '[data-action=resign]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=resign-confirm]');
  assert.equal(await focused(page), 'data-action=resign-cancel');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'data-action=resign-confirm');
  await page.keyboard.press('Tab');          // round the end, still inside the dialog
  assert.equal(await focused(page), 'data-action=resign-cancel');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'data-action=resign-confirm');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=resign-confirm]', { state: 'detached' });
  assert.equal(await focused(page), 'data-action=resign');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=resign-confirm]');
  await page.keyboard.press('Tab');
  await page.screenshot({ path: path.join(ARTIFACTS, 'keyboard-resign.png') });
  await page.keyboard.press('Enter');
  await page.waitForSelector('.game-page[data-status=finished]');
  await page.waitForSelector('[data-testid=result-dialog]');
  assert.match(await focused(page), /close-result|rematch|A|BUTTON/);
  assert.ok(await page.evaluate(() => document.querySelector('[data-testid=result-dialog]').contains(document.activeElement)));

  // The icons are inline SVG, not emoji.
  assert.ok(await page.$('[data-action=flip] svg.icon[data-icon=flip]'));
  assert.doesNotMatch(await page.textContent('.actions'), /[\u{1F300}-\u{1FAFF}\u2690-\u2694\u21c5\u21b6\u2913\u27f3]/u);
  assert.deepEqual(page.errors, []);
});

test('the arrows move over Tojmot cells and capture Go points in the gallery', async () => {
  const page = await openPage(browser);
  await page.goto(`${server.url}/#/gallery`);
  for (const [game, attr] of [['tojmot', 'data-cell'], ['capgo', 'data-point']]) {
    await page.waitForSelector(`[data-gallery=${game}] [${attr}]`);
    // A cell in the middle of the board, with neighbours on every side.
    await page.$$eval(`[data-gallery=${game}] [${attr}]`, (els) => els[Math.floor(els.length / 2)].focus());
    const start = await focused(page);
    const box = async () => page.evaluate(() => {
      const r = document.activeElement.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    const a = await box();
    await page.keyboard.press('ArrowRight');
    const b = await box();
    assert.ok(b.x > a.x + 1 && Math.abs(b.y - a.y) <= Math.abs(b.x - a.x), `${game}: right from ${start} to ${await focused(page)}`);
    await page.keyboard.press('ArrowDown');
    const c = await box();
    assert.ok(c.y > b.y + 1, `${game}: down`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(page), start, `${game}: back where it started`);
  }
  assert.deepEqual(page.errors, []);
});
