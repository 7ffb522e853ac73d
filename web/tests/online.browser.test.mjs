// Signs of life, in the real headless chromium against a real `oyin serve`: a signed-in player
// starts an online game and a guest takes the other seat; a visitor's lobby says how many players
// are online and who, lists the game being played with its players and spectators, and its Watch
// link opens the game as a spectator (whom the list then counts). Screenshot:
// build/test-artifacts/online-lobby.png. Sign-up says why a name is refused (a 25-character one
// is kept whole and refused with its length, not cut to 20); a Cyrillic name signs up (a name
// mixing Latin and Cyrillic is refused, in Kazakh here), a Latin look-alike of it is refused, and
// its player page opens at the percent-encoded address and at the one typed in Cyrillic.
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
  assert.equal(await page.textContent('[data-testid=username-note]'), 'Not allowed here: Ä ␣. Use Latin or Cyrillic letters, digits, _ or -.');
  await page.fill('input[name=username]', 'adam_ok');
  await page.waitForSelector('[data-testid=username-note][data-problem=no]');
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-testid=account-dialog]', { state: 'detached' });
  assert.deepEqual(page.errors, []);
});

test('names in Cyrillic: one script a name, a look-alike of a taken name refused, the player page', async () => {
  const page = await openPage(browser, { locale: 'kk-KZ' });
  await page.goto(server.url);
  await page.click('[data-action=sign-in]');
  await page.click('[data-action=to-sign-up]');
  await page.fill('input[name=username]', 'Аsан');  // a Cyrillic А before Latin s
  await page.waitForSelector('[data-testid=username-note][data-problem=yes]');
  assert.equal(await page.textContent('[data-testid=username-note]'), 'Латын мен кирилл әріптері аралас: атты біреуімен ғана жазыңыз.');
  await page.fill('input[name=password]', 'a fine long password');
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-testid=account-error]');
  assert.equal(await page.textContent('[data-testid=account-error]'), 'Атты латын немесе кирилл әріптерімен жазыңыз, екеуін араластырмаңыз.');
  await page.fill('input[name=username]', 'Ерік');
  await page.waitForSelector('[data-testid=username-note][data-problem=no]');
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-testid=account-dialog]', { state: 'detached' });
  // My page: its address carries the name percent-encoded, and the page reads it.
  await page.click('[data-testid=account-name]');
  await page.click('[data-action=my-page]');
  await page.waitForFunction(() => location.hash === '#/player/%D0%95%D1%80%D1%96%D0%BA');
  await page.waitForSelector('.player-page h1');
  assert.match(await page.textContent('.player-page h1'), /Ерік/);

  // Latin "Epik" reads like Ерік: refused, the taken name said.
  const other = await openPage(browser);
  await other.goto(server.url);
  await other.click('[data-action=sign-in]');
  await other.click('[data-action=to-sign-up]');
  await other.fill('input[name=username]', 'Epik');
  await other.fill('input[name=password]', 'a fine long password');
  await other.click('[data-action=account-submit]');
  await other.waitForSelector('[data-testid=account-error]');
  assert.equal(await other.textContent('[data-testid=account-error]'), 'Epik looks too much like Ерік, a name already taken: choose another.');
  // The Cyrillic name typed into the address bar (as chromium sends it) finds the player too.
  await other.goto(`${server.url}/#/player/Ерік`);
  await other.waitForSelector('.player-page h1');
  assert.match(await other.textContent('.player-page h1'), /Ерік/);
  for (const p of [page, other]) assert.deepEqual(p.errors, []);
});
