// Issue 41's offline games, as a player on a bad connection meets them: one visit online (signed
// in, the service worker installed), then the network is cut (the context offline and the proxy
// in front of the server refusing everything), the page reloads from the service worker, and a
// full game against the computer at level 5 is played to its end in each of the three games, each
// kept on the device as it is played. When the network comes back the three go to the account
// as unrated games played in the browser, with the same moves and results. The page's own engine
// analyses a position of them with the network off too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './harness.mjs';
import { kept, playToTheEnd, signUp, startLocalGame } from './local_games.mjs';
import { serverProxyAndBrowser } from './offline_proxy.mjs';

let server;
let browser;
let proxy;
serverProxyAndBrowser(['--browser-computer-games', 'true'], (s, b, p) => {
  server = s;
  browser = b;
  proxy = p;
});

test('three full games against level 5 with no network, uploaded when it is back', async () => {
  // No animations: a Togyz game of 80 plies spends most of a minute sowing.
  const page = await openPage(browser, { reducedMotion: 'reduce' });
  const context = page.context();
  await page.goto(proxy.url);
  await signUp(page, 'steppe');
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60000 });

  proxy.state.offline = true;
  await context.setOffline(true);
  const reloaded = await page.reload();
  assert.ok(reloaded.fromServiceWorker(), 'the page came from the service worker');
  const keys = {};
  let seed = 41;
  for (const game of ['capgo', 'togyz', 'tojmot']) {
    keys[game] = await startLocalGame(page, proxy.url, game);
    if (game === 'capgo') await analyseOffline(page);
    await playToTheEnd(page, seed++);
    await page.waitForSelector('[data-testid=local-game][data-upload=queued]');
    const k = await kept(page, keys[game]);
    assert.equal(k.level, 5, game);
    assert.ok(k.result && k.result !== '*', `${game} ended: ${k.result}`);
  }
  assert.deepEqual(proxy.state.refused.filter((u) => u !== '/sw.js'), [], 'no request of the app left the browser while offline');

  // Online again: the page sends the three on its own (the `online` event).
  proxy.state.offline = false;
  await context.setOffline(false);
  for (const [game, key] of Object.entries(keys)) {
    let local = await kept(page, key);
    for (const t = Date.now(); local.upload !== 'uploaded' && Date.now() - t < 30000; local = await kept(page, key))
      await new Promise((r) => setTimeout(r, 200));
    assert.equal(local.upload, 'uploaded', game);
    const stored = await (await fetch(`${server.url}/api/games/${local.serverId}`)).json();
    assert.equal(stored.game, game);
    assert.equal(stored.status, 'finished');
    assert.equal(stored.rated, false);
    assert.equal(stored.level, 5);
    assert.deepEqual(stored.moves.length, local.moves.length, game);
    assert.equal(stored.result, local.result, game);
  }
  const player = await (await fetch(`${server.url}/api/players/steppe`)).json();
  assert.deepEqual(player.recent.filter((g) => g.played_in_browser).map((g) => g.game).sort(), ['capgo', 'togyz', 'tojmot']);
  assert.deepEqual(player.ratings, [], 'unrated');
  assert.deepEqual(page.errors, []);
  await context.close();
});

// The analysis of the browser's engine, offline, on the player's turn: a score for the side to
// move and a line whose first move is legal; then off again (it would search every ply).
async function analyseOffline(page) {
  await page.waitForFunction(() => !!document.querySelector('.game-page')?.dataset.legal);
  const legal = (await page.getAttribute('.game-page', 'data-legal')).split(' ');
  await page.click('[data-action=local-analysis]');
  await page.waitForSelector('[data-testid=local-analysis][data-state=done]', { timeout: 30000 });
  const first = await page.getAttribute('[data-testid=local-analysis]', 'data-first-move');
  assert.ok(legal.includes(first), `${first} is one of ${legal.join(' ')}`);
  assert.match(await page.textContent('[data-testid=local-score]'), /^[+-]?\d+\.\d\d$|^#-?\d+$/);
  assert.ok((await page.textContent('[data-testid=local-line]')).trim().length > 0, 'a line');
  await page.click('[data-action=local-analysis]');
  await page.waitForSelector('[data-testid=local-analysis][data-state=off]');
}
