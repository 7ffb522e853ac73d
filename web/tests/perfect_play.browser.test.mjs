// The analysis panel on a small capture Go board where every capture ends the game (6x6, target
// 1, passing forbidden), in the real headless chromium against a real `oyin serve`: where the
// perfect-play table proves the position, "Proved win: <move> wins" with the winning move instead
// of a chance to win; a proved loss as "Proved loss: every move loses"; in Russian too.
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

const api = async (method, url, body) => {
  const r = await fetch(`${server.url}${url}`, { method, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: await r.json() };
};

test('the proof and the winning move are shown where the table proves the position', async () => {
  const made = await api('POST', '/api/games', { game: 'capgo', mode: 'hotseat', rules: { size: 6, target: 1, pass: false } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  // Black C3, White D5: the table's answer to it is D4.
  for (const move of ['C3', 'D5']) {
    const r = await api('POST', `/api/games/${made.body.id}/moves`, { move, token: made.body.seat.token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const page = await openPage(browser);
  await page.goto(`${server.url}/#/game/${made.body.id}`);
  await page.waitForSelector('.game-page[data-ply="2"]');
  await page.click('[data-action=analyse]');
  await page.waitForSelector('[data-action=analyse]:not([disabled])', { timeout: 60000 });
  await page.click('[data-nav-ply=first]');
  await page.waitForSelector('[data-testid=proof][data-proof=win]');
  assert.equal(await page.textContent('[data-testid=proof]'), 'Proved win: C3 wins');
  assert.equal(await page.textContent('[data-testid=chance]'), 'Proved: Black wins');
  await page.click('[data-nav-ply=last]');
  await page.waitForFunction(() => document.querySelector('[data-testid=proof]')?.textContent === 'Proved win: D4 wins');
  await page.screenshot({ path: path.join(ARTIFACTS, 'perfect-play.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a proved loss and the Russian texts', async () => {
  // 4x4 is lost for Black: the solver proves it within the analysis's time.
  const made = await api('POST', '/api/games', { game: 'capgo', mode: 'hotseat', rules: { size: 4, target: 1, pass: false } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const page = await openPage(browser, { locale: 'ru-RU' });
  await page.goto(`${server.url}/#/game/${made.body.id}`);
  await page.waitForSelector('.game-page[data-ply="0"]');
  await page.selectOption('[data-lang-select]', 'ru');
  await page.click('[data-action=analyse]');
  await page.waitForSelector('[data-testid=proof][data-proof=loss]', { timeout: 60000 });
  assert.equal(await page.textContent('[data-testid=proof]'), 'Доказанный проигрыш: любой ход проигрывает');
  await page.context().close();
});
