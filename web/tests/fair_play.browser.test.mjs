// Fair play in the real headless chromium, against a real server whose clock the test moves
// (--clock manual). Alice and Bob play an online game: Alice reports Bob's chat line from the game
// page and reports Bob from his player page; she blocks him there (the button flips), Bob's
// challenge to her is then refused with the "blocked" text and his chat with "chat_blocked", and
// she unblocks him. The operator makes "mod" a moderator (`oyin admin grant-moderator`): the
// account menu links the moderators' page, which lists the reports with the chat line; mod mutes
// Bob (his next chat line is refused with the "muted" text), closes the report, and the audit log
// has both; then mod closes Bob's account after a confirmation (Bob's sign-in is refused) and
// reopens it. A player who is no moderator sees that #/mod is for moderators. Then Carol leaves
// two timed games against Dave on the clock (made by API calls, her page never open): her lobby
// shows the pairing ban, why and for how long, and a seek she posts is refused with the server's
// text.
// Screenshots go to build/test-artifacts/fair-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ARTIFACTS, ROOT, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

serverAndBrowser(['--clock', 'manual'], (s, b) => {
  server = s;
  browser = b;
});

function shot(page, name) {
  return page.screenshot({ path: path.join(ARTIFACTS, `fair-${name}.png`) });
}

// One JSON request as a signed-in account (`cookie`: "oyin_session=..."), or as nobody.
async function call(method, url, body, cookie) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers.Cookie = cookie;
  const r = await fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  return { status: r.status, data, headers: r.headers };
}

// A new account; its session cookie.
async function register(username) {
  const r = await call('POST', '/api/account/register', { username, password: `${username}-plays-kumalak-81` });
  assert.equal(r.status, 201, JSON.stringify(r.data));
  const cookie = r.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('oyin_session='));
  assert.ok(cookie, 'no session cookie');
  return cookie;
}

// A browser context signed in with the account's cookie, on `hash`.
async function pageAs(cookie, hash = '#/') {
  const page = await openPage(browser);
  const [name, value] = cookie.split('=');
  await page.context().addCookies([{ name, value, url: server.url }]);
  await page.goto(`${server.url}/${hash}`);
  await page.waitForSelector('[data-account=user]');
  return page;
}

// A challenge from one account to another, accepted: the game's id.
async function playGame(from, to, toName, clock) {
  const ch = await call('POST', '/api/challenges', { to: toName, game: 'togyz', rules: '', clock, rated: false, color: 'white' }, from);
  assert.equal(ch.status, 201, JSON.stringify(ch.data));
  const acc = await call('POST', `/api/challenges/${ch.data.id}/accept`, undefined, to);
  assert.equal(acc.status, 201, JSON.stringify(acc.data));
  return acc.data.game_id;
}

async function move(id, cookie) {
  const s = await call('GET', `/api/games/${id}`, undefined, cookie);
  const r = await call('POST', `/api/games/${id}/moves`, { move: s.data.legal[0].move }, cookie);
  assert.equal(r.status, 200, JSON.stringify(r.data));
}

async function chat(page, text) {
  await page.fill('[data-testid=chat-input]', text);
  await page.click('[data-action=chat-send]');
}

const oyin = process.env.OYIN_BINARY ?? path.join(ROOT, 'build', 'oyin');

let alice;
let bob;
let aliceCookie;
let bobCookie;
let gameId;

test('a chat line and a player reported; a block refuses challenges and chat; unblock', async () => {
  aliceCookie = await register('alice');
  bobCookie = await register('bob');
  gameId = await playGame(bobCookie, aliceCookie, 'alice', null);  // untimed: the test's clock leaves it alone
  alice = await pageAs(aliceCookie, `#/game/${gameId}`);
  bob = await pageAs(bobCookie, `#/game/${gameId}`);
  for (const page of [alice, bob]) await page.waitForSelector(`.game-page[data-game-id="${gameId}"] [data-testid=chat-input]`);

  // Alice's own line has no report action; Bob's has one for her (and Alice's for him).
  await chat(alice, 'Good luck!');
  await bob.waitForSelector('[data-chat-seq="0"]');
  await chat(bob, 'you play like a potato');
  await alice.waitForSelector('[data-chat-seq="1"]');
  assert.equal(await alice.locator('[data-chat-seq="0"] [data-action=report-line]').count(), 0);
  assert.equal(await bob.locator('[data-chat-seq="1"] [data-action=report-line]').count(), 0);
  assert.equal(await bob.locator('[data-chat-seq="0"] [data-action=report-line]').count(), 1);
  await alice.click('[data-chat-seq="1"] [data-action=report-line]');
  await alice.waitForSelector('[data-testid=report-dialog]');
  assert.equal(await alice.textContent('[data-testid=reported-line]'), 'you play like a potato');
  assert.match(await alice.textContent('[data-testid=report-dialog] h2'), /Report this chat line by bob\?/);
  await shot(alice, 'report-line');
  await alice.click('[data-action=report-send]');
  await alice.waitForSelector('[data-testid=report-sent]');
  assert.match(await alice.textContent('[data-testid=report-sent]'), /Report sent/);
  await alice.click('[data-action=report-close]');
  assert.equal(await alice.locator('[data-testid=report-dialog]').count(), 0);

  // On Bob's page: Report with a reason and a text, then Block, which flips to Unblock.
  await alice.goto(`${server.url}/#/player/bob`);
  await alice.waitForSelector('[data-testid=player-page][data-player=bob] [data-action=block]:not([disabled])');
  await alice.click('[data-action=report]');
  await alice.selectOption('[data-report-opt=reason]', 'stalling');
  await alice.fill('[data-report-opt=text]', 'lets the clock run in lost positions');
  await alice.click('[data-action=report-send]');
  await alice.waitForSelector('[data-testid=report-sent]');
  await alice.click('[data-action=report-close]');
  await alice.click('[data-action=block]');
  await alice.waitForSelector('[data-action=unblock][data-blocked="1"]');
  assert.match(await alice.textContent('[data-testid=blocked-note]'), /You have blocked bob/);
  assert.equal(await alice.locator('[data-action=challenge]').count(), 0, 'no challenge to a blocked player');
  const blocks = await call('GET', '/api/blocks', undefined, aliceCookie);
  assert.deepEqual(blocks.data.blocked.map((b) => b.username), ['bob']);
  await shot(alice, 'blocked');
  // A reload finds the block again.
  await alice.reload();
  await alice.waitForSelector('[data-action=unblock]');

  // Bob's challenge to Alice is refused with the text in his language.
  await bob.goto(`${server.url}/#/player/alice`);
  await bob.waitForSelector('[data-action=block][data-blocked="0"]:not([disabled])');
  await bob.click('[data-action=challenge]');
  await bob.click('[data-action=send-challenge]');
  await bob.waitForSelector('[data-testid=challenge-error]');
  assert.equal(await bob.textContent('[data-testid=challenge-error]'), 'You cannot play this player: one of you has blocked the other.');
  await shot(bob, 'challenge-blocked');
  // And his chat in their game is refused in the chat panel.
  await bob.goto(`${server.url}/#/game/${gameId}`);
  await bob.waitForSelector('[data-testid=chat-input]');
  await chat(bob, 'hello?');
  await bob.waitForSelector('[data-testid=chat-refusal]');
  assert.equal(await bob.textContent('[data-testid=chat-refusal]'), 'There is no chat between you and this player.');
  assert.equal(await bob.locator('[data-chat-seq="2"]').count(), 0);

  // Alice unblocks him: the button flips back.
  await alice.click('[data-action=unblock]');
  await alice.waitForSelector('[data-action=block][data-blocked="0"]');
  assert.equal(await alice.locator('[data-testid=blocked-note]').count(), 0);
  await alice.waitForSelector('[data-action=challenge]');
  for (const page of [alice, bob]) assert.deepEqual(page.errors, []);
});

test('a moderator sees the reports, mutes the player, closes a report; the audit log has it', async () => {
  const modCookie = await register('mod');
  // Not yet a moderator: #/mod says it is for moderators, and the menu has no link to it.
  const mod = await pageAs(modCookie, '#/mod');
  await mod.waitForSelector('[data-testid=mod-only]');
  assert.equal(await mod.textContent('[data-testid=mod-only]'), 'This page is for moderators.');
  assert.equal((await call('GET', '/api/mod/reports', undefined, modCookie)).data.code, 'not_moderator');

  execFileSync(oyin, ['admin', 'grant-moderator', 'mod', '--db', server.db], { stdio: 'pipe' });
  await mod.goto(`${server.url}/#/`);
  await mod.reload();
  await mod.waitForSelector('[data-account=user]');
  await mod.click('[data-testid=account-name]');
  await mod.click('[data-action=mod-page]');
  await mod.waitForSelector('[data-testid=mod-page] [data-mod-player=bob]');
  const card = mod.locator('[data-mod-player=bob]');
  assert.equal(await card.locator('[data-report]').count(), 2);
  const chatReport = card.locator('[data-report][data-reason=chat]');
  assert.equal(await chatReport.locator('[data-testid=report-chat-line]').textContent(), 'you play like a potato');
  assert.match(await chatReport.textContent(), /reported by alice/);
  assert.equal(await chatReport.locator('[data-testid=report-game]').getAttribute('href'), `#/game/${gameId}`);
  assert.equal(await card.locator('[data-report][data-reason=stalling] [data-testid=report-text]').textContent(),
    'lets the clock run in lost positions');
  assert.equal(await card.locator('[data-player-link=bob]').first().getAttribute('href'), '#/player/bob');
  await shot(mod, 'mod-reports');

  // Mute Bob for an hour with a reason: his standing says so, and his next line is refused.
  await card.locator('[data-mod-reason]').fill('insults in chat');
  await card.locator('[data-action=mute-1h]').click();
  await card.locator('[data-testid=mod-tools][data-muted="1"]').waitFor();
  await card.locator('[data-action=unmute]').waitFor();
  await chat(bob, 'sorry');
  await bob.waitForFunction(() => document.querySelector('[data-testid=chat-refusal]')?.textContent?.includes('muted'));
  assert.equal(await bob.textContent('[data-testid=chat-refusal]'), 'A moderator has muted your chat: you can write again in 60 min.');
  assert.equal(await bob.locator('[data-chat-seq="2"]').count(), 0);
  await shot(bob, 'muted');
  // Another moderator's account is not a moderator's to change (the operator's): said in the UI's words.
  assert.equal((await call('POST', '/api/mod/players/mod/mute', { minutes: 60, reason: '' }, modCookie)).data.code, 'moderator_target');

  // Close the chat report with an outcome: it leaves the open list, and is among the closed ones.
  await chatReport.locator('[data-report-outcome]').fill('muted for an hour');
  await chatReport.locator('[data-action=close-report]').click();
  await card.locator('[data-report]').nth(1).waitFor({ state: 'detached' });
  assert.equal(await card.locator('[data-report][data-reason=stalling]').count(), 1);
  await mod.click('[data-mod-tab=closed]');
  await mod.waitForSelector('[data-testid=closed-reports]');
  const closed = await mod.textContent('[data-testid=closed-reports]');
  assert.match(closed, /muted for an hour/);
  assert.match(closed, /Closed by mod/);
  assert.match(closed, /you play like a potato/);

  // The audit log, newest first: the report closed, the mute, the operator's grant.
  await mod.click('[data-mod-tab=audit]');
  await mod.waitForSelector('[data-testid=audit-log]');
  const actions = await mod.$$eval('[data-audit]', (rows) => rows.map((r) => r.getAttribute('data-audit-action')));
  assert.deepEqual(actions.slice(0, 3), ['close_report', 'mute', 'grant_moderator']);
  const muteRow = await mod.textContent('[data-audit-action=mute]');
  assert.match(muteRow, /mod/);
  assert.match(muteRow, /bob/);
  assert.match(muteRow, /60 min: insults in chat/);
  await shot(mod, 'mod-audit');

  // Close Bob's account after the confirmation: he can no longer sign in (said in his language);
  // reopened, he can.
  await mod.click('[data-mod-tab=open]');
  await card.locator('[data-mod-reason]').fill('spam account');
  await card.locator('[data-action=close-account]').click();
  await mod.waitForSelector('[data-testid=close-confirm]');
  assert.match(await mod.textContent('[data-testid=close-confirm]'), /Close bob’s account\? They can no longer sign in\./);
  await mod.click('[data-action=close-confirm]');
  await card.locator('[data-testid=mod-tools][data-closed="1"]').waitFor();
  assert.equal(await card.locator('[data-testid=standing-closed]').textContent(), 'Account closed');
  await shot(mod, 'mod-closed');
  const again = await openPage(browser);
  await again.goto(server.url);
  await again.click('[data-action=sign-in]');
  await again.fill('[data-testid=account-dialog] input[name=username]', 'bob');
  await again.fill('[data-testid=account-dialog] input[name=password]', 'bob-plays-kumalak-81');
  await again.click('[data-action=account-submit]');
  await again.waitForSelector('[data-testid=account-error]');
  assert.equal(await again.textContent('[data-testid=account-error]'), 'This account was closed by a moderator.');
  await card.locator('[data-action=reopen-account]').click();
  await card.locator('[data-testid=mod-tools][data-closed="0"]').waitFor();
  await again.click('[data-action=account-submit]');
  await again.waitForSelector('[data-account=user]');
  const log = (await call('GET', '/api/mod/audit', undefined, modCookie)).data.entries.map((e) => e.action);
  assert.deepEqual(log.slice(0, 2), ['reopen_account', 'close_account']);
  assert.deepEqual(again.errors, []);

  // Alice is no moderator: the page says so, in Russian too.
  await alice.goto(`${server.url}/#/mod`);
  await alice.waitForSelector('[data-testid=mod-only]');
  await alice.selectOption('[data-lang-select]', 'ru');
  assert.equal(await alice.textContent('[data-testid=mod-only]'), 'Эта страница только для модераторов.');
  await alice.selectOption('[data-lang-select]', 'en');
  for (const page of [alice, bob, mod]) assert.deepEqual(page.errors, []);
});

test('two games left on the clock: the lobby shows the pairing ban, a seek is refused with its text', async () => {
  const carolCookie = await register('carol');
  const daveCookie = await register('dave');
  const advance = async (ms) => assert.equal((await call('POST', '/api/test/clock', { advance_ms: ms })).status, 200);
  // Carol (White) and Dave each make their first move; Carol's page is never open, her flag falls.
  const games = [];
  for (let i = 0; i < 2; ++i) {
    const id = await playGame(carolCookie, daveCookie, 'dave', { initial_s: 60, increment_s: 0 });
    games.push(id);
    await move(id, carolCookie);
    await move(id, daveCookie);
    await advance(61_000);
    const s = await call('GET', `/api/games/${id}`);
    assert.equal(s.data.status, 'finished');
    assert.equal(s.data.end.code, 'time');
    // The bad ending is noted in the background.
    let ban;
    for (let n = 0; n < 100; ++n) {
      ban = (await call('GET', '/api/playban', undefined, carolCookie)).data;
      if (ban.bad_endings.length > i) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(ban.bad_endings.length, i + 1, JSON.stringify(ban));
    if (i === 0) {
      assert.equal(ban.banned, false);
      // One such game: a warning in the lobby.
      const page = await pageAs(carolCookie, '#/lobby');
      await page.waitForSelector('[data-testid=playban-warning]');
      assert.match(await page.textContent('[data-testid=playban-warning]'),
        /Resign instead of leaving or letting your clock run out: the next time you cannot play other people for 15 min\./);
      assert.equal(await page.locator('[data-testid=playban-banner]').count(), 0);
      await page.context().close();
    }
  }
  const carol = await pageAs(carolCookie, '#/lobby');
  await carol.waitForSelector('[data-testid=playban-banner]');
  assert.equal(await carol.getAttribute('[data-testid=playban-banner]', 'data-minutes'), '15');
  const banner = await carol.textContent('[data-testid=playban-banner]');
  assert.match(banner, /You cannot play other people until/);
  assert.match(banner, /In the last 7 days you left 2 games or let your clock run out in a lost position/);
  assert.match(banner, /for 15 more min/);
  assert.match(banner, /Resign instead of leaving a game or letting your clock run out/);
  assert.equal(await carol.locator('[data-bad-ending=left]').count(), 2);
  assert.deepEqual(await carol.$$eval('[data-bad-ending] a', (as) => as.map((a) => a.getAttribute('href')).sort()),
    games.map((g) => `#/game/${g}`).sort());
  assert.equal(await carol.locator('[data-testid=playban-warning]').count(), 0);
  // A seek is refused with the server's reason, in her language.
  await carol.waitForSelector('[data-action=post-seek]:not([disabled])');
  await carol.click('[data-action=post-seek]');
  await carol.waitForSelector('[data-testid=lobby-error]');
  assert.equal(await carol.textContent('[data-testid=lobby-error]'),
    'You cannot start games with other players for 15 min: in the last 7 days you left 2 games or let your clock run out in lost positions. Resign instead.');
  await shot(carol, 'playban');
  // The same in Kazakh.
  await carol.selectOption('[data-lang-select]', 'kk');
  assert.match(await carol.textContent('[data-testid=playban-banner]'), /басқа адамдармен ойнай алмайсыз/);
  await shot(carol, 'playban-kk');
  assert.deepEqual(carol.errors, []);
});
