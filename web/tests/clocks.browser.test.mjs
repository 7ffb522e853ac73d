// Browser test of a timed game: the server runs with `--clock manual`, so its time moves only
// when the test says (POST /api/test/clock) and a flag falls exactly when the test wants it.
// Two browser contexts play an online 1+0 Togyz Kumalak game; both see the clocks, the low-time
// warning, and the result when White's flag falls with nobody moving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

serverAndBrowser(['--clock', 'manual'], (s, b) => {
  server = s;
  browser = b;
});

async function newPage(locale = 'en-US') {
  return openPage(browser, { locale });
}

async function advance(ms) {
  const r = await fetch(`${server.url}/api/test/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: ms }) });
  assert.equal(r.status, 200, await r.text());
}

async function clickAndWait(page, selector) {
  const before = Number(await page.getAttribute('.game-page', 'data-ply'));
  await page.click(selector);
  await page.waitForSelector(`.game-page[data-ply="${before + 1}"]`);
}

test('a 1+0 online game: both clocks, the low-time warning, and a flag that falls on the server', async () => {
  const white = await newPage();
  await white.goto(server.url);
  await white.click('[data-game=togyz]');
  const presets = await white.$$eval('[data-opt=clock] option', (els) => els.map((e) => e.textContent));
  assert.deepEqual(presets, ['Untimed', '1+0 · Bullet', '3+2 · Blitz', '5+5 · Rapid', '10+5 · Rapid', '15+10 · Rapid']);
  await white.selectOption('[data-opt=clock]', { label: '1+0 · Bullet' });
  await white.click('[data-mode=online]');
  await white.click('[data-color=white]');
  await white.click('[data-action=start]');
  await white.waitForSelector('.game-page');
  const id = await white.getAttribute('.game-page', 'data-game-id');
  assert.equal(await white.textContent('[data-testid=clock-white]'), '1:00');
  assert.equal(await white.textContent('[data-testid=clock-black]'), '1:00');

  const black = await newPage('ru-RU');
  await black.goto(await white.inputValue('[data-testid=invite]'));
  await black.waitForSelector(`.game-page[data-game-id="${id}"]`);
  // Both have come (pushed to White): White has 30 s for the first move.
  await white.waitForSelector('[data-testid=first-move]');
  await clickAndWait(white, '[data-pit=w6]');
  await black.waitForSelector('.game-page[data-ply="1"]');
  await advance(4_000);
  await clickAndWait(black, '[data-pit=b1]');
  await white.waitForSelector('.game-page[data-ply="2"]');
  // White's clock runs now (first moves are not timed).
  await white.waitForSelector('[data-testid=clock-white][data-running=yes]');
  assert.equal(await white.getAttribute('[data-testid=clock-black]', 'data-running'), 'no');
  assert.equal(await white.getAttribute('[data-testid=clock-white]', 'data-low'), 'no');
  await advance(52_000);
  await white.reload();  // the page learns the server's time from a fresh state
  await white.waitForSelector('[data-testid=clock-white][data-low=yes]');
  await white.screenshot({ path: path.join(ARTIFACTS, 'clock-low-time.png') });
  // Seen (and named for a screen reader) and heard, once: the player's own clock only.
  assert.match(await white.getAttribute('[data-testid=clock-white]', 'aria-label'), /^White: 0:0\d\.\d, Low time/i);
  assert.equal(await white.evaluate(() => window.__oyinSounds?.played?.lowTime ?? 0), 1);
  await white.waitForTimeout(400);
  assert.equal(await white.evaluate(() => window.__oyinSounds?.played?.lowTime ?? 0), 1);
  assert.equal(await black.evaluate(() => window.__oyinSounds?.played?.lowTime ?? 0), 0);
  assert.equal(await white.getAttribute('[data-testid=clock-black]', 'data-low'), 'no');
  await advance(8_000);  // nobody moves: the server's timer ends the game and pushes it
  for (const page of [white, black]) {
    await page.waitForSelector('.game-page[data-status=finished]');
    await page.waitForSelector('[data-testid=result-dialog]');
  }
  assert.equal(await white.textContent('[data-testid=end-reason]'), 'White ran out of time');
  assert.equal(await black.textContent('[data-testid=end-reason]'), 'Белые: время вышло');
  assert.match(await white.textContent('[data-testid=result-dialog]'), /0-1/);
  assert.equal(await white.textContent('[data-testid=clock-white]'), '0:00.0');
  const s = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.deepEqual(s.end, { code: 'time', winner: 'black', args: [0, 0] });
  await black.screenshot({ path: path.join(ARTIFACTS, 'clock-flag-ru.png') });
  assert.deepEqual(white.errors, []);
  assert.deepEqual(black.errors, []);
  await white.context().close();
  await black.context().close();
});
