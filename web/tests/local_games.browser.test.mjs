// Games against the computer played in the page (src/offline/): a signed-in player starts an
// unrated game at level 5 in each of the three games from the new-game dialog; the rules and the
// computer's moves come from the game's WebAssembly engine in the page's worker, every move is
// kept in IndexedDB, and the finished game goes to the account as an unrated game played in the
// browser, with the same moves and result. Then a game finished with the network off: kept on
// the device, uploaded when the network is back; and a guest's game, uploaded once they sign up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, serverAndBrowser } from './harness.mjs';
import { checkUploaded, finishOffline, playToTheEnd, signUp, startLocalGame } from './local_games.mjs';

let server;
let browser;
serverAndBrowser(['--browser-computer-games', 'true'], (s, b) => {
  server = s;
  browser = b;
});

test('a game against the computer in each game, played in the page and kept by the account', async () => {
  // No animations: a Togyz game of 80 plies spent most of a minute sowing.
  const page = await openPage(browser, { reducedMotion: 'reduce' });
  await page.goto(server.url);
  await signUp(page, 'pocket');
  let seed = 1;
  for (const game of ['capgo', 'togyz', 'tojmot']) {
    const started = Date.now();
    const key = await startLocalGame(page, server.url, game);
    await playToTheEnd(page, seed++);
    const g = await checkUploaded(page, server.url, key, 'pocket');
    // Nothing of the game went through the server's game routes while it was played.
    assert.deepEqual(page.urls.filter((u) => /\/api\/games(\/[^u]|$)|\/ws\/games/.test(u)), [], game);
    console.log(`${game}: ${g.moves.length} plies, ${g.result} (${g.reason}), ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // The player's page marks the three as played in the browser.
  await page.goto(`${server.url}/#/player/pocket`);
  await page.waitForSelector('[data-testid=recent-games]');
  assert.equal((await page.$$('[data-testid=played-in-browser]')).length, 3);
  assert.match(await page.textContent('[data-testid=played-in-browser]'), /played in the browser/);
  // History lists the three, each uploaded.
  await page.goto(`${server.url}/#/history`);
  await page.waitForSelector('[data-testid=local-games]');
  assert.deepEqual(await page.$$eval('[data-local-game]', (rows) => rows.map((r) => r.dataset.upload)),
    ['uploaded', 'uploaded', 'uploaded']);
  await page.click('[data-local-game]');
  await page.waitForSelector('[data-testid=local-game][data-upload=uploaded]');
  // The uploaded game opens as any game of the server's.
  const id = await page.getAttribute('[data-testid=local-game]', 'data-server-id');
  await page.goto(`${server.url}/#/game/${id}`);
  await page.waitForSelector(`.game-page[data-game-id="${id}"][data-status=finished]:not([data-local])`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a game finished with the network off is uploaded when it is back', async () => {
  // No animations: a Togyz game of 80 plies spent most of a minute sowing.
  const page = await openPage(browser, { reducedMotion: 'reduce' });
  await page.goto(server.url);
  await signUp(page, 'offline');
  const key = await startLocalGame(page, server.url, 'capgo');
  await finishOffline(page, () => playToTheEnd(page, 77));
  await checkUploaded(page, server.url, key, 'offline');
  // A reload finds the game where it was left.
  await page.reload();
  await page.waitForSelector('[data-testid=local-game][data-upload=uploaded]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a guest's game waits on the device and goes to the account made after it", async () => {
  const page = await openPage(browser, { reducedMotion: 'reduce' });
  await page.goto(server.url);
  await page.waitForSelector('[data-testid=new-game]');
  const key = await startLocalGame(page, server.url, 'capgo');
  await playToTheEnd(page, 5);
  // Not taken for want of an account (401): kept and queued, not shown as refused.
  await page.waitForSelector('[data-testid=local-game][data-upload=queued]');
  await page.goto(`${server.url}/#/`);
  await signUp(page, 'later');
  await page.goto(`${server.url}/#/local/${key}`);
  await checkUploaded(page, server.url, key, 'later');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
