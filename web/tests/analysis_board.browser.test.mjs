// The review's analysis board in the real headless chromium against a real `oyin serve`: in a
// game of each kind (an imported Togyz record with its players, event and date; finished Tojmot
// and capture Go games), from a position of the game the player plays a move that is not the
// game's on the board, sees the side line and the engine's line for it (its chance to win and
// moves), plays on and steps back (Togyz), and returns to the game's position. Screenshots:
// build/test-artifacts/analysis-board-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS, ROOT, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

serverAndBrowser([], (s, b) => {
  server = s;
  browser = b;
});

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `analysis-board-${name}.png`), fullPage: true });

const api = (page, method, url, body) => page.evaluate(async ([m, u, b]) => {
  const r = await fetch(u, { method: m, headers: b ? { 'Content-Type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
  return { status: r.status, body: await r.json() };
}, [method, url, body]);

// The position after `moves` of a game, as the server replays it (board, legal moves, history).
const position = (page, view, moves) => api(page, 'GET',
  `/api/explorer?game=${view.game}&rules=${encodeURIComponent(view.rules)}&position=${encodeURIComponent(view.start_position)}` +
  `&moves=${encodeURIComponent(moves.join(' '))}`);

// Plays `m` (a legal move as the server describes it) by clicking the board.
async function clickMove(page, game, m, toMove) {
  if (game === 'togyz') await page.click(`[data-pit=${toMove === 'black' ? 'b' : 'w'}${m.pit}]`);
  else if (game === 'capgo') await page.click(`[data-point=${m.point}]`);
  else {
    await page.click(`[data-cell=${m.from}]`);
    await page.click(`[data-cell=${m.to}]`);
  }
}

// A hotseat game of `moves`, resigned: its id.
async function finishedGame(page, game, moves) {
  const made = await api(page, 'POST', '/api/games', { game, mode: 'hotseat' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const token = made.body.seat.token;
  for (const move of moves) {
    const r = await api(page, 'POST', `/api/games/${made.body.id}/moves`, { move, token });
    assert.equal(r.status, 200, `${move}: ${JSON.stringify(r.body)}`);
  }
  assert.equal((await api(page, 'POST', `/api/games/${made.body.id}/resign`, { token })).status, 200);
  return made.body.id;
}

// On the game page of `id`, at ply `ply`: a side line of `sideMoves` legal moves other than the
// game's, the engine's line, (a step back), and the return to the game.
async function sideLine(page, id, ply, sideMoves, name) {
  await page.goto(`${server.url}/#/game/${id}`);
  await page.waitForSelector('.game-page[data-board-ready=yes]');
  const view = (await api(page, 'GET', `/api/games/${id}`)).body;
  await page.keyboard.press('Home');
  for (let i = 0; i < ply; ++i) await page.keyboard.press('ArrowRight');
  await page.waitForSelector(`.game-page[data-shown="${ply}"]`);
  await page.waitForSelector('[data-testid=side-hint]');
  let moves = view.moves.slice(0, ply);
  const history = [];
  for (let k = 0; k < sideMoves; ++k) {
    const here = (await position(page, view, moves)).body;
    // A move the game did not play here (on the side line any move), without a promotion choice.
    const next = view.moves[ply] ?? '';
    const m = here.legal.find((l) => (k > 0 || !next || !next.startsWith(l.move)) && !l.promotion);
    assert.ok(m, `a legal move at ${moves.join(' ')}`);
    // The board offers the position's moves once the server has replayed it.
    await page.waitForSelector('[data-testid=side-line][data-ready=yes]');
    await clickMove(page, view.game, m, here.to_move);
    await page.waitForSelector(`.game-page[data-side-line="${k + 1}"]`);
    moves = [...moves, m.move];
    history.push((await position(page, view, moves)).body.history.at(-1));
  }
  await page.waitForSelector(`[data-testid=side-from][data-from="${ply}"]`);
  // The side line's moves, as the server wrote them (they come with its position).
  const sideMovesAre = (text) => page.waitForFunction(
    (t) => document.querySelector('[data-testid=side-moves]')?.textContent === t, text, { timeout: 10000 });
  await sideMovesAre(history.join(' '));
  // The engine's line for the side line's position, its chance to win in words.
  await page.waitForSelector('[data-testid=side-eval][data-done=yes]', { timeout: 20000 });
  const pv = await page.textContent('[data-testid=side-pv]');
  assert.ok(pv.trim().length > 0 && pv !== '—', `the engine's line: ${pv}`);
  assert.match(await page.textContent('[data-testid=side-eval]'), /chance to win/i);
  // The board shows the side line's position: the server's board after those moves.
  const after = (await position(page, view, moves)).body;
  await shot(page, name);
  if (sideMoves > 1) {
    await page.click('[data-action=side-back]');
    await page.waitForSelector(`.game-page[data-side-line="${sideMoves - 1}"]`);
    await sideMovesAre(history.slice(0, -1).join(' '));
  }
  await page.click('[data-action=side-return]');
  await page.waitForSelector('.game-page[data-side-line="0"]');
  await page.waitForSelector('[data-testid=side-hint]');
  assert.equal(await page.getAttribute('.game-page', 'data-shown'), String(ply));
  assert.deepEqual(page.errors, []);
  return { view, after };
}

test('an imported Togyz record keeps its players, event and date; a side line from it and back', async () => {
  const page = await openPage(browser);
  await page.goto(server.url);
  const record = ['[Event "Kazakhstan Cup"]', '[Site "Astana, KZ"]', '[Date "2018.05.01"]', '[Round "3"]',
    '[White "Aigerim Sapar"]', '[Black "Bolat Nur"]', '[Result "1-0"]', '', '1. 76 98 2. 66 87 3. 12 76 1-0', ''].join('\n');
  const imported = await api(page, 'POST', '/api/import', { game: 'togyz', record });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  const id = imported.body.id;
  await page.goto(`${server.url}/#/game/${id}`);
  await page.waitForSelector('[data-testid=record-info]');
  assert.equal(await page.textContent('[data-testid=record-info]'), 'Kazakhstan Cup · Astana, KZ · round 3 · 2018.05.01');
  assert.equal(await page.textContent('.player-chip[data-side=white] .who'), 'Aigerim Sapar');
  assert.equal(await page.textContent('.player-chip[data-side=black] .who'), 'Bolat Nur');

  const { after } = await sideLine(page, id, 2, 2, 'togyz');
  // Back on the game's position after two plies: its pits, not the side line's.
  const game = (await position(page, { game: 'togyz', rules: '', start_position: '' }, ['76', '98'])).body;
  assert.notDeepEqual(after.board, game.board);
  await page.waitForSelector('.game-page[data-board-ready=yes]');
  const counts = await page.$$eval('[data-pit]', (ps) => ps.map((p) => `${p.getAttribute('data-pit')}=${p.getAttribute('data-count')}`));
  const pits = (b) => b.pits.flatMap((row, side) => row.map((n, i) => `${side ? 'b' : 'w'}${i + 1}=${n}`));
  assert.deepEqual(counts.sort(), pits(game.board).sort());
  assert.notDeepEqual(pits(after.board).sort(), pits(game.board).sort());

  // On a phone the side line's card (its engine line is long) does not scroll the page sideways.
  const phone = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(`${server.url}/#/game/${id}`);
  await phone.waitForSelector('.game-page[data-board-ready=yes]');
  const here = (await position(phone, { game: 'togyz', rules: '', start_position: '' }, ['76'])).body;
  await phone.keyboard.press('Home');
  await phone.keyboard.press('ArrowRight');
  await phone.waitForSelector('.game-page[data-shown="1"]');
  await phone.waitForSelector('[data-testid=side-hint]');
  await phone.waitForSelector('[data-testid=side-line][data-ready=yes]');
  await clickMove(phone, 'togyz', here.legal.find((l) => l.move !== '98'), here.to_move);
  await phone.waitForSelector('[data-testid=side-eval][data-done=yes]', { timeout: 20000 });
  const wide = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(wide[0] <= wide[1], `the page scrolls sideways: ${wide}`);
  await shot(phone, 'phone');
  assert.deepEqual(phone.errors, []);
});

test('Tojmot and capture Go: a side line from a finished game and back', async () => {
  const page = await openPage(browser);
  await page.goto(server.url);
  const start = (await api(page, 'GET', '/api/explorer?game=tojmot')).body;
  const tj = await finishedGame(page, 'tojmot', [start.legal[0].move]);
  await sideLine(page, tj, 1, 1, 'tojmot');
  const go = await finishedGame(page, 'capgo', ['C3', 'D4']);
  await sideLine(page, go, 1, 1, 'capgo');
});

test("a review's book moves: the game base's opening moves are said to be book moves, not marked", async () => {
  // Ten games of the base open like the record below (`oyin import` into the server's store).
  const dir = mkdtempSync(path.join(tmpdir(), 'oyin-book-'));
  const games = [...Array(10).keys()].map((i) => [`[White "Player ${i}"]`, '[Black "Other"]', '[Result "1-0"]', '',
    '1. 76 98 2. 66 87 3. 12 76 1-0', ''].join('\n'));
  writeFileSync(path.join(dir, 'base.pgn'), games.join('\n'));
  const bin = process.env.OYIN_BINARY ?? path.join(ROOT, 'build', 'oyin');
  const imported = spawnSync(bin, ['import', path.join(dir, 'base.pgn'), '--db', server.db, '-q'], { encoding: 'utf8' });
  assert.equal(imported.status, 0, imported.stderr);

  const page = await openPage(browser);
  await page.goto(server.url);
  assert.equal((await api(page, 'POST', '/api/account/register', { username: 'bookish', password: 'correct horse battery' })).status, 201);
  const record = ['[White "A"]', '[Black "B"]', '[Result "1-0"]', '', '1. 76 98 2. 66 87 3. 12 76 4. 25 78 1-0', ''].join('\n');
  const id = (await api(page, 'POST', '/api/import', { game: 'togyz', record })).body.id;
  assert.equal((await api(page, 'POST', `/api/games/${id}/analysis`, { depth: 4 })).status, 202);
  await page.goto(`${server.url}/#/game/${id}`);
  await page.reload();
  await page.waitForSelector('[data-testid=review][data-review-status=done]', { timeout: 30000 });
  const analysis = (await api(page, 'GET', `/api/games/${id}/analysis`)).body;
  assert.deepEqual(analysis.moves.map((m) => m.book), [true, true, true, true, true, true, false, false]);
  // After each of the six book moves the card says so, and none is marked in the move list.
  for (let ply = 1; ply <= 8; ++ply) {
    await page.click(`.move-list [data-ply="${ply}"]`);
    await page.waitForSelector(`.game-page[data-shown="${ply}"]`);
    assert.equal(await page.locator('[data-testid=book-move]').count(), ply <= 6 ? 1 : 0, `ply ${ply}`);
  }
  for (let ply = 1; ply <= 6; ++ply) assert.equal(await page.getAttribute(`.move-list [data-ply="${ply}"]`, 'data-mark'), null);
  await page.click('.move-list [data-ply="3"]');
  assert.equal(await page.textContent('[data-testid=book-move]'), "Book move: the game base's players chose it often here.");
  assert.deepEqual(page.errors, []);
});
