// Browser test of the lobby: in two browser contexts, one posts a seek from #/lobby, the other
// sees it appear live and accepts it with one click; both land in the same game (the creator's
// page is taken there by the lobby socket), and a move made by one appears at the other. Then
// "Play now" pairs two browsers, and a signed-in player challenges another from their page, who
// sees it in the header and the lobby and accepts it. Last, a seek's Play button (and its
// poster's Cancel) fits its card, its label on one line, at 390×844 and 1366×768 in all four
// languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

serverAndBrowser(['--clock', 'manual'], (s, b) => {
  server = s;
  browser = b;
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

async function signUp(page, username, password) {
  await page.click('[data-action=sign-in]');
  await page.click('[data-action=to-sign-up]');
  await page.waitForSelector('[data-testid=account-dialog][data-mode=up]');
  await page.fill('[data-testid=account-dialog] input[name=username]', username);
  await page.fill('[data-testid=account-dialog] input[name=password]', password);
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-account=user]');
}

test('play now: two browsers asking for the same game and clock are paired', async () => {
  const first = await newPage();
  await first.goto(`${server.url}/#/lobby`);
  await first.selectOption('[data-seek-opt=game]', 'togyz');
  await first.selectOption('[data-seek-opt=clock]', { label: '3+2 · Blitz' });
  await first.click('[data-action=play-now]');
  await first.waitForSelector('[data-testid=play-now-waiting]');
  // A play-now request is not an open challenge in the list.
  assert.equal(await first.locator('[data-seek]').count(), 0);

  // Cancel and ask again: the cancelled request is gone (the next one waits too).
  await first.click('[data-action=cancel-play-now]');
  await first.waitForSelector('[data-testid=play-now-waiting]', { state: 'detached' });
  await first.click('[data-action=play-now]');
  await first.waitForSelector('[data-testid=play-now-waiting]');

  const second = await newPage('kk-KZ');
  await second.goto(`${server.url}/#/lobby`);
  await second.selectOption('[data-seek-opt=game]', 'togyz');
  await second.selectOption('[data-seek-opt=clock]', { label: '3+2 · Блиц' });
  assert.match(await second.textContent('[data-action=play-now]'), /Қазір ойнау/);
  await second.click('[data-action=play-now]');
  await second.waitForSelector('.game-page');
  await first.waitForSelector('.game-page');  // taken there by the lobby socket
  const id = await second.getAttribute('.game-page', 'data-game-id');
  assert.equal(await first.getAttribute('.game-page', 'data-game-id'), id);
  const state = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.equal(state.mode, 'online');
  assert.equal(state.clock.initial_ms, 180_000);
  await first.screenshot({ path: path.join(ARTIFACTS, 'lobby-play-now.png') });
  assert.deepEqual(first.errors, []);
  assert.deepEqual(second.errors, []);
  await first.context().close();
  await second.context().close();
});

test('a challenge from a player page is seen by its player, who accepts it', async () => {
  const carol = await newPage();
  await carol.goto(server.url);
  await signUp(carol, 'carol', 'carol-long-password');
  const dan = await newPage('uz-UZ');
  await dan.goto(server.url);
  await signUp(dan, 'dan', 'dan-long-password');

  // Carol's own page has no Challenge button; Dan's has.
  await carol.goto(`${server.url}/#/player/carol`);
  await carol.waitForSelector('[data-testid=player-page]');
  assert.equal(await carol.locator('[data-action=challenge]').count(), 0);
  await carol.goto(`${server.url}/#/player/dan`);
  await carol.click('[data-action=challenge]');
  await carol.selectOption('[data-challenge-opt=game]', 'togyz');
  await carol.selectOption('[data-challenge-opt=clock]', { label: '3+2 · Blitz' });
  await carol.selectOption('[data-challenge-opt=color]', 'black');
  await carol.check('[data-challenge-opt=rated]');
  await carol.click('[data-action=send-challenge]');
  await carol.waitForSelector('[data-testid=challenge-sent]');

  // Dan sees it in the header wherever he is, and in the lobby, live.
  await dan.waitForSelector('[data-testid=challenge-notice]');
  assert.match(await dan.textContent('[data-testid=challenge-notice]'), /1/);
  await dan.click('[data-testid=challenge-notice]');
  const row = dan.locator('[data-testid=incoming-challenges] [data-challenge]');
  await row.waitFor();
  assert.match(await row.textContent(), /carol/);
  assert.match(await row.textContent(), /Reytingli/);
  await dan.screenshot({ path: path.join(ARTIFACTS, 'lobby-challenge-uz.png') });
  await dan.click('[data-action=accept-challenge]');
  await dan.waitForSelector('.game-page');
  await carol.waitForSelector('.game-page');  // taken there by the form's lobby socket
  const id = await dan.getAttribute('.game-page', 'data-game-id');
  assert.equal(await carol.getAttribute('.game-page', 'data-game-id'), id);
  const state = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.equal(state.rated, true);
  assert.equal(state.players[0].username, 'dan');  // carol asked for black
  assert.equal(state.players[1].username, 'carol');
  await dan.waitForSelector('[data-testid=challenge-notice]', { state: 'detached' });

  // The chat switch of Dan's account: off in the account menu, and the server keeps it.
  await dan.click('[data-testid=account-name]');
  await dan.uncheck('[data-action=account-chat]');
  // Until the server has the setting (the switch's request is on its way), 5 s at most.
  await dan.waitForFunction(async () => (await (await fetch('/api/account')).json()).chat === false, null,
    { timeout: 5000, polling: 100 }).catch(() => undefined);
  const chat = await dan.evaluate(async () => (await (await fetch('/api/account')).json()).chat);
  assert.equal(chat, false, 'the account keeps the chat switched off');
  assert.deepEqual(carol.errors, []);
  assert.deepEqual(dan.errors, []);
  await carol.context().close();
  await dan.context().close();
});

// Where every lobby button's box lies against its card's, and whether its label is on one line.
function buttonFits(page, selector) {
  return page.$$eval(selector, (buttons) => buttons.map((b) => {
    const r = b.getBoundingClientRect();
    const c = b.closest('.card').getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(b);
    const lines = new Set([...range.getClientRects()].map((l) => Math.round(l.top)));
    return { label: b.textContent, inside: r.left >= c.left && r.right <= c.right && r.top >= c.top && r.bottom <= c.bottom,
             lines: lines.size, pageWide: document.documentElement.scrollWidth <= window.innerWidth };
  }));
}

test('the Play button fits its card on a phone and at 1366×768, in every language', async () => {
  const poster = await openPage(browser, { viewport: { width: 390, height: 844 }, locale: 'kk-KZ', isMobile: true });
  await poster.goto(`${server.url}/#/lobby`);
  await poster.selectOption('[data-seek-opt=game]', 'togyz');
  await poster.click('[data-action=post-seek]');
  await poster.waitForSelector('[data-seek][data-mine="1"] [data-action=cancel-seek]');
  const seek = await poster.getAttribute('[data-seek][data-mine="1"]', 'data-seek');
  // The poster's own row offers "Cancel (yours)", the longest label of the column.
  for (const fit of await buttonFits(poster, `[data-seek="${seek}"] button, [data-action=play-now]`))
    assert.deepEqual(fit, { ...fit, inside: true, lines: 1, pageWide: true }, `the poster's ${fit.label}`);
  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 768 }])
    for (const locale of ['en-US', 'ru-RU', 'kk-KZ', 'uz-UZ']) {
      const page = await openPage(browser, { viewport, locale });
      await page.goto(`${server.url}/#/lobby`);
      await page.waitForSelector(`[data-seek="${seek}"] [data-action=accept-seek]`);
      const fits = await buttonFits(page, `[data-seek="${seek}"] [data-action=accept-seek], [data-action=play-now], [data-action=post-seek]`);
      assert.equal(fits.length, 3);
      for (const fit of fits)
        assert.deepEqual(fit, { ...fit, inside: true, lines: 1, pageWide: true }, `${locale} ${viewport.width}: ${fit.label}`);
      if (locale === 'ru-RU') await page.screenshot({ path: path.join(ARTIFACTS, `lobby-play-fits-${viewport.width}.png`) });
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  await poster.click(`[data-seek="${seek}"] [data-action=cancel-seek]`);
  await poster.waitForSelector(`[data-seek="${seek}"]`, { state: 'detached' });
  await poster.context().close();
});
