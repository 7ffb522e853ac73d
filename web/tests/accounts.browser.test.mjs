// Accounts and ratings in the browser, against a real server whose clock the test moves
// (--clock manual). Two people sign up in two browser contexts (a desktop in English, a phone in
// Russian); a weak password and a wrong one show the server's error in the user's language; one
// signs out and in again; a rated 1+0 Togyz Kumalak game made in the new-game dialog is joined by
// the other through the invite link, both see the names and ratings beside the clocks, White's
// flag falls on the server, both see the rating change, and the winner is on the hall of fame and
// on a player page with a rating chart. Then a password change signs out the other device, and
// "sign out everywhere" every one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, ROOT, serverAndBrowser, openPage } from './harness.mjs';

const TEXTS = JSON.parse(readFileSync(path.join(ROOT, 'web', 'src', 'common', 'server_texts.json'), 'utf8'));
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

let server;
let browser;

serverAndBrowser(['--clock', 'manual'], (s, b) => {
  server = s;
  browser = b;
});

async function newPage(viewport, locale) {
  return openPage(browser, { viewport, locale, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
}

async function advance(ms) {
  const r = await fetch(`${server.url}/api/test/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: ms }) });
  assert.equal(r.status, 200, await r.text());
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `accounts-${name}.png`), fullPage: true });
}

// Fills and sends the open account dialog; resolves when the server has answered.
async function submitAccount(page, username, password) {
  await page.fill('[data-testid=account-dialog] input[name=username]', username);
  await page.fill('[data-testid=account-dialog] input[name=password]', password);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/account/')),
    page.click('[data-action=account-submit]'),
  ]);
}

async function signUp(page, username, password) {
  await page.click('[data-action=sign-in]');
  await page.click('[data-action=to-sign-up]');
  await page.waitForSelector('[data-testid=account-dialog][data-mode=up]');
  await submitAccount(page, username, password);
}

async function clickAndWait(page, selector) {
  const before = Number(await page.getAttribute('.game-page', 'data-ply'));
  await page.click(selector);
  await page.waitForSelector(`.game-page[data-ply="${before + 1}"]`);
}

// Alice on a desktop in English, Bob on a phone in Russian; the second test goes on with them.
let alice;
let bob;

test('sign up, the server errors in the user language, sign out and in again', async () => {
  alice = await newPage(DESKTOP, 'en-US');
  bob = await newPage(PHONE, 'ru-RU');
  await alice.goto(server.url);
  await bob.goto(server.url);
  // A guest: the menu offers to sign in, and a rated game cannot be chosen.
  await alice.waitForSelector('[data-account=guest]');
  await alice.click('[data-game=togyz]');
  await alice.click('[data-mode=online]');
  assert.equal(await alice.isDisabled('[data-opt=rated]'), true);
  await shot(alice, 'guest-new-game');

  // A weak password is refused with the server's text in the user's language; then a good one.
  await signUp(alice, 'alice', 'alice');
  assert.equal(await alice.textContent('[data-testid=account-error]'), TEXTS.errors.weak_password.en);
  await submitAccount(alice, 'alice', 'kumalak-stones-81');
  await alice.waitForSelector('[data-account=user]');
  assert.match(await alice.textContent('[data-testid=account-name]'), /alice/);

  await signUp(bob, 'bob', 'tuzdyk-on-nine');
  await bob.waitForSelector('[data-account=user]');
  // The name is taken without regard to case: shown in Russian in Bob's browser.
  const other = await newPage(PHONE, 'ru-RU');
  await other.goto(server.url);
  await signUp(other, 'ALICE', 'another-password-1');
  assert.equal(await other.textContent('[data-testid=account-error]'), TEXTS.errors.username_taken.ru);
  await shot(other, 'taken-phone-ru');
  await other.context().close();

  // Sign out, a wrong password, and in again; a reload keeps the session (the cookie is HttpOnly:
  // the page asks the server).
  await alice.click('[data-testid=account-name]');
  await shot(alice, 'menu');
  await alice.click('[data-action=sign-out]');
  await alice.waitForSelector('[data-account=guest]');
  assert.equal((await (await alice.context().request.get(`${server.url}/api/account`)).status()), 401);
  await alice.click('[data-action=sign-in]');
  await submitAccount(alice, 'alice', 'not-the-password');
  assert.equal(await alice.textContent('[data-testid=account-error]'), TEXTS.errors.bad_credentials.en);
  await shot(alice, 'wrong-password');
  await submitAccount(alice, 'alice', 'kumalak-stones-81');
  await alice.waitForSelector('[data-account=user]');
  await alice.reload();
  await alice.waitForSelector('[data-account=user]');
  await bob.reload();
  await bob.waitForSelector('[data-account=user]');
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
});

test('a rated game: names and ratings at the table, the rating change, the hall of fame, the player page', async () => {
  assert.ok(alice && bob, 'the accounts of the first test');
  await alice.goto(`${server.url}/#/`);
  // Alice makes a rated 1+0 online game and plays White.
  await alice.click('[data-game=togyz]');
  await alice.selectOption('[data-opt=clock]', { label: '1+0 · Bullet' });
  await alice.click('[data-mode=online]');
  await alice.click('[data-color=white]');
  await alice.check('[data-opt=rated]');
  await alice.click('[data-action=start]');
  await alice.waitForSelector('.game-page');
  const id = await alice.getAttribute('.game-page', 'data-game-id');
  await alice.waitForSelector('[data-testid=rated-tag]');

  await bob.goto(await alice.inputValue('[data-testid=invite]'));
  await bob.waitForSelector(`.game-page[data-game-id="${id}"]`);
  await alice.waitForSelector('[data-testid=first-move]');
  await clickAndWait(alice, '[data-pit=w6]');
  await bob.waitForSelector('.game-page[data-ply="1"]');
  await clickAndWait(bob, '[data-pit=b1]');
  await alice.waitForSelector('.game-page[data-ply="2"]');
  // Both see both names, each with a provisional rating, beside the clocks.
  for (const page of [alice, bob]) {
    await page.waitForSelector('.player-chip[data-side=black] [data-seat-player=bob]');
    await page.waitForSelector('.player-chip[data-side=white] [data-seat-player=alice]');
    assert.match(await page.textContent('.player-chip[data-side=white] [data-testid=seat-rating]'), /^\d+\?$/);
  }
  await shot(alice, 'game-desktop');
  await shot(bob, 'game-phone-ru');

  // Nobody moves: White's flag falls on the server, Black wins.
  await advance(61_000);
  for (const page of [alice, bob]) {
    await page.waitForSelector('.game-page[data-status=finished]');
    await page.waitForSelector('[data-testid=result-dialog] [data-testid=rating-change]');
  }
  const s = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.equal(s.rated, true);
  assert.deepEqual(s.end, { code: 'time', winner: 'black', args: [0, 0] });
  const [w, b] = s.rating_change;
  assert.ok(w.delta < 0 && b.delta > 0, JSON.stringify(s.rating_change));
  const shown = (n) => (n > 0 ? `+${Math.round(n)}` : `−${-Math.round(n)}`);
  for (const page of [alice, bob]) {
    assert.equal(await page.textContent('[data-testid=delta-white]'), shown(w.delta));
    assert.equal(await page.textContent('[data-testid=delta-black]'), shown(b.delta));
    assert.equal(await page.textContent('[data-testid=new-rating-black]'), String(Math.round(b.after)));
  }
  assert.match(await bob.textContent('[data-testid=rating-change]'), /Изменение рейтинга/);
  await shot(alice, 'result-desktop');
  await shot(bob, 'result-phone-ru');

  // The hall of fame of Togyz Kumalak, Bullet: Bob is listed (provisional after one game), with
  // the computer's levels beside.
  await alice.click('[data-action=close-result]');
  await alice.click('[data-nav=leaderboard]');
  await alice.waitForSelector('[data-testid=leaderboard]');
  await alice.click('[data-board-game=togyz]');
  await alice.click('[data-speed=bullet]');
  await alice.waitForSelector('[data-testid=leaderboard][data-game=togyz][data-speed=bullet] [data-ranked=bob]');
  assert.ok(await alice.$$eval('[data-testid=computer-levels] [data-level]', (rows) => rows.length) > 0);
  await shot(alice, 'leaderboard-desktop');
  await bob.goto(`${server.url}/#/leaderboard/togyz/bullet`);
  await bob.waitForSelector('[data-ranked=bob]');
  await shot(bob, 'leaderboard-phone-ru');

  // From the leaderboard to Bob's page: the rating, the game, and a chart with a point.
  await alice.click('[data-ranked=bob] a');
  await alice.waitForSelector('[data-testid=player-page][data-player=bob]');
  await alice.waitForSelector('[data-rating=togyz-bullet]');
  assert.equal(Number(await alice.getAttribute('[data-testid=rating-chart]', 'data-points')) >= 1, true);
  assert.ok(await alice.$('[data-testid=rating-chart] svg circle'));
  assert.match(await alice.textContent(`[data-recent="${id}"]`), /alice/);
  assert.match(await alice.textContent(`[data-recent="${id}"]`), /Win/);
  await shot(alice, 'player-desktop');
  await bob.click('[data-testid=account-name]');
  await bob.click('[data-action=my-page]');
  await bob.waitForSelector('[data-testid=player-page][data-player=bob] [data-testid=rating-chart]');
  await shot(bob, 'player-phone-ru');
  // A recent game opens the game.
  await alice.click(`[data-recent="${id}"]`);
  await alice.waitForSelector(`.game-page[data-game-id="${id}"][data-status=finished]`);

  // An unknown player's page says so in the user's language.
  await bob.goto(`${server.url}/#/player/nobody-here`);
  assert.equal(await (await bob.waitForSelector('[data-testid=player-error]')).textContent(), TEXTS.errors.no_such_player.ru.replace('{username}', 'nobody-here'));

  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
  await bob.context().close();  // Alice's goes on in the next test
});
test('a rated game against the computer: the dialog names its pool, and no undo or engine while it is played', async () => {
  assert.ok(alice, 'the account of the first test');
  await alice.goto(`${server.url}/#/`);
  await alice.click('[data-game=togyz]');
  await alice.click('[data-mode=ai]');
  await alice.selectOption('[data-opt=clock]', { label: '1+0 · Bullet' });
  await alice.waitForSelector('[data-testid=computer-pool]');
  await alice.click('[data-color=white]');
  await alice.click('[data-action=start]');
  await alice.waitForSelector('.game-page');
  await alice.waitForSelector('[data-testid=rated-tag]');
  await alice.waitForSelector('[data-testid=analysis-closed]');
  assert.equal(await alice.$('[data-action=undo]'), null, 'undo is offered in a rated game');
  await alice.waitForSelector('[data-action=resign]');
  await shot(alice, 'rated-computer-game');
  assert.deepEqual(alice.errors, []);
  await alice.context().close();
});


test('a password change signs out the other devices; sign out everywhere signs out this one too', async () => {
  const laptop = await newPage(DESKTOP, 'en-US');
  const phone = await newPage(PHONE, 'ru-RU');
  await laptop.goto(server.url);
  await phone.goto(server.url);
  await signUp(laptop, 'carol_pw', 'first-password-1');
  await laptop.waitForSelector('[data-account=user]');
  await phone.click('[data-action=sign-in]');
  await submitAccount(phone, 'carol_pw', 'first-password-1');
  await phone.waitForSelector('[data-account=user]');

  // A wrong current password is refused in the user's language; then the change goes through.
  await laptop.click('[data-testid=account-name]');
  await laptop.click('[data-action=change-password]');
  await laptop.fill('[data-testid=password-dialog] input[name=current]', 'not-the-password');
  await laptop.fill('[data-testid=password-dialog] input[name=new]', 'second-password-2');
  await laptop.click('[data-action=password-submit]');
  assert.equal(await (await laptop.waitForSelector('[data-testid=password-error]')).textContent(), TEXTS.errors.bad_credentials.en);
  await laptop.fill('[data-testid=password-dialog] input[name=current]', 'first-password-1');
  await laptop.click('[data-action=password-submit]');
  await laptop.waitForSelector('[data-testid=password-changed]');
  await shot(laptop, 'password-changed');
  await laptop.click('[data-testid=password-dialog] .modal-buttons button');
  await phone.reload();
  await phone.waitForSelector('[data-account=guest]');
  await laptop.reload();
  await laptop.waitForSelector('[data-account=user]');

  // The phone signs in with the new password, then signs out everywhere: the laptop too.
  await phone.click('[data-action=sign-in]');
  await submitAccount(phone, 'carol_pw', 'second-password-2');
  await phone.waitForSelector('[data-account=user]');
  await phone.click('[data-testid=account-name]');
  await phone.click('[data-action=sign-out-everywhere]');
  await phone.waitForSelector('[data-account=guest]');
  await laptop.reload();
  await laptop.waitForSelector('[data-account=guest]');
  assert.deepEqual(laptop.errors, []);
  assert.deepEqual(phone.errors, []);
  await laptop.context().close();
  await phone.context().close();
});
