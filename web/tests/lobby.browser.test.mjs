// Browser test of the lobby: in two browser contexts, one posts a seek from #/lobby, the other
// sees it appear live and accepts it with one click; both land in the same game (the creator's
// page is taken there by the lobby socket), and a move made by one appears at the other.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, launchBrowser, startServer, openPage } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer(['--clock', 'manual']);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, `the server did not stop cleanly: ${stopped?.stderr}`);
});

async function newPage(locale = 'en-US') {
  return openPage(browser, { locale });
}

test('a seek posted in one browser is accepted in another: both play the same game', async () => {
  const creator = await newPage();
  await creator.goto(server.url);
  await creator.click('[data-nav=lobby]');
  await creator.waitForSelector('[data-testid=no-seeks]');
  await creator.selectOption('[data-seek-opt=game]', 'togyz');
  await creator.selectOption('[data-seek-opt=clock]', { label: '3+2 · Blitz' });
  await creator.selectOption('[data-seek-opt=color]', 'white');
  await creator.click('[data-action=post-seek]');
  await creator.waitForSelector('[data-seek][data-mine="1"]');
  await creator.waitForSelector('[data-testid=seek-waiting]');

  const acceptor = await newPage('ru-RU');
  await acceptor.goto(`${server.url}/#/lobby`);
  const row = acceptor.locator('[data-seek]');
  await row.waitFor();
  assert.equal(await acceptor.locator('[data-seek][data-mine]').count(), 0, 'not the acceptor\'s seek');
  const text = await row.textContent();
  assert.match(text, /3\+2 · Блиц/);
  assert.match(text, /Гость/);
  assert.match(text, /Товарищеская/);
  await acceptor.screenshot({ path: path.join(ARTIFACTS, 'lobby-ru.png') });

  // The creator cannot accept its own seek: its row offers to cancel instead.
  assert.equal(await creator.locator('[data-action=accept-seek]').count(), 0);

  await acceptor.click('[data-action=accept-seek]');
  await acceptor.waitForSelector('.game-page');
  await creator.waitForSelector('.game-page');  // taken there by the lobby socket
  const id = await acceptor.getAttribute('.game-page', 'data-game-id');
  assert.equal(await creator.getAttribute('.game-page', 'data-game-id'), id);
  const state = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.equal(state.mode, 'online');
  assert.equal(state.clock.initial_ms, 180_000);

  // White (the creator) moves; the move appears at Black's, and Black's reply at White's.
  await creator.waitForSelector('[data-pit=w6]');
  await creator.click('[data-pit=w6]');
  await acceptor.waitForSelector('.game-page[data-ply="1"]');
  await acceptor.click('[data-pit=b1]');
  await creator.waitForSelector('.game-page[data-ply="2"]');
  const after2 = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.equal(after2.moves.length, 2);
  await creator.screenshot({ path: path.join(ARTIFACTS, 'lobby-game.png') });

  // The seek left the lobby for everyone.
  const left = await (await fetch(`${server.url}/api/seeks`)).json();
  assert.deepEqual(left.seeks, []);
  assert.deepEqual(creator.errors, []);
  assert.deepEqual(acceptor.errors, []);
  await creator.context().close();
  await acceptor.context().close();
});
