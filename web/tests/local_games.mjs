// Helpers of the browser tests of games played in the page (local_games.browser.test.mjs, and the
// offline app's tests that finish such a game with the network off): start one from the new-game
// dialog, play it to its end, read it from IndexedDB, check the account has it.
import assert from 'node:assert/strict';

// Short games: capture Go on a 5x5 board to one capture.
const OPTIONS = { capgo: { size: '5', target: '1' } };

// A small seeded generator, so that a failing game can be played again.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function signUp(page, name) {
  const r = await page.evaluate(async (n) => {
    const res = await fetch('/api/account/register', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: n, password: `${n}-long-password` }) });
    return res.status;
  }, name);
  assert.equal(r, 201);
  await page.reload();
  await page.waitForSelector('[data-testid=new-game]');
}

// Starts an unrated game against the computer at level 5 from the dialog: the page's own.
export async function startLocalGame(page, url, game) {
  await page.goto(`${url}/#/`);
  await page.click(`[data-game=${game}]`);
  await page.click('[data-mode=ai]');
  for (const [name, value] of Object.entries(OPTIONS[game] ?? {})) {
    const select = await page.$eval(`[data-opt=${name}]`, (el) => el.tagName === 'SELECT');
    if (select) await page.selectOption(`[data-opt=${name}]`, value);
    else await page.fill(`[data-opt=${name}]`, value);
  }
  await page.$eval('[data-opt=level]', (el) => {
    el.value = '5';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.click('[data-color=random]');
  await page.click('[data-action=start]');
  await page.waitForSelector('.game-page[data-local=yes]');
  return page.evaluate(() => location.hash.split('/')[2]);
}

// Plays the player's side with random legal moves (seeded) until the game is over.
export async function playToTheEnd(page, seed) {
  const random = rng(seed);
  for (;;) {
    const handle = await page.waitForFunction(() => {
      const el = document.querySelector('.game-page');
      if (el?.dataset.status === 'finished') return 'finished';
      return el?.dataset.legal && el.dataset.animating === 'no' ? `${el.dataset.ply}|${el.dataset.legal}` : false;
    }, null, { timeout: 60000, polling: 50 });
    const seen = await handle.jsonValue();
    if (seen === 'finished') return;
    const [ply, legal] = seen.split('|');
    const moves = legal.split(' ');
    const choices = moves.length > 1 ? moves.filter((m) => m !== 'pass') : moves;
    await page.evaluate((m) => window.oyinLocalMove(m), choices[Math.floor(random() * choices.length)]);
    await page.waitForFunction((p) => document.querySelector('.game-page')?.dataset.ply !== p, ply, { timeout: 60000 });
  }
}

// The game as IndexedDB keeps it.
export function kept(page, key) {
  return page.evaluate((k) => new Promise((resolve, reject) => {
    const req = indexedDB.open('oyin');
    req.onsuccess = () => {
      const get = req.result.transaction('local_games').objectStore('local_games').get(k);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    };
    req.onerror = () => reject(req.error);
  }), key);
}

// The uploaded game as the server has it: the same moves and result, unrated, on the player page.
export async function checkUploaded(page, url, key, name) {
  await page.waitForSelector('[data-testid=local-game][data-upload=uploaded]', { timeout: 30000 });
  const local = await kept(page, key);
  assert.equal(local.upload, 'uploaded');
  const id = await page.getAttribute('[data-testid=local-game]', 'data-server-id');
  assert.equal(id, local.serverId);
  const game = await (await fetch(`${url}/api/games/${id}`)).json();
  assert.equal(game.status, 'finished');
  assert.equal(game.rated, false);
  assert.equal(game.level, 5);
  assert.equal(game.moves.length, local.moves.length);
  assert.equal(game.result, local.result);
  assert.equal(game.computer, game.sides.find((s) => s !== local.color));
  const player = await (await fetch(`${url}/api/players/${name}`)).json();
  const row = player.recent.find((g) => g.id === id);
  assert.ok(row, `game ${id} is not on ${name}'s page`);
  assert.equal(row.played_in_browser, local.playedAt);
  assert.equal(row.rated, false);
  assert.deepEqual(player.ratings, []);
  return game;
}

// Takes the page's context offline (its engine already loaded), runs `play`, checks that the game
// is kept on the device while the network is away, and brings the network back.
export async function finishOffline(page, play) {
  await page.waitForFunction(() => !!document.querySelector('.game-page')?.dataset.legal || document.querySelector('.game-page')?.dataset.ply !== '0');
  await page.context().setOffline(true);
  await play();
  await page.waitForSelector('[data-testid=local-game][data-upload=queued]');
  await page.context().setOffline(false);
}

