// History's "My games", in the real headless chromium against a real `oyin serve`: a guest plays
// two games against the computer in this browser (one resigned, one left in progress) while
// someone else plays elsewhere; History opens on My games (only this browser's two, with the
// opponent and the player's own result), the filters by result, game and opponent narrow it,
// and All games has the other player's game too. Screenshot: build/test-artifacts/my-games.png.
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

async function startAi(page) {
  await page.goto(server.url);
  await page.click('[data-game=togyz]');
  await page.click('[data-mode=ai]');
  await page.click('[data-color=white]');
  await page.click('[data-action=start]');
  await page.waitForSelector('.game-page[data-board-ready=yes]');
  return page.getAttribute('.game-page', 'data-game-id');
}

test('History opens on my games, with filters by result, game and opponent', async () => {
  const page = await openPage(browser);
  const lost = await startAi(page);
  await page.click('[data-pit=w6]');
  await page.waitForSelector('.game-page[data-ply="2"]');
  await page.click('[data-action=resign]');
  await page.click('[data-action=resign-confirm]');
  await page.waitForSelector('.game-page[data-status=finished]');
  const going = await startAi(page);

  const other = await openPage(browser);
  await other.goto(server.url);
  await other.click('[data-game=togyz]');
  await other.click('[data-mode=online]');
  await other.click('[data-action=start]');
  await other.waitForSelector('[data-testid=invite]');
  const elsewhere = await other.getAttribute('.game-page', 'data-game-id');

  await page.goto(`${server.url}/#/history`);
  await page.waitForSelector('[data-testid=my-games-table]');
  assert.equal(await page.getAttribute('[data-scope=mine]', 'aria-pressed'), 'true');
  const rows = await page.$$eval('[data-my-game]', (els) => els.map((e) => [e.getAttribute('data-my-game'), e.getAttribute('data-result')]));
  assert.deepEqual(rows, [[going, 'ongoing'], [lost, 'loss']]);  // the newest first
  assert.match(await page.textContent(`[data-my-game="${lost}"]`), /Computer · Level \d+.*Loss/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'my-games.png') });

  await page.selectOption('[data-filter=result]', 'loss');
  assert.deepEqual(await page.$$eval('[data-my-game]', (els) => els.map((e) => e.getAttribute('data-my-game'))), [lost]);
  await page.selectOption('[data-filter=result]', '');
  await page.fill('[data-filter=opponent]', 'nobody like this');
  await page.waitForSelector('[data-testid=no-my-games]');
  await page.fill('[data-filter=opponent]', 'comp');
  assert.equal((await page.$$('[data-my-game]')).length, 2);
  await page.selectOption('[data-filter=game]', 'capgo');
  await page.waitForSelector('[data-testid=no-my-games]');

  await page.click('[data-scope=all]');
  await page.waitForSelector(`[data-game-row="${elsewhere}"]`);
  assert.ok(await page.$(`[data-game-row="${lost}"]`));
  assert.deepEqual([...page.errors, ...other.errors], []);
});
