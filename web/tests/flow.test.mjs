// The whole online flow in the real headless chromium, against a real server whose clock the
// test moves (--clock manual, POST /api/test/clock: a flag falls when the test says, no test
// sleeps). Two people sign up in two browser contexts through the sign-up form; one posts a
// rated 1+0 seek in the lobby, the other accepts it there; both land in the game and play by
// clicking the board; White's flag falls on the server; both see the result and their new
// ratings, and the winner is on the hall of fame. Then a rematch with the colours swapped, the
// chat between them in it, and a guest game through an invite link, resigned after the
// confirmation and not rated. Screenshots go to build/test-artifacts/flow-*.png.
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

async function advance(ms) {
  const r = await fetch(`${server.url}/api/test/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: ms }) });
  assert.equal(r.status, 200, await r.text());
}

async function gameState(id) {
  const r = await fetch(`${server.url}/api/games/${id}`);
  assert.equal(r.status, 200);
  return r.json();
}

function shot(page, name) {
  return page.screenshot({ path: path.join(ARTIFACTS, `flow-${name}.png`) });
}

async function signUp(page, username, password) {
  await page.goto(server.url);
  await page.click('[data-action=sign-in]');
  await page.click('[data-action=to-sign-up]');
  await page.waitForSelector('[data-testid=account-dialog][data-mode=up]');
  await page.fill('[data-testid=account-dialog] input[name=username]', username);
  await page.fill('[data-testid=account-dialog] input[name=password]', password);
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-account=user]');
  assert.match(await page.textContent('[data-testid=account-name]'), new RegExp(username));
}

// The player to move clicks a pit of theirs the board marks playable (the first one, so the game
// is the same at every run); both pages then show the next ply.
async function playOne(mover, other) {
  const before = Number(await mover.getAttribute('.game-page', 'data-ply'));
  const side = before % 2 === 0 ? 'w' : 'b';
  await mover.click(`[data-pit^=${side}].tk-legal >> nth=0`);
  for (const page of [mover, other]) await page.waitForSelector(`.game-page[data-ply="${before + 1}"]`);
}

const shown = (n) => (Math.round(n) > 0 ? `+${Math.round(n)}` : `−${-Math.round(n)}`);

// Alice and Bob, signed up in the first test; the others go on with them.
let alice;
let bob;
let ratedGame;

test('sign up, a rated seek accepted in the lobby, a flag falls on the server, ratings, the hall of fame', async () => {
  alice = await openPage(browser);
  bob = await openPage(browser);
  await signUp(alice, 'alice', 'kumalak-stones-81');
  await signUp(bob, 'bob', 'tuzdyk-on-nine');

  // Alice posts a rated 1+0 seek as White.
  await alice.click('[data-nav=lobby]');
  await alice.waitForSelector('[data-testid=no-seeks]');
  await alice.selectOption('[data-seek-opt=game]', 'togyz');
  // An untimed seek cannot be rated: the box is off with a hint; a clock makes it possible.
  await alice.selectOption('[data-seek-opt=clock]', { label: 'Untimed' });
  assert.equal(await alice.isDisabled('[data-seek-opt=rated]'), true);
  assert.equal(await alice.textContent('[data-testid=rated-hint]'), 'Rated games need a time control.');
  await alice.selectOption('[data-seek-opt=clock]', { label: '1+0 · Bullet' });
  await alice.selectOption('[data-seek-opt=color]', 'white');
  await alice.check('[data-seek-opt=rated]');
  await alice.click('[data-action=post-seek]');
  await alice.waitForSelector('[data-seek][data-mine="1"]');
  await alice.waitForSelector('[data-testid=seek-waiting]');

  // Bob sees it in the lobby, with Alice's name, and accepts it.
  await bob.click('[data-nav=lobby]');
  const row = bob.locator('[data-seek]');
  await row.waitFor();
  const text = await row.textContent();
  assert.match(text, /Togyz Kumalak · White/);
  assert.match(text, /1\+0 · Bullet/);
  assert.match(text, /Rated/);
  assert.match(text, /alice/);
  await shot(bob, 'lobby');
  await bob.click('[data-seek] [data-action=accept-seek]');

  // Both land in the same rated game: Bob's page by the accept, Alice's by the lobby socket.
  await bob.waitForSelector('.game-page');
  await alice.waitForSelector('.game-page');
  ratedGame = await bob.getAttribute('.game-page', 'data-game-id');
  assert.equal(await alice.getAttribute('.game-page', 'data-game-id'), ratedGame);
  for (const page of [alice, bob]) {
    await page.waitForSelector('[data-testid=rated-tag]');
    await page.waitForSelector('.player-chip[data-side=white] [data-seat-player=alice]');
    await page.waitForSelector('.player-chip[data-side=black] [data-seat-player=bob]');
    // 1:00 each (White's with the time left for the first move).
    assert.match(await page.textContent('[data-testid=clock-white]'), /^1:00/);
    assert.equal(await page.textContent('[data-testid=clock-black]'), '1:00');
  }
  assert.equal(await alice.textContent('[data-testid=status]'), 'Your move');
  assert.match(await bob.textContent('[data-testid=status]'), /Waiting/);
  const left = await (await fetch(`${server.url}/api/seeks`)).json();
  assert.deepEqual(left.seeks, [], 'the accepted seek left the lobby');

  // Four plies by clicking the board; the server has them all.
  await alice.waitForSelector('[data-testid=first-move]');
  await playOne(alice, bob);
  await playOne(bob, alice);
  await playOne(alice, bob);
  await playOne(bob, alice);
  const s4 = await gameState(ratedGame);
  assert.equal(s4.moves.length, 4);
  assert.equal(s4.clock.running, 'white');
  await alice.waitForSelector('[data-testid=clock-white][data-running=yes]');
  await shot(alice, 'rated-game');

  // Nobody moves: White's flag falls by the server's timer, and both are told.
  await advance(61_000);
  for (const page of [alice, bob]) {
    await page.waitForSelector('.game-page[data-status=finished]');
    await page.waitForSelector('[data-testid=result-dialog] [data-testid=rating-change]');
    assert.equal(await page.textContent('[data-testid=end-reason]'), 'White ran out of time');
    assert.match(await page.textContent('[data-testid=result-dialog]'), /0-1/);
    assert.match(await page.textContent('[data-testid=result-dialog]'), /Black wins/);
  }
  const s = await gameState(ratedGame);
  assert.equal(s.rated, true);
  assert.deepEqual(s.end, { code: 'time', winner: 'black', args: [0, 0] });
  const [w, b] = s.rating_change;
  assert.ok(w.delta < 0 && b.delta > 0, JSON.stringify(s.rating_change));
  for (const page of [alice, bob]) {
    assert.equal(await page.textContent('[data-testid=delta-white]'), shown(w.delta));
    assert.equal(await page.textContent('[data-testid=delta-black]'), shown(b.delta));
    assert.equal(await page.textContent('[data-testid=new-rating-white]'), String(Math.round(w.after)));
    assert.equal(await page.textContent('[data-testid=new-rating-black]'), String(Math.round(b.after)));
    assert.match(await page.textContent('[data-testid=rating-change]'), /alice.*bob/s);
  }
  await shot(bob, 'result');

  // The hall of fame of Togyz Kumalak, Bullet: Bob (the winner) first, with his new rating.
  const lobbyPage = await openPage(browser);  // a third visitor, not signed in
  await lobbyPage.goto(server.url);
  await lobbyPage.click('[data-nav=leaderboard]');
  await lobbyPage.waitForSelector('[data-testid=leaderboard]');
  await lobbyPage.click('[data-board-game=togyz]');
  await lobbyPage.click('[data-speed=bullet]');
  await lobbyPage.waitForSelector('[data-testid=leaderboard][data-game=togyz][data-speed=bullet] [data-ranked=bob]');
  assert.equal(new URL(lobbyPage.url()).hash, '#/leaderboard/togyz/bullet');
  const ranked = await lobbyPage.$$eval('[data-ranked]', (rows) => rows.map((r) => r.getAttribute('data-ranked')));
  assert.deepEqual(ranked, ['bob', 'alice']);
  assert.match(await lobbyPage.textContent('[data-ranked=bob]'), new RegExp(`${Math.round(b.after)}\\?`));
  await shot(lobbyPage, 'leaderboard');
  await lobbyPage.context().close();
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
});

test('a rematch (both agree, colours swap) and the chat between the two', async () => {
  assert.ok(alice && bob && ratedGame, 'the game of the first test');
  // Alice (who lost) offers; Bob sees the offer and accepts; both go to the new game.
  await alice.click('[data-testid=result-dialog] [data-action=rematch]');
  await alice.waitForSelector('[data-testid=rematch-sent]');
  await bob.waitForSelector('[data-testid=rematch-offered]');
  assert.equal(await bob.textContent('[data-testid=result-dialog] [data-action=rematch]'), ' Accept rematch');
  await bob.click('[data-testid=result-dialog] [data-action=rematch]');
  for (const page of [alice, bob]) {
    await page.waitForFunction((old) => {
      const el = document.querySelector('.game-page');
      return el && el.getAttribute('data-game-id') !== old && el.getAttribute('data-status') === 'ongoing';
    }, ratedGame);
  }
  const next = await alice.getAttribute('.game-page', 'data-game-id');
  assert.equal(await bob.getAttribute('.game-page', 'data-game-id'), next);
  // The colours are swapped, the stakes and the clock the same.
  for (const page of [alice, bob]) {
    await page.waitForSelector('.player-chip[data-side=white] [data-seat-player=bob]');
    await page.waitForSelector('.player-chip[data-side=black] [data-seat-player=alice]');
    await page.waitForSelector('[data-testid=rated-tag]');
    assert.equal(await page.textContent('[data-testid=clock-black]'), '1:00');
  }
  assert.equal(await bob.textContent('[data-testid=status]'), 'Your move');
  assert.match(await alice.textContent('[data-testid=status]'), /Waiting/);
  const ns = await gameState(next);
  assert.equal(ns.rated, true);
  assert.equal(ns.clock.initial_ms, 60_000);
  assert.deepEqual(ns.players.map((p) => p.username), ['bob', 'alice']);
  assert.equal((await gameState(ratedGame)).rematch.game_id, next);

  // The chat: a line of one appears for the other; one that looks like HTML is shown as typed.
  const html = '<b>gg</b><img src=x onerror="window.pwned=1">';
  await alice.fill('[data-testid=chat-input]', html);
  await alice.keyboard.press('Enter');
  for (const page of [alice, bob]) {
    await page.waitForSelector('[data-chat-seq="0"]');
    assert.equal(await page.textContent('[data-chat-seq="0"] .chat-text'), html);
    assert.equal(await page.$$eval('[data-testid=chat-lines] b, [data-testid=chat-lines] img', (els) => els.length), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
  }
  await bob.fill('[data-testid=chat-input]', 'Salem! Once more');
  await bob.click('[data-action=chat-send]');
  await alice.waitForSelector('[data-chat-seq="1"]');
  assert.equal(await alice.textContent('[data-chat-seq="1"] .chat-text'), 'Salem! Once more');

  // Bob plays White now: his move reaches Alice.
  await bob.waitForSelector('[data-testid=first-move]');
  await playOne(bob, alice);
  assert.equal((await gameState(next)).moves.length, 1);
  await shot(alice, 'rematch-chat');
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
  await alice.context().close();
  await bob.context().close();
});

test('a guest game through an invite link: resigned after the confirmation, not rated', async () => {
  const host = await openPage(browser);
  await host.goto(`${server.url}/#/lobby`);
  await host.waitForSelector('[data-account=guest]');
  // Neither the lobby nor the new-game dialog offers a guest a rated game.
  assert.equal(await host.isDisabled('[data-seek-opt=rated]'), true);
  assert.equal(await host.textContent('[data-testid=rated-hint]'), 'Sign in to play rated games.');
  await host.click('[data-nav=new]');
  await host.click('[data-game=togyz]');
  await host.click('[data-mode=online]');
  assert.equal(await host.isDisabled('[data-opt=rated]'), true, 'a guest cannot choose a rated game');
  await host.click('[data-color=white]');
  await host.click('[data-action=start]');
  await host.waitForSelector('.game-page');
  const id = await host.getAttribute('.game-page', 'data-game-id');
  const invite = await host.inputValue('[data-testid=invite]');
  assert.match(invite, new RegExp(`/#/join/${id}/`));

  const guest = await openPage(browser);
  await guest.goto(invite);
  await guest.waitForSelector(`.game-page[data-game-id="${id}"]`);
  await guest.waitForSelector('[data-account=guest]');
  await host.waitForSelector('[data-presence=black][data-connected=yes]');
  assert.equal(await guest.$('[data-testid=you-are-watching]'), null, 'the invited guest is seated');
  for (const page of [host, guest]) {
    assert.equal(await page.$('[data-testid=rated-tag]'), null);
    assert.equal(await page.$('[data-seat-player]'), null);
  }
  await playOne(host, guest);
  await playOne(guest, host);

  // Black resigns: the dialog asks first; cancelled, the game goes on; confirmed, it ends.
  await guest.click('[data-action=resign]');
  await guest.waitForSelector('[data-testid=resign-confirm]');
  assert.equal(await guest.textContent('#resign-q'), 'Resign this game?');
  await guest.click('[data-action=resign-cancel]');
  assert.equal(await guest.$('[data-testid=resign-confirm]'), null);
  assert.equal(await guest.getAttribute('.game-page', 'data-status'), 'ongoing');
  await guest.click('[data-action=resign]');
  await guest.click('[data-action=resign-confirm]');
  for (const page of [host, guest]) {
    await page.waitForSelector('.game-page[data-status=finished]');
    await page.waitForSelector('[data-testid=result-dialog]');
    assert.equal(await page.textContent('[data-testid=end-reason]'), 'Black resigned');
    assert.match(await page.textContent('[data-testid=result-dialog]'), /1-0/);
    assert.match(await page.textContent('[data-testid=status]'), /White wins/);
    assert.equal(await page.$('[data-testid=rating-change]'), null, 'no rating change for guests');
  }
  await shot(guest, 'guest-result');
  const s = await gameState(id);
  assert.equal(s.rated, false);
  assert.deepEqual(s.end, { code: 'resign', winner: 'white', args: [0, 0] });
  assert.ok(!s.rating_change || s.rating_change.every((c) => !c), JSON.stringify(s.rating_change));
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context().close();
  await guest.context().close();
});
