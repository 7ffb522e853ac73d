// Browser test of the tournament pages: four players in four browser contexts sign up; one
// creates a tournament in the dialog, the others find it in the list and join through its page,
// the creator starts it (a double click starts it once); each player is taken to each of their
// games by the tournament page (in round 1 the first mover plays a move by clicking), resigns or
// waits by a fixed rule (the player who signed up later resigns, so the scores come out 3, 2, 1,
// 0), comes back to the tournament page through the header, and after the last round all four
// see the same final standings and "finished". The page has no sideways scrolling at 390×844.
// Last, a tournament with a password. Screenshots: build/test-artifacts/tournament-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, serverAndBrowser, openPage } from './harness.mjs';

// The format under test and its number of rounds with four players (a Swiss of 3 rounds: all meet).
// A round robin of four plays the same three rounds: const FORMAT = { format: 'round_robin' };
const FORMAT = { format: 'swiss', rounds: 3 };
const ROUNDS = 3;
const PLAYERS = [
  { name: 'ainur', locale: 'en-US' },
  { name: 'bolat', locale: 'ru-RU' },
  { name: 'dana', locale: 'kk-KZ' },
  { name: 'erlan', locale: 'en-US' },
];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let server;
let browser;

serverAndBrowser([], (s, b) => {
  server = s;
  browser = b;
});

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `tournament-${name}.png`), fullPage: true });
const getJson = async (url) => (await fetch(`${server.url}${url}`)).json();

async function signUp(page, username) {
  await page.click('[data-action=sign-in]');
  await page.click('[data-action=to-sign-up]');
  await page.waitForSelector('[data-testid=account-dialog][data-mode=up]');
  await page.fill('[data-testid=account-dialog] input[name=username]', username);
  await page.fill('[data-testid=account-dialog] input[name=password]', `${username}-long-password`);
  await page.click('[data-action=account-submit]');
  await page.waitForSelector('[data-account=user]');
}

// The page's widest element when it scrolls sideways (for the message).
async function sideways(page) {
  return page.evaluate(() => {
    const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3).map((e) => `${e.tagName}.${e.className}`);
    return { width: document.documentElement.scrollWidth, wide };
  });
}

// Back to the tournament as a player would: the header's link, then the tournament in the list
// (whose page may at once take the player on to the next game).
// From a tournament's game by its own link (a Swiss game offers neither berserk nor a rematch).
async function backToTournament(page, id) {
  assert.equal(await page.getAttribute('[data-testid=back-to-tournament]', 'href'), `#/tournament/${id}`);
  assert.equal(await page.locator('[data-action=berserk]').count(), 0, 'berserk is an arena\'s');
  assert.equal(await page.locator('[data-action=rematch]').count(), 0, 'a tournament game has no rematch');
  await page.click('[data-testid=back-to-tournament]');  // (which may take him on to his next game at once)
}

// One player's tournament: each round, wait to be taken to a new game, resign it if the opponent
// signed up earlier, wait for its end, close the result and go back to the tournament page.
async function playAll(page, me, id) {
  const played = [];
  for (let round = 1; round <= ROUNDS; ++round) {
    await page.waitForFunction((seen) => {
      const g = document.querySelector('.game-page');
      return g && !seen.includes(g.getAttribute('data-game-id'));
    }, played, { timeout: 90_000 }).catch(async (e) => {
      await shot(page, `stuck-${me}`);
      const t = await getJson(`/api/tournaments/${id}`);
      throw new Error(`${me} was not taken to a game of round ${round} (at ${page.url()}): ${e.message}\n` +
        `${t.status} round ${t.round} ${JSON.stringify(t.pairings)}`);
    });
    const gameId = await page.getAttribute('.game-page', 'data-game-id');
    played.push(gameId);
    const t = await getJson(`/api/tournaments/${id}`);
    const p = t.pairings.find((x) => x.game_id === gameId);
    assert.ok(p, `${me}: game ${gameId} is not a pairing of the tournament`);
    assert.equal(p.round, round, `${me}: taken to a game of round ${p.round} in round ${round}`);
    const opponent = p.white === me ? p.black : p.white;
    assert.notEqual(opponent, me);
    const index = (n) => PLAYERS.findIndex((x) => x.name === n);
    // In round 1 the first mover plays a move by clicking (the account's seat needs no token).
    if (round === 1 && p.white === me) {
      await page.click('.game-page[data-board-ready=yes] [data-pit=w6]');
      await page.waitForSelector('.game-page[data-ply="1"]');
    }
    if (index(me) > index(opponent)) {
      // The loser waits for the winner to be taken to the game too (and in round 1 for the first
      // move), then resigns.
      for (let i = 0; ; ++i) {
        const g = await getJson(`/api/games/${gameId}`);
        if (Object.values(g.presence ?? {}).every((x) => x.connected) && (round > 1 || g.ply >= 1)) break;
        assert.ok(i < 300, `${me}: ${opponent} never came to game ${gameId} of round ${round}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      await page.click('[data-action=resign]');
      await page.click('[data-action=resign-confirm]');
    }
    await page.waitForSelector('.game-page[data-status=finished]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid=result-dialog]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=result-dialog]', { state: 'detached' });
    await backToTournament(page, id);
  }
  return played;
}

test('four players: created, joined, started, played to the end; everyone sees the same standings', async () => {
  const pages = [];
  for (const p of PLAYERS) {
    const page = await openPage(browser, { locale: p.locale });
    await page.goto(`${server.url}/#/tournaments`);
    await page.waitForSelector('[data-testid=tournaments-page]');
    await signUp(page, p.name);
    pages.push(page);
  }
  const [creator, ...others] = pages;

  // The creator makes it in the dialog: Togyz 3+2, starting in an hour (so that it waits for the start).
  await creator.waitForSelector('[data-action=create-tournament]');
  await creator.click('[data-action=create-tournament]');
  await creator.waitForSelector('[data-testid=tournament-dialog]');
  await creator.fill('[data-topt=name]', 'Spring cup');
  await creator.selectOption('[data-topt=game]', 'togyz');
  await creator.selectOption('[data-topt=clock]', { label: '3+2 · Blitz' });
  await creator.selectOption('[data-topt=format]', FORMAT.format);
  if (FORMAT.rounds) await creator.fill('[data-topt=rounds]', String(FORMAT.rounds));
  await creator.check('[data-topt=start-later]');
  await shot(creator, 'create');
  await creator.click('[data-action=create-tournament-submit]');
  await creator.waitForSelector('[data-testid=tournament-page][data-status=created]');
  const id = await creator.getAttribute('[data-testid=tournament-page]', 'data-tournament-id');
  // (an hour ahead to the minute, against the server's time to the second: at most 1:00:01)
  assert.match(await creator.textContent('[data-testid=countdown]'), /^Starts in (59:\d\d|1:00:0[01])$/);
  const created = await getJson(`/api/tournaments/${id}`);
  assert.equal(created.format, FORMAT.format);
  assert.equal(created.game, 'togyz');
  assert.deepEqual(created.clock, { initial_s: 180, increment_s: 2 });
  assert.equal(created.creator, PLAYERS[0].name);
  await creator.click('[data-action=join]');
  await creator.waitForSelector('[data-entrant=ainur]');

  // The others find it in the upcoming list and join on its page; the list of entrants is live.
  for (const page of others) {
    await page.reload();
    await page.waitForSelector(`[data-list=upcoming] [data-tournament="${id}"]`);
    await page.click(`[data-tournament="${id}"] a`);
    await page.waitForSelector('[data-action=join]');
    await page.click('[data-action=join]');
    await page.waitForSelector('[data-testid=you-play]');
  }
  assert.equal(await pages[2].textContent('[data-testid=tournament-status]'), 'Тіркелу жүріп жатыр');
  await creator.waitForFunction(() => document.querySelectorAll('[data-entrant]').length === 4);
  assert.equal(await others[0].locator('[data-action=start]').count(), 0, 'only the creator starts it');
  await shot(creator, 'entrants');

  // Start: a double click starts it once.
  const playing = PLAYERS.map((p, i) => playAll(pages[i], p.name, id));
  await creator.dblclick('[data-action=start]');
  const results = await Promise.all(playing);
  const starts = creator.urls.filter((u) => u.endsWith(`/api/tournaments/${id}/start`));
  assert.equal(starts.length, 1, 'a double click asks once');
  for (const played of results) assert.equal(new Set(played).size, ROUNDS);

  // The end: the same standings on every page, the player who signed up first on top.
  const seen = [];
  for (const page of pages) {
    await page.waitForSelector('[data-testid=tournament-page][data-status=finished]', { timeout: 30_000 });
    await page.waitForFunction((n) => document.querySelectorAll('[data-standing] [data-score]').length === n, PLAYERS.length);
    seen.push(await page.$$eval('[data-standing]', (rows) => rows.map((r) => `${r.getAttribute('data-standing')}:${r.querySelector('[data-score]').getAttribute('data-score')}`)));
  }
  assert.deepEqual(seen[0], ['ainur:3', 'bolat:2', 'dana:1', 'erlan:0']);
  for (const s of seen) assert.deepEqual(s, seen[0]);
  const final = await getJson(`/api/tournaments/${id}`);
  assert.equal(final.status, 'finished');
  assert.deepEqual(final.standings.map((s) => `${s.username}:${s.score}`), seen[0]);
  assert.equal(await pages[1].textContent('[data-testid=tournament-status]'), 'Завершён');
  if (FORMAT.format === 'round_robin') {
    const row = await creator.$$eval('[data-cross=ainur] td', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(row, ['1', 'ainur', '', '1', '1', '1', '3']);
  }
  assert.equal(await creator.locator('[data-testid=your-game]').count(), 0, 'no game left to go to');
  await shot(creator, 'finished');

  // On a phone: the tournament and the list scroll only up and down.
  const phone = await openPage(browser, PHONE);
  await phone.goto(`${server.url}/#/tournament/${id}`);
  await phone.waitForSelector('[data-testid=tournament-page][data-status=finished] [data-testid=standings]');
  let s = await sideways(phone);
  assert.ok(s.width <= 390, `the tournament page is ${s.width}px wide on a 390px screen: ${s.wide.join(', ')}`);
  await shot(phone, 'phone');
  await phone.click('[data-nav=tournaments]');
  await phone.waitForSelector(`[data-list=finished] [data-tournament="${id}"]`);
  s = await sideways(phone);
  assert.ok(s.width <= 390, `the tournaments page is ${s.width}px wide on a 390px screen: ${s.wide.join(', ')}`);

  // A club's tournament with a password: a wrong one is refused in the player's language, the
  // right one lets him in; he withdraws, and the creator cancels it.
  await creator.click('[data-nav=tournaments]');
  await creator.click('[data-action=create-tournament]');
  await creator.fill('[data-topt=name]', 'Club night');
  await creator.selectOption('[data-topt=game]', 'capgo');
  await creator.fill('[data-topt=min-players]', '3');
  await creator.fill('[data-topt=password]', 'otbasy');
  await creator.click('[data-action=create-tournament-submit]');
  await creator.waitForSelector('[data-testid=tournament-page][data-status=created]');
  const club = await creator.getAttribute('[data-testid=tournament-page]', 'data-tournament-id');
  assert.notEqual(club, id);
  const bolat = pages[1];
  await bolat.goto(`${server.url}/#/tournament/${club}`);
  await bolat.fill('[data-testid=join-password]', 'Otbasy');
  await bolat.click('[data-action=join]');
  assert.equal(await bolat.textContent('[data-testid=tournament-error]'), 'Это не пароль этого турнира.');
  await bolat.fill('[data-testid=join-password]', 'otbasy');
  await bolat.click('[data-action=join]');
  await bolat.waitForSelector('[data-testid=you-play]');
  await creator.waitForSelector('[data-entrant=bolat]');  // live
  assert.match(await creator.textContent('[data-testid=countdown]'), /^Starts once 3 players have joined \(1 so far\)$/);
  await bolat.click('[data-action=withdraw]');
  await creator.waitForSelector('[data-entrant=bolat]', { state: 'detached' });
  // Back in, then taken out by the creator.
  await bolat.fill('[data-testid=join-password]', 'otbasy');
  await bolat.click('[data-action=join]');
  await creator.waitForSelector('[data-entrant=bolat] [data-action=remove-player]');
  await creator.click('[data-entrant=bolat] [data-action=remove-player]');
  await bolat.waitForSelector('[data-action=join]');  // live: he may join again
  await creator.waitForSelector('[data-entrant=bolat]', { state: 'detached' });
  await creator.click('[data-action=cancel]');
  await bolat.waitForSelector('[data-testid=tournament-page][data-status=cancelled]');
  assert.equal(await bolat.locator('[data-action=join]').count(), 0, 'a cancelled tournament takes nobody');

  // An arena: both are taken to their game; white goes berserk before the first move and sees
  // the halved clock; the button is gone after.
  await creator.click('[data-nav=tournaments]');
  await creator.click('[data-action=create-tournament]');
  await creator.fill('[data-topt=name]', 'Quick arena');
  await creator.selectOption('[data-topt=game]', 'togyz');
  await creator.selectOption('[data-topt=format]', 'arena');
  await creator.click('[data-action=create-tournament-submit]');
  await creator.waitForSelector('[data-testid=tournament-page][data-status=created]');
  const arena = await creator.getAttribute('[data-testid=tournament-page]', 'data-tournament-id');
  await bolat.goto(`${server.url}/#/tournament/${arena}`);
  await bolat.click('[data-action=join]');
  await creator.click('[data-action=join]');
  for (const page of [creator, bolat]) await page.waitForSelector('.game-page [data-testid=back-to-tournament]', { timeout: 30_000 });
  const game = (await getJson(`/api/tournaments/${arena}`)).pairings[0];
  const white = game.white === 'bolat' ? bolat : creator;
  const black = white === bolat ? creator : bolat;
  assert.equal(await black.locator('[data-action=berserk]').count(), 1, 'black too may go berserk before his first move');
  const before = await getJson(`/api/games/${game.game_id}`);
  await white.click('[data-action=berserk]');
  await white.waitForSelector(`[data-testid=berserk-${before.sides[0]}]`);
  await white.waitForSelector('[data-action=berserk]', { state: 'detached' });
  await black.waitForSelector(`[data-testid=berserk-${before.sides[0]}]`);  // pushed to the other side
  const after = await getJson(`/api/games/${game.game_id}`);
  assert.equal(after.clock[`${before.sides[0]}_ms`], before.clock.initial_ms / 2);
  // Black resigns: a spectator of the arena sees white's sheet (a win: 2 points) and black's (0).
  await black.click('[data-action=resign]');
  await black.click('[data-action=resign-confirm]');
  const dana = pages[2];
  await dana.goto(`${server.url}/#/tournament/${arena}`);
  await dana.waitForFunction(([w, b]) => {
    const points = (name) => [...document.querySelectorAll(`[data-standing="${name}"] .sheet span`)].map((s) => s.textContent);
    return points(w).join() === '2' && points(b).join() === '0';
  }, [game.white, game.black], { timeout: 15_000 });

  for (const page of [...pages, phone]) assert.deepEqual(page.errors, []);
  for (const page of [...pages, phone]) await page.context().close();
});
