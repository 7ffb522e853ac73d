// At the table, in the real headless chromium: two players in two browser contexts and a
// spectator in a third chat (a message that looks like HTML shows as text), see each other's
// presence and the spectators' count, play from the keyboard (Tab to a pit, Enter), confirm a
// resignation, agree to a rematch with the colours swapped; a guest game against the computer
// whose stale notice clears; capture Go's illegal points, orientation and finished-game analysis;
// History on a phone. Screenshots go to build/test-artifacts/table-*.png.
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

async function newPage(options = {}) {
  return openPage(browser, { viewport: { width: 1280, height: 900 }, ...options });
}

function shot(page, name) {
  return page.screenshot({ path: path.join(ARTIFACTS, `table-${name}.png`) });
}

async function startGame(page, { game, mode, color, options }) {
  await page.goto(server.url);
  await page.click(`[data-game=${game}]`);
  if (options) await options(page);
  await page.click(`[data-mode=${mode}]`);
  if (color) await page.click(`[data-color=${color}]`);
  await page.click('[data-action=start]');
  await page.waitForSelector('.game-page');
  return page.getAttribute('.game-page', 'data-game-id');
}

// Tab from the language menu (the last control before the board) `count` times; returns what
// has the focus.
// Tabs from the header to the board's first focusable pit, then on to the count-th one: what the
// header holds before the board (links, the account menu) does not change the count.
async function tabFromHeader(page, count) {
  await page.focus('[data-lang-select]');
  const focusedPit = () => page.evaluate(() => document.activeElement?.getAttribute('data-pit') ?? null);
  for (let i = 0; i < 40 && !(await focusedPit()); ++i) await page.keyboard.press('Tab');
  for (let i = 1; i < count; ++i) await page.keyboard.press('Tab');
  return page.evaluate(() => document.activeElement?.getAttribute('data-pit') ?? document.activeElement?.tagName);
}

test('two players and a spectator: presence, chat, keyboard play, resign confirmation, rematch', async () => {
  const white = await newPage();
  const id = await startGame(white, { game: 'togyz', mode: 'online', color: 'white' });
  // The invite link comes back with the state: a second tab of the creator has it too.
  const tab2 = await white.context().newPage();
  await tab2.goto(`${server.url}/#/game/${id}`);
  await tab2.waitForSelector('[data-testid=invite]');
  const invite = await tab2.inputValue('[data-testid=invite]');
  assert.equal(invite, await white.inputValue('[data-testid=invite]'));
  await tab2.close();
  assert.equal(await white.getAttribute('[data-presence=black]', 'data-connected'), 'no');

  const black = await newPage();
  await black.goto(invite);
  await black.waitForSelector(`.game-page[data-game-id="${id}"]`);
  await white.waitForSelector('[data-presence=black][data-connected=yes]');
  await black.waitForSelector('[data-presence=white][data-connected=yes]');
  assert.equal(await black.$('[data-testid=invite]'), null);
  assert.equal(await black.$('[data-testid=you-are-watching]'), null);

  const watcher = await newPage();
  await watcher.goto(`${server.url}/#/game/${id}`);
  await watcher.waitForSelector('[data-testid=you-are-watching]');
  assert.equal(await watcher.textContent('[data-testid=you-are-watching]'), ' You are watching');
  await white.waitForSelector('[data-testid=spectators][data-count="1"]');
  await black.waitForSelector('[data-testid=spectators][data-count="1"]');
  assert.equal(await watcher.$('[data-testid=chat-input]'), null);  // spectators read only

  // No analysis for the players while the game is on.
  assert.ok(await white.$('[data-testid=analysis-closed]'));
  assert.equal(await white.$('[data-action=analyse]'), null);

  // Chat both ways; a message that looks like HTML is shown as the text typed.
  const html = '<b>bold</b><img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
  await white.fill('[data-testid=chat-input]', html);
  await white.keyboard.press('Enter');
  for (const page of [white, black, watcher]) {
    await page.waitForSelector('[data-chat-seq="0"]');
    assert.equal(await page.textContent('[data-chat-seq="0"] .chat-text'), html);
    assert.equal(await page.$$eval('[data-testid=chat-lines] b, [data-testid=chat-lines] img, [data-testid=chat-lines] script',
      (els) => els.length), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
  }
  assert.equal(await white.inputValue('[data-testid=chat-input]'), '');
  await black.fill('[data-testid=chat-input]', 'Salem! Good luck');
  await black.click('[data-action=chat-send]');
  await white.waitForSelector('[data-chat-seq="1"]');
  assert.equal(await white.textContent('[data-chat-seq="1"] .chat-text'), 'Salem! Good luck');
  await watcher.waitForSelector('[data-chat-seq="1"]');

  // Keyboard play: Tab reaches White's pits in order (w1 first), Enter sows.
  assert.equal(await tabFromHeader(white, 6), 'w6');
  assert.match(await white.getAttribute('[data-pit=w6]', 'aria-label'), /^White pit 6: 9 stones, playable$/);
  await white.keyboard.press('Enter');
  await white.waitForSelector('.game-page[data-ply="1"]');
  await black.waitForSelector('.game-page[data-ply="1"]');
  // Black's board is turned: Black's row is drawn first... but the tab order follows the pits:
  // White's nine, then Black's.
  assert.equal(await tabFromHeader(black, 10), 'b1');
  await black.keyboard.press('Enter');
  await white.waitForSelector('.game-page[data-ply="2"]');
  await shot(white, 'chat-white');
  await shot(watcher, 'spectator');

  // The chat survives a reload.
  await black.reload();
  await black.waitForSelector('[data-chat-seq="1"]');
  assert.equal(await black.textContent('[data-chat-seq="0"] .chat-text'), html);

  // Resigning asks first: cancel keeps the game on, confirm ends it.
  await white.click('[data-action=resign]');
  await white.waitForSelector('[data-testid=resign-confirm]');
  await shot(white, 'resign-confirm');
  await white.click('[data-action=resign-cancel]');
  assert.equal(await white.$('[data-testid=resign-confirm]'), null);
  assert.equal(await white.getAttribute('.game-page', 'data-status'), 'ongoing');
  await white.click('[data-action=resign]');
  await white.click('[data-action=resign-confirm]');
  for (const page of [white, black]) await page.waitForSelector('[data-testid=result-dialog]');
  await watcher.waitForSelector('.game-page[data-status=finished]');

  // A rematch: Black offers, White accepts; both go to the new game with the colours swapped.
  await black.click('[data-testid=result-dialog] [data-action=rematch]');
  await white.waitForSelector('[data-testid=rematch-offered]');
  assert.equal(await white.textContent('[data-testid=result-dialog] [data-action=rematch]'), ' Accept rematch');
  await shot(white, 'rematch-offered');
  await white.click('[data-testid=result-dialog] [data-action=rematch]');
  for (const page of [white, black]) {
    await page.waitForFunction((old) => {
      const el = document.querySelector('.game-page');
      return el && el.getAttribute('data-game-id') !== old && el.getAttribute('data-status') === 'ongoing';
    }, id);
  }
  const next = await black.getAttribute('.game-page', 'data-game-id');
  assert.equal(await white.getAttribute('.game-page', 'data-game-id'), next);
  // The old Black is White now and moves first; the old White waits as Black.
  await black.waitForFunction(() => document.querySelectorAll('[data-pit^=w].tk-legal').length === 9);
  assert.match(await black.textContent('[data-testid=status]'), /Your move/);
  assert.match(await white.textContent('[data-testid=status]'), /Waiting/);
  await watcher.waitForSelector('[data-testid=to-rematch]');
  await black.click('[data-pit=w3]');
  await white.waitForSelector('.game-page[data-ply="1"]');
  await shot(white, 'rematch');
  for (const page of [white, black, watcher]) assert.deepEqual(page.errors, []);
  // Seat tokens travel in a header or a WebSocket subprotocol, never in a URL (which proxies log).
  for (const page of [white, black]) {
    assert.ok(page.urls.some((u) => u.includes('/ws/games/')), 'the page opened the game\'s socket');
    assert.deepEqual(page.urls.filter((u) => u.includes('token=')), []);
  }
  for (const page of [white, black, watcher]) await page.context().close();
});

test('the chat can be switched off in this browser', async () => {
  const white = await newPage();
  await startGame(white, { game: 'togyz', mode: 'online', color: 'white' });
  await white.fill('[data-testid=chat-input]', 'hello');
  await white.keyboard.press('Enter');
  await white.waitForSelector('[data-chat-seq="0"]');
  await white.uncheck('[data-action=chat-switch]');
  assert.equal(await white.$('[data-testid=chat-lines]'), null);
  await white.reload();
  await white.waitForSelector('[data-action=chat-switch]');
  assert.equal(await white.isChecked('[data-action=chat-switch]'), false);  // kept
  assert.equal(await white.$('[data-testid=chat-lines]'), null);
  await white.check('[data-action=chat-switch]');
  await white.waitForSelector('[data-chat-seq="0"]');
  await white.context().close();
});

test('a guest game against the computer: a stale notice clears', async () => {
  const page = await newPage();
  await page.goto(server.url);
  await startGame(page, { game: 'togyz', mode: 'ai', color: 'white' });
  assert.equal(await page.$('[data-testid=chat]'), null);  // no chat with the computer
  await page.click('[data-action=draw]');
  await page.waitForSelector('text=The computer plays on.');
  await page.click('[data-pit=w7]');
  await page.waitForSelector('.game-page[data-ply="2"]');  // the computer answered
  assert.equal(await page.$('text=The computer plays on.'), null);
  // Analysis is open in a game against the computer.
  assert.ok(await page.$('[data-action=analyse]'));
  await page.context().close();
});

test('capture Go: not turned for White, an illegal point says why, the target fits the board', async () => {
  const page = await newPage();
  await page.goto(server.url);
  await page.click('[data-game=capgo]');
  await page.selectOption('[data-opt=size]', '5');
  // On 5x5 a target is at most 24: the dialog offers 0..24.
  assert.equal(await page.$$eval('[data-opt=target] option', (els) => els.length), 25);
  await page.selectOption('[data-opt=target]', '3');
  await page.click('[data-mode=ai]');
  await page.click('[data-color=white]');
  await page.click('[data-action=start]');
  await page.waitForSelector('.game-page[data-ply="1"]');  // the computer opened as Black
  const a1 = await page.locator('[data-point=A1]').boundingBox();
  const e5 = await page.locator('[data-point=E5]').boundingBox();
  assert.ok(a1.x < e5.x && a1.y > e5.y, 'A1 is at the bottom left, as for Black');
  const taken = await page.$eval('[data-stone=X]', (e) => e.getAttribute('data-point'));
  assert.match(await page.getAttribute(`[data-point=${taken}]`, 'aria-label'), /: Black stone$/);
  await page.click(`[data-point=${taken}]`);
  await page.waitForSelector('[data-testid=error]');
  assert.equal(await page.textContent('[data-testid=error]'), 'That point is taken.');
  await shot(page, 'capgo-illegal');
  // The error goes once the game moves on.
  const free = await page.$eval('.go-legal', (e) => e.getAttribute('data-point'));
  await page.click(`[data-point=${free}]`);
  await page.waitForSelector('.game-page[data-ply="3"]');
  assert.equal(await page.$('[data-testid=error]'), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a finished imported game: its result in History (on a phone) and in the analysis', async () => {
  const r = await fetch(`${server.url}/api/import`, {
    method: 'POST', body: JSON.stringify({ game: 'capgo', record: '(;GM[1]FF[4]SZ[5]RU[capture:1];B[be];W[ae];B[ad])' }),
  });
  assert.equal(r.status, 201);
  const { id } = await r.json();
  const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(`${server.url}/#/history`);
  await phone.waitForSelector(`[data-game-row="${id}"]`);
  assert.match(await phone.textContent(`[data-game-row="${id}"]`), /1-0/);
  await shot(phone, 'history-phone');
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  const wide = await phone.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > 391).slice(0, 5).map((e) => `${e.tagName}.${e.className}`));
  assert.ok(width <= 390, `History is ${width}px wide on a 390px screen: ${wide.join(', ')}`);
  await phone.context().close();

  const page = await newPage();
  await page.goto(`${server.url}/#/game/${id}`);
  await page.waitForSelector('.game-page[data-status=finished]');
  // The graph's upper half is the first side's: Black in capture Go, drawn dark.
  assert.equal(await page.getAttribute('.graph-first', 'data-graph-side'), 'black');
  assert.equal(await page.$eval('.graph-first', (e) => getComputedStyle(e).fill), 'rgb(58, 44, 32)');
  await page.click('[data-action=analyse]');
  await page.waitForSelector('[data-action=analyse]:not([disabled])', { timeout: 60000 });
  // At the end the panel gives the result, not an engine score of a finished position.
  assert.match(await page.textContent('[data-testid=final-result]'), /^Black wins \(.+\)$/);
  assert.doesNotMatch(await page.textContent('[data-testid=analysis]'), /0\.00/);
  // An earlier position has a best line; the graph ends at the result (Black's side, the top).
  await page.click('[data-ply="2"]');
  assert.match(await page.textContent('[data-testid=pv]'), /^[A-E][1-5]( |$)/);
  const lastY = await page.$eval('.graph-line', (e) => Number(e.getAttribute('d').trim().split(/[ ML]+/).filter(Boolean).pop()));
  assert.ok(lastY < 10, `the graph ends at the top (Black won), y=${lastY}`);
  await shot(page, 'analysis-finished');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
