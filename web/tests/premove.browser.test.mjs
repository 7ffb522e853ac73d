// Premove, in the real headless chromium: two players of an online Togyz Kumalak game in two
// browser contexts. While White is to move Black queues a move (marked on the board); Escape and
// a click beside the board cancel it; queued again, it is sent by itself as soon as White has
// played, and both pages show it as the last move. Screenshot: build/test-artifacts/premove.png.
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

test('a premove is queued, cancelled, queued again and played when the turn comes', async () => {
  const white = await openPage(browser);
  await white.goto(server.url);
  await white.click('[data-game=togyz]');
  await white.click('[data-mode=online]');
  await white.click('[data-color=white]');
  await white.click('[data-action=start]');
  await white.waitForSelector('[data-testid=invite]');
  const id = await white.getAttribute('.game-page', 'data-game-id');
  const black = await openPage(browser);
  await black.goto(await white.inputValue('[data-testid=invite]'));
  await black.waitForSelector(`.game-page[data-game-id="${id}"][data-board-ready=yes]`);
  await white.waitForSelector('[data-presence=black][data-connected=yes]');

  // White is to move: Black's own pits are offered as a premove; White's page shows nothing.
  assert.equal(await black.getAttribute('.game-page', 'data-premove'), '');
  await black.click('[data-pit=b3]');
  await black.waitForSelector('.game-page[data-premove=b3]');
  assert.match(await black.getAttribute('[data-pit=b3]', 'class'), /tk-marked/);
  assert.equal(await white.getAttribute('.game-page', 'data-ply'), '0');
  await black.keyboard.press('Escape');
  await black.waitForSelector('.game-page[data-premove=""]');
  await black.click('[data-pit=b5]');
  await black.waitForSelector('.game-page[data-premove=b5]');
  await black.click('.moves-panel');  // beside the board
  await black.waitForSelector('.game-page[data-premove=""]');
  await black.click('[data-pit=b3]');
  await black.waitForSelector('.game-page[data-premove=b3]');
  await black.screenshot({ path: path.join(ARTIFACTS, 'premove.png') });

  // White plays; Black's premove goes by itself, and is the last move on both boards.
  await white.click('[data-pit=w6]');
  for (const page of [white, black]) {
    await page.waitForSelector('.game-page[data-ply="2"][data-animating=no]');
    assert.match(await page.getAttribute('[data-pit=b3]', 'class'), /tk-from/);
  }
  assert.equal(await black.getAttribute('.game-page', 'data-premove'), '');
  assert.deepEqual([...white.errors, ...black.errors], []);
});
