// The game base page in a real browser: records imported with `oyin import` into the database
// of a running server, the explorer beside the board walked by clicks (in the explorer and on the
// board), the games reaching the position listed, and one opened in review.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS, ROOT, launchBrowser, startServer } from './harness.mjs';

let server;
let browser;

const RECORDS = `[Event "Spring Cup"]
[Date "2024.03.01"]
[White "Asel"]
[Black "Bolat"]
[WhiteElo "1800"]
[BlackElo "1700"]
[Result "1-0"]

1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54 1-0

[Event "Club"]
[Date "2023"]
[White "Dana"]
[Black "Erlan"]
[Result "0-1"]

1. 98 22 2. 76 99 0-1

[Event "Club"]
[Date "2022"]
[White "Zhan"]
[Black "Asel"]
[Result "1/2-1/2"]

1. 76 98 2. 66 87 1/2-1/2
`;

before(async () => {
  server = await startServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'oyin-base-'));
  const file = path.join(dir, 'cup.pgn');
  writeFileSync(file, RECORDS);
  const bin = process.env.OYIN_BINARY ?? path.join(ROOT, 'build', 'oyin');
  const out = execFileSync(bin, ['import', file, '--db', server.db, '-q']).toString();
  assert.match(out, /^imported 3 games from 1 file in /);
  // The Tojmot computer games shipped for the base, as `make run` imports them.
  const shipped = path.join(ROOT, 'data', 'base', 'tojmot-computer.pgn');
  execFileSync(bin, ['import', shipped, '--source', 'computer', '--db', server.db, '-q']);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, `the server did not stop cleanly: ${stopped?.stderr}`);
});

const explorerMoves = (page) =>
  page.$$eval('[data-explorer-move]', (rows) => rows.map((r) => [r.dataset.explorerMove, r.children[1].textContent]));

test('the explorer beside the board walks the base and a game opens in review', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.click('[data-nav=base]');
  await page.click('[data-base-game=togyz]');
  await page.waitForSelector('[data-testid=explorer][data-games="3"]');
  assert.deepEqual(await explorerMoves(page), [['98(10)', '2'], ['76(10)', '1']]);
  // The engine's view of each move (a short search), as a signed score.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-eval]')].every((e) => /^[+-]?\d+\.\d\d$|^#/.test(e.textContent)));
  assert.equal(await page.getAttribute('[data-testid=base-table]', 'data-total'), '3');

  // A move in the explorer, then one on the board (Black's pit 2).
  await page.click('[data-explorer-move="98(10)"]');
  await page.waitForSelector('[data-testid=base-page][data-moves="98(10)"]');
  await page.waitForSelector('[data-testid=explorer][data-games="2"]');
  assert.deepEqual(await explorerMoves(page), [['22(10)', '2']]);
  await page.click('[data-pit=b2]');
  await page.waitForSelector('[data-testid=base-page][data-moves="98(10) 22(10)"]');
  await page.waitForSelector('[data-testid=explorer][data-games="2"]');
  assert.deepEqual((await explorerMoves(page)).sort(), [['76(22)', '1'], ['87(22)', '1']]);
  await page.waitForSelector('[data-testid=base-table][data-total="2"]');
  await page.screenshot({ path: path.join(ARTIFACTS, 'base-page.png') });

  // Search within the position: Asel's games only.
  await page.fill('[data-filter=player]', 'Asel');
  await page.click('[data-action=base-search]');
  await page.waitForSelector('[data-testid=base-table][data-total="1"]');
  assert.match(await page.textContent('[data-testid=base-table] tbody'), /Asel \(1800\).*Bolat \(1700\).*1-0.*Spring Cup/);

  // Back to the start, then a position no game reached.
  await page.click('[data-action=base-start]');
  await page.waitForSelector('[data-testid=explorer][data-games="3"]');
  await page.click('[data-pit=w1]');
  await page.waitForSelector('[data-testid=explorer-empty]');

  // Opened in review: the whole game on the game page.
  await page.click('[data-action=base-start]');
  await page.waitForSelector('[data-testid=base-table] [data-base-row]');
  await page.click('[data-testid=base-table] tbody tr:first-child');
  await page.waitForSelector('.game-page[data-ply="11"]');
  assert.equal(await page.getAttribute('.game-page', 'data-status'), 'finished');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the base page speaks the four languages', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(`${server.url}/#/base/togyz`);
  await page.waitForSelector('[data-testid=explorer][data-games="3"]');
  assert.equal(await page.textContent('[data-nav=base]'), 'База партий');
  assert.match(await page.textContent('[data-testid=explorer] h2'), /Дебютный справочник/);
  await context.close();
});

test('computer games are labelled and a source can be chosen', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/#/base/tojmot`);
  await page.waitForSelector('[data-testid=base-table] [data-base-row]');
  const total = Number(await page.getAttribute('[data-testid=base-table]', 'data-total'));
  assert.equal(total, 40);  // data/base/tojmot-computer.pgn
  // Every row says it is a computer game, and the source list names them so.
  const badges = await page.$$eval('[data-testid=base-table] tbody tr', (rows) =>
    rows.map((r) => r.querySelector('[data-source-badge]')?.textContent ?? ''));
  assert.ok(badges.length > 0 && badges.every((b) => b === 'computer'), JSON.stringify(badges));
  await page.waitForSelector('[data-testid=base-source] option[value=computer]', { state: 'attached' });
  assert.equal(await page.textContent('[data-testid=base-source] option[value=computer]'),
    'Computer games (oyin at full strength)');
  await page.selectOption('[data-testid=base-source]', 'computer');
  await page.waitForSelector(`[data-testid=explorer][data-games="${total}"]`);

  // Togyz: the file's source alone, then all again.
  await page.click('[data-base-game=togyz]');
  await page.waitForSelector('[data-testid=explorer][data-games="3"]');
  assert.equal(await page.inputValue('[data-testid=base-source]'), '');
  await page.waitForSelector('[data-testid=base-source] option[value=cup]', { state: 'attached' });
  await page.selectOption('[data-testid=base-source]', 'cup');
  await page.waitForSelector('[data-testid=base-table][data-total="3"]');
  assert.equal(await page.$('[data-testid=base-table] [data-source-badge]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});
