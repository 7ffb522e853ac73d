// Signs of life, in the real headless chromium against a real `oyin serve`: a signed-in player
// starts an online game and a guest takes the other seat; a visitor's lobby says how many players
// are online and who, lists the game being played with its players and spectators, and its Watch
// link opens the game as a spectator (whom the list then counts). Screenshot:
// build/test-artifacts/online-lobby.png. Sign-up says why a name is refused (a 25-character one
// is kept whole and refused with its length, not cut to 20).
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

test('the lobby shows the players online and the games being played, and one is watched from it', async () => {
  const visitor = await openPage(browser);
  await visitor.goto(`${server.url}/#/lobby`);
  await visitor.waitForSelector('[data-testid=players-online][data-count="0"]');
  await visitor.waitForSelector('[data-testid=no-games-now]');

  const white = await openPage(browser);
  const signUp = await white.context().request.post(`${server.url}/api/account/register`,
    { data: { username: 'aigerim', password: 'a fine long password' } });
  assert.equal(signUp.status(), 201);
  await white.goto(server.url);
  await white.click('[data-game=togyz]');
  await white.click('[data-mode=online]');
  await white.click('[data-color=white]');
  await white.click('[data-action=start]');
  await white.waitForSelector('[data-testid=invite]');
  const id = await white.getAttribute('.game-page', 'data-game-id');
  const black = await openPage(browser);
  await black.goto(await white.inputValue('[data-testid=invite]'));
  await black.waitForSelector('[data-presence=white][data-connected=yes]');

  await visitor.reload();
  await visitor.waitForSelector(`[data-watch="${id}"]`);
  assert.equal(await visitor.getAttribute('[data-testid=players-online]', 'data-count'), '2');
  assert.match(await visitor.textContent('[data-testid=players-online]'), /Players online: 2/);
  assert.equal(await visitor.textContent('[data-testid=online-names]'), 'aigerim');
  const row = await visitor.textContent(`[data-watch="${id}"]`);
  assert.match(row, /Togyz.*aigerim.*Guest/);
  assert.equal(await visitor.getAttribute(`[data-watch="${id}"] [data-spectators]`, 'data-spectators'), '0');
  await visitor.screenshot({ path: path.join(ARTIFACTS, 'online-lobby.png') });

  await visitor.click(`[data-watch="${id}"] [data-action=watch]`);
  await visitor.waitForSelector(`.game-page[data-game-id="${id}"] [data-testid=you-are-watching]`);
  const other = await openPage(browser);
  await other.goto(`${server.url}/#/lobby`);
  await other.waitForSelector(`[data-watch="${id}"] [data-spectators="1"]`);
  for (const p of [visitor, white, black, other]) assert.deepEqual(p.errors, []);
});

test('sign-up says why a name is refused, and never cuts it', async () => {
  const page = await openPage(browser);
  await page.goto(server.url);
  await page.click('[data-action=sign-in]');
  await page.click('[data-action=to-sign-up]');
  const long = 'abcdefghijklmnopqrstuvwxy';  // 25 characters
  await page.fill('input[name=username]', long);
  assert.equal(await page.inputValue('input[name=username]'), long);  // kept whole
  await page.waitForSelector('[data-testid=username-note][data-problem=yes]');
  assert.equal(await page.textContent('[data-testid=username-note]'), 'Too long: 25 characters, at most 20.');
  await page.fill('input[name=password]', 'a fine long password');
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-testid=account-error]');
  assert.match(await page.textContent('[data-testid=account-error]'), /3 to 20 characters/);
  await page.fill('input[name=username]', 'Ädam ok');
  assert.equal(await page.textContent('[data-testid=username-note]'), 'Not allowed here: Ä ␣. Use letters A–Z, digits, _ or -.');
  await page.fill('input[name=username]', 'adam_ok');
  await page.waitForSelector('[data-testid=username-note][data-problem=no]');
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-testid=account-dialog]', { state: 'detached' });
  assert.deepEqual(page.errors, []);
});
