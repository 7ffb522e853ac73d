// The review of a finished game in the real headless chromium against a real `oyin serve` whose
// analysis queue has no worker of its own (--workers-analysis 0): a signed-in player's capture Go
// game with a clear blunder (a stone put where it has one liberty, captured at once: the first
// capture wins); "Request computer analysis" shows the job's place in the queue; an `oyin worker`
// process analyses it; then the chance-to-win graph, the "??" mark on the blunder in the move
// list, a click on the graph showing that position with "Best was …" and the better point marked
// on the board, the proved loss, accuracy and counts per side; "Learn from your mistakes" offers
// the position before the blunder, refuses the blunder and accepts the computer's move. At
// 390×844 neither page scrolls sideways. And on a server with its own worker, the progress pushed
// on the game's socket is shown as it runs. Screenshots: build/test-artifacts/review-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ARTIFACTS, ROOT, serverAndBrowser, openPage, startServer } from './harness.mjs';

let server;
let browser;

serverAndBrowser(['--workers-analysis', '0'], (s, b) => {
  server = s;
  browser = b;
});

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `review-${name}.png`), fullPage: true });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const overflow = (page) => page.evaluate(() => {
  const wide = [...document.querySelectorAll('body *')].map((e) => [e, e.getBoundingClientRect().right])
    .filter(([, r]) => r > window.innerWidth + 0.5).map(([e, r]) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''} ${Math.round(r)}`);
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide: wide.slice(0, 3) };
});

// JSON from the page itself (its origin, its session cookie).
const api = (page, method, url, body) => page.evaluate(async ([m, u, b]) => {
  const r = await fetch(u, { method: m, headers: b ? { 'Content-Type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
  return { status: r.status, body: await r.json() };
}, [method, url, body]);

// One `oyin worker` on the server's store, for one job; resolves with its exit code.
function runWorker() {
  const bin = process.env.OYIN_BINARY ?? path.join(ROOT, 'build', 'oyin');
  const proc = spawn(bin, ['worker', '--db', server.db, '--max-jobs', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => proc.on('exit', (code) => resolve({ code, out })));
}

// Signs `name` up on the page's server and plays the blunder game as Black against a guest on
// the invite's seat: 1. C7 D4 2. G7 F4 3. C3 E3 4. E4?? (one liberty) E5, White captures. Then
// the game's page, freshly loaded (the app reads who is signed in when it starts). Its id.
async function blunderGame(page, url, name) {
  await page.goto(url);
  assert.equal((await api(page, 'POST', '/api/account/register', { username: name, password: 'correct horse battery' })).status, 201);
  const made = await api(page, 'POST', '/api/games', { game: 'capgo', mode: 'online', color: 'black' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  const mine = made.body.seat.token;
  const theirs = made.body.invite.split('/').pop();
  const moves = ['C7', 'D4', 'G7', 'F4', 'C3', 'E3', 'E4', 'E5'];
  let last;
  for (let i = 0; i < moves.length; ++i) {
    last = await api(page, 'POST', `/api/games/${id}/moves`, { move: moves[i], token: i % 2 ? theirs : mine });
    assert.equal(last.status, 200, `${moves[i]}: ${JSON.stringify(last.body)}`);
  }
  assert.equal(last.body.status, 'finished');
  await page.goto(`${url}/#/game/${id}`);
  await page.reload();
  await page.waitForSelector('.game-page[data-status=finished]');
  await page.waitForSelector('[data-testid=account-name]');
  return id;
}

test('a blunder is marked, its better move shown, and it comes back as an exercise', async () => {
  const page = await openPage(browser);
  const id = await blunderGame(page, server.url, 'reviewer');
  await page.waitForSelector('[data-testid=review][data-review-status=none]');
  await page.click('[data-action=request-analysis]');
  const queued = await page.waitForSelector('[data-testid=review-queued]');
  assert.match(await queued.textContent(), /place 1/);
  await shot(page, 'queued');

  const worker = await runWorker();
  assert.equal(worker.code, 0, worker.out);
  await page.waitForSelector('[data-testid=review][data-review-status=done]', { timeout: 20000 });
  await page.waitForSelector('[data-testid=win-graph][data-points="9"]');

  // The move list: "??" on Black's fourth move, E4 (ply 7).
  const mark = page.locator('.move-list [data-ply="7"] .move-mark');
  assert.equal(await mark.textContent(), '??');
  assert.equal(await page.getAttribute('.move-list [data-ply="7"]', 'data-mark'), 'blunder');
  assert.ok(await page.locator('[data-testid=win-graph] [data-graph-mark="??"][data-ply="7"]').count() === 1);

  // A click on the graph at ply 7 shows the position after the blunder, with the better move.
  const box = await page.locator('[data-testid=win-graph]').boundingBox();
  await page.mouse.click(box.x + (box.width * 7) / 8, box.y + box.height / 2);
  await page.waitForSelector('.game-page[data-shown="7"]');
  const best = await page.getAttribute('[data-testid=best-was]', 'data-best');
  assert.ok(best && best !== 'E4', `the better move: ${best}`);
  assert.equal(await page.textContent('[data-testid=best-was]'), `Best was ${best}`);
  await page.waitForSelector(`.go-mark[data-mark="${best}"]`);
  assert.equal(await page.getAttribute('[data-testid=played]', 'data-class'), 'blunder');
  assert.equal(await page.getAttribute('[data-testid=proved]', 'data-proved'), 'white');

  // Accuracy and marks per side.
  const accuracy = async (side) => Number(await page.getAttribute(`[data-testid=accuracy-${side}]`, 'data-accuracy'));
  const [black, white] = [await accuracy('black'), await accuracy('white')];
  // One blunder (a loss of 15 points or more) keeps a side's accuracy under 84 whatever its other moves.
  assert.ok(black >= 0 && black < 84 && white >= 0 && white <= 100, `accuracy black ${black}, white ${white}`);
  assert.equal(await page.textContent('[data-testid=accuracy-black]'), `${Math.round(black)}%`);
  assert.equal(await page.textContent('[data-testid=accuracy-white]'), `${Math.round(white)}%`);
  assert.ok(Number(await page.textContent('[data-side=black] [data-count=blunder]')) >= 1);
  await shot(page, 'marks');

  // Learn from your mistakes: the position before the blunder, among the player's exercises.
  await page.click('[data-action=mistakes]');
  await page.waitForSelector('[data-testid=mistakes-page][data-exercise]:not([data-exercise=""])');
  for (let i = 0; i < 4 && (await page.getAttribute('[data-testid=mistakes-page]', 'data-exercise')) !== `${id}/6`; ++i)
    await page.click('[data-action=next-mistake]');
  assert.equal(await page.getAttribute('[data-testid=mistakes-page]', 'data-exercise'), `${id}/6`);
  assert.match(await page.textContent('[data-testid=you-played]'), /You played E4\?\?/);
  await page.click('[data-point=E4]');
  await page.waitForSelector('[data-testid=mistakes-page][data-phase=wrong]');
  await page.click(`[data-point="${best}"]`);
  await page.waitForSelector('[data-testid=mistakes-page][data-phase=right]');
  await page.waitForSelector(`.go-mark[data-mark="${best}"]`);
  await shot(page, 'mistakes');
  assert.deepEqual(page.errors, []);

  // On a phone: nothing scrolls sideways, in Uzbek too.
  const phone = await openPage(browser, PHONE);
  await phone.context().addCookies((await page.context().cookies()));
  for (const route of [`#/game/${id}`, '#/mistakes']) {
    await phone.goto(`${server.url}/${route}`);
    await phone.waitForSelector(route === '#/mistakes' ? '[data-testid=exercise]' : '[data-testid=win-graph]');
    const o = await overflow(phone);
    assert.ok(o.scrollWidth <= o.innerWidth, `${route} scrolls sideways: ${JSON.stringify(o)}`);
  }
  await shot(phone, 'phone-mistakes');
  await phone.evaluate(() => localStorage.setItem('oyin.lang', 'uz'));
  await phone.goto(`${server.url}/#/game/${id}`);
  await phone.reload();
  await phone.waitForSelector('[data-testid=win-graph]');
  assert.equal(await phone.textContent('[data-testid=review] h3'), 'Kompyuter tahlili');
  const o = await overflow(phone);
  assert.ok(o.scrollWidth <= o.innerWidth, `the review in Uzbek scrolls sideways: ${JSON.stringify(o)}`);
  await shot(phone, 'phone-uz');
  assert.deepEqual(phone.errors, []);
});

test("with the server's own worker, its progress comes over the game's socket", async () => {
  const own = await startServer([]);  // --workers-analysis 1, the default
  try {
    const page = await openPage(browser);
    const pushes = [];
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      try {
        const msg = JSON.parse(payload);
        if (msg.type === 'analysis') pushes.push(msg);
      } catch { /* not JSON */ }
    }));
    await blunderGame(page, own.url, 'watcher');
    // Every status the card shows, as it changes.
    await page.evaluate(() => {
      window.__statuses = [];
      const card = () => document.querySelector('[data-testid=review]');
      const note = () => {
        const s = card()?.getAttribute('data-review-status');
        const shown = document.querySelector('[data-testid=review-progress]') ? 'progress' : '';
        window.__statuses.push(`${s}${shown ? '+progress' : ''}`);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.click('[data-action=request-analysis]');
    await page.waitForSelector('[data-testid=review][data-review-status=done]', { timeout: 20000 });
    await page.waitForSelector('.move-list [data-ply="7"][data-mark=blunder]');
    assert.ok(pushes.length >= 1 && pushes.at(-1).status === 'done', JSON.stringify(pushes));
    assert.deepEqual(pushes.at(-1).progress, { done: 9, total: 9 });
    const statuses = await page.evaluate(() => window.__statuses);
    // The progress bar while it runs (a push per position written), then the review.
    assert.ok(statuses.includes('running+progress'), [...new Set(statuses)].join(' '));
    assert.deepEqual(page.errors, []);
  } finally {
    const stopped = await own.stop();
    assert.equal(stopped.code, 0, stopped.stderr);
  }
});
