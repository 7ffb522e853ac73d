// How the table feels, in the real headless chromium against a real `oyin serve`: moves are
// animated and the computer's reply waits for your move's animation; the speed setting (off draws
// at once, reduced motion is off); the sound's mute switch survives a reload (sounds counted in
// window.__oyinSounds); a lost connection shows a banner and stops the clocks, and the other
// player sees it; no page scrolls sideways at 390×844, and the game page keeps the clocks, the
// turn and the board in view on a phone and at 1366×768. Screenshots: build/test-artifacts/feel-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

serverAndBrowser([], (s, b) => {
  server = s;
  browser = b;
});

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `feel-${name}.png`) });

async function startGame(page, { game, mode, color = 'white', clock }) {
  await page.goto(server.url);
  await page.click(`[data-game=${game}]`);
  if (clock) await page.selectOption('[data-opt=clock]', { label: clock });
  await page.click(`[data-mode=${mode}]`);
  if (mode === 'ai') {
    // The quickest level: its reply comes while your move is still being drawn.
    await page.$eval('[data-opt=level]', (el) => {
      el.value = el.min;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
  if (mode !== 'hotseat') await page.click(`[data-color=${color}]`);
  await page.click('[data-action=start]');
  await page.waitForSelector('.game-page');
  return page.getAttribute('.game-page', 'data-game-id');
}

// Records, with the page's clock, every change of the game page's ply and animation, and of the
// pit b5's count and classes; and when each state arrived over the game's socket.
async function watchBoard(page) {
  await page.evaluate(() => {
    const log = [];
    window.__feel = log;
    const el = document.querySelector('.game-page');
    const note = () => {
      const b5 = document.querySelector('[data-pit=b5]');
      log.push({ t: performance.timeOrigin + performance.now(), ply: el.dataset.ply, animating: el.dataset.animating,
                 animPly: el.dataset.animPly, b5: b5?.getAttribute('data-count'), b5class: b5?.getAttribute('class') ?? '' });
    };
    note();
    new MutationObserver(note).observe(el, { attributes: true, subtree: true, attributeFilter: ['data-ply', 'data-animating', 'data-count', 'class'] });
  });
}

function socketStates(page) {
  const arrived = {};
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    try {
      const msg = JSON.parse(payload);
      if (msg.type === 'state') arrived[msg.state.ply] ??= Date.now();
    } catch { /* not JSON */ }
  }));
  return arrived;
}

test('against the computer: your sowing is drawn pit by pit, and the reply only after it', async () => {
  const page = await openPage(browser);
  const arrived = socketStates(page);
  await startGame(page, { game: 'togyz', mode: 'ai' });
  assert.equal(await page.inputValue('[data-testid=anim-speed]'), 'normal');
  await watchBoard(page);
  await page.click('[data-pit=w6]');
  await page.waitForSelector('.game-page[data-anim-ply="1"]');
  await shot(page, 'togyz-sowing');
  await page.waitForSelector('.game-page[data-ply="2"][data-animating=no]');
  const log = await page.evaluate(() => window.__feel);
  const first = (f) => log.find(f);
  const mine = first((e) => e.animPly === '1');
  assert.equal(mine.ply, '0', 'while your move is animated the page still shows the position before it');
  const drawn1 = first((e) => e.ply === '1');
  const reply = first((e) => e.animPly === '2');
  const drawn2 = first((e) => e.ply === '2');
  // The sowing of nine kumalaks at the normal speed takes 11 steps of 150 ms.
  assert.ok(drawn1.t - mine.t >= 1400, `your move was drawn for ${drawn1.t - mine.t} ms`);
  assert.ok(reply && reply.t >= drawn1.t, 'the reply is animated after your move is drawn');
  assert.ok(drawn2.t >= reply.t);
  // The reply had come over the socket while your move was still being drawn: it waited.
  assert.ok(arrived[2] !== undefined && arrived[2] < drawn1.t, `the reply arrived at ${arrived[2] - mine.t} ms, drawn at ${drawn1.t - mine.t} ms`);
  // Pit by pit: b5 got its tenth kumalak, was shown taken (a capture), then emptied into the kazan.
  const b5 = log.filter((e) => e.t <= drawn1.t).map((e) => e.b5);
  assert.deepEqual([...new Set(b5)], ['9', '10', '0']);
  assert.ok(log.some((e) => e.t < drawn1.t && e.b5 === '10' && /tk-capture/.test(e.b5class) && /tk-sowing/.test(e.b5class)),
    'the capture is shown in the landing pit before the kumalaks go');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the speed setting: off draws moves at once and is kept; reduced motion is off', async () => {
  const page = await openPage(browser);
  await startGame(page, { game: 'togyz', mode: 'ai' });
  await page.selectOption('[data-testid=anim-speed]', 'off');
  await page.reload();
  await page.waitForSelector('.game-page');
  assert.equal(await page.inputValue('[data-testid=anim-speed]'), 'off');
  await watchBoard(page);
  await page.click('[data-pit=w6]');
  await page.waitForSelector('.game-page[data-ply="2"]');
  const log = await page.evaluate(() => window.__feel);
  assert.ok(log.every((e) => e.animating === 'no'), 'nothing is animated');
  assert.ok(!log.some((e) => e.b5 === '10'), 'no sowing frame is drawn');
  await page.context().close();

  const calm = await openPage(browser, { reducedMotion: 'reduce' });
  await startGame(calm, { game: 'tojmot', mode: 'ai' });
  assert.equal(await calm.inputValue('[data-testid=anim-speed]'), 'off');
  assert.equal(await calm.isDisabled('[data-testid=anim-speed]'), true);
  await watchBoard(calm);
  const s = await (await fetch(`${server.url}/api/games/${await calm.getAttribute('.game-page', 'data-game-id')}`)).json();
  const move = s.legal[0];
  await calm.click(`[data-cell=${move.from}]`);
  await calm.click(`[data-cell=${move.to}]`);
  await calm.waitForSelector('.game-page[data-ply="2"]');
  assert.ok((await calm.evaluate(() => window.__feel)).every((e) => e.animating === 'no'));
  // The last move's target is marked above the piece that stands on it.
  assert.ok(await calm.$('[data-last-to]'));
  await calm.context().close();
});

test('Tojmot pieces slide and capture Go stones appear, at the fast speed', async () => {
  const page = await openPage(browser);
  await page.goto(server.url);
  await page.evaluate(() => localStorage.setItem('oyin.animation', 'fast'));
  await startGame(page, { game: 'tojmot', mode: 'hotseat' });
  const id = await page.getAttribute('.game-page', 'data-game-id');
  const move = (await (await fetch(`${server.url}/api/games/${id}`)).json()).legal[0];
  await page.click(`[data-cell=${move.from}]`);
  await page.click(`[data-cell=${move.to}]`);
  await page.waitForSelector(`.tj-slide[data-at=${move.to}]`);
  await page.waitForSelector('.game-page[data-ply="1"][data-animating=no]');
  assert.equal(await page.getAttribute('[data-last-to]', 'data-last-to'), move.to);

  await startGame(page, { game: 'capgo', mode: 'hotseat', color: 'black' });
  await page.click('.go-legal');
  await page.waitForSelector('.go-appear');
  await page.waitForSelector('.game-page[data-ply="1"][data-animating=no]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('sounds: moves are heard, the mute switch is kept after a reload; Escape closes a dialog', async () => {
  const page = await openPage(browser);
  await page.goto(server.url);
  // Animated, each move is drawn (and heard) on its own.
  await page.evaluate(() => localStorage.setItem('oyin.animation', 'fast'));
  await startGame(page, { game: 'togyz', mode: 'ai' });
  const sounds = () => page.evaluate(() => window.__oyinSounds ?? { played: {}, total: 0 });
  assert.equal((await sounds()).played.start, 1, 'a new game starts with a sound');
  await page.click('[data-pit=w6]');
  await page.waitForSelector('.game-page[data-ply="2"][data-animating=no]');
  const heard = await sounds();
  assert.ok(heard.played.capture >= 1, 'w6 takes ten kumalaks: a capture');
  assert.equal((heard.played.capture ?? 0) + (heard.played.move ?? 0), 2, 'one sound for each move');
  assert.equal(await page.getAttribute('[data-testid=sound-toggle]', 'aria-pressed'), 'true');
  await page.click('[data-testid=sound-toggle]');
  assert.equal(await page.getAttribute('[data-testid=sound-toggle]', 'aria-pressed'), 'false');
  await page.reload();
  await page.waitForSelector('.game-page[data-ply="2"]');
  assert.equal(await page.getAttribute('[data-testid=sound-toggle]', 'aria-pressed'), 'false');
  assert.equal(await page.textContent('[data-testid=sound-toggle]'), 'Sound off');
  await page.waitForFunction(() => document.querySelectorAll('.tk-legal').length > 0);
  await page.click('.tk-legal');
  await page.waitForSelector('.game-page[data-ply="4"][data-animating=no]');
  assert.equal((await sounds()).total, 0, 'muted: nothing is played');
  await page.click('[data-testid=sound-toggle]');
  await page.click('.tk-legal');
  await page.waitForSelector('.game-page[data-ply="6"][data-animating=no]');
  assert.ok((await sounds()).total >= 2, 'on again: the moves are heard');
  // Escape closes a dialog as Cancel does.
  await page.click('[data-action=resign]');
  await page.waitForSelector('[data-testid=resign-confirm]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=resign-confirm]', { state: 'detached' });
  assert.equal(await page.getAttribute('.game-page', 'data-status'), 'ongoing');
  await page.context().close();
});

// The network cut for one page's sockets: they close and cannot open again until it is back
// (chromium's offline mode, context.setOffline, leaves open sockets be and new ones hanging).
async function cuttable(page) {
  await page.context().addInitScript(() => {
    const Real = window.WebSocket;
    const open = new Set();
    window.__net = { offline: false };
    window.__net.cut = () => {
      window.__net.offline = true;
      for (const s of open) s.close();
    };
    window.WebSocket = class extends Real {
      constructor(url, protocols) {
        super(window.__net.offline ? String(url).replace('/ws/', '/ws-cut/') : url, protocols);  // refused by the server
        open.add(this);
        this.addEventListener('close', () => open.delete(this));
      }
    };
  });
  return {
    cut: () => page.evaluate(() => window.__net.cut()),
    restore: () => page.evaluate(() => (window.__net.offline = false)),
  };
}

test('a lost connection: a banner, the clocks stop, the other player sees it; all resyncs on return', async () => {
  const white = await openPage(browser);
  const net = await cuttable(white);
  const id = await startGame(white, { game: 'togyz', mode: 'online', clock: '3+2 · Blitz' });
  const black = await openPage(browser);
  await black.goto(await white.inputValue('[data-testid=invite]'));
  await black.waitForSelector(`.game-page[data-game-id="${id}"]`);
  await white.click('[data-pit=w6]');
  await black.waitForSelector('.game-page[data-ply="1"][data-animating=no]');
  await black.click('[data-pit=b1]');
  await white.waitForSelector('.game-page[data-ply="2"][data-animating=no]');
  await white.waitForSelector('[data-testid=clock-white][data-running=yes]');
  assert.equal(await white.$('[data-testid=offline-banner]'), null);

  await net.cut();
  await white.waitForSelector('[data-testid=offline-banner]');
  await white.waitForSelector('[data-testid=clock-white][data-frozen=yes]');
  const stopped = await white.textContent('[data-testid=clock-white]');
  assert.equal(await white.$('[data-presence]'), null, 'offline, no stale "connected" is shown');
  await black.waitForSelector('[data-presence=white][data-connected=no]');
  await shot(white, 'offline');
  await white.waitForTimeout(1500);
  assert.equal(await white.textContent('[data-testid=clock-white]'), stopped, 'the clock does not run while offline');
  // Meanwhile Black cannot move (White's turn), but the server's clock runs on: on return White's
  // page reads the game again and shows the server's time.
  await net.restore();
  await white.waitForSelector('[data-testid=offline-banner]', { state: 'detached', timeout: 15000 });
  await white.waitForSelector('[data-testid=clock-white][data-frozen=no]');
  await black.waitForSelector('[data-presence=white][data-connected=yes]');
  await white.waitForFunction((s) => document.querySelector('[data-testid=clock-white]').textContent !== s, stopped);
  await white.click('[data-pit=w7]');
  await black.waitForSelector('.game-page[data-ply="3"]');
  assert.deepEqual(white.errors, []);
  await white.context().close();
  await black.context().close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// Whether the page scrolls sideways, and the widest element if it does.
const overflow = (page) => page.evaluate(() => {
  const wide = [...document.querySelectorAll('body *')].map((e) => [e, e.getBoundingClientRect().right])
    .filter(([, r]) => r > window.innerWidth + 0.5).map(([e, r]) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''} ${Math.round(r)}`);
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide: wide.slice(0, 3) };
});

// The part of the game page a player must see without scrolling: both clocks' bars, whose turn
// it is (the chip and the status line: "Your move") and the board.
const outOfView = (page) => page.evaluate(() => ['.player-bar.top', '.player-bar.bottom', '.player-chip.turn', '[data-testid=status]', 'svg.board']
  .filter((sel) => {
    const b = document.querySelector(sel)?.getBoundingClientRect();
    return !b || b.top < 0 || b.bottom > window.innerHeight + 0.5;
  }));

test('no page scrolls sideways at 390×844; the game page keeps clocks, turn and board in view', async () => {
  const phone = await openPage(browser, PHONE);
  const ids = {};
  for (const game of ['togyz', 'tojmot', 'capgo']) ids[game] = await startGame(phone, { game, mode: 'ai' });
  const online = await startGame(phone, { game: 'togyz', mode: 'online', clock: '3+2 · Blitz' });
  const routes = ['#/', '#/lobby', '#/history', '#/base', '#/base/togyz', '#/base/tojmot', '#/base/capgo', '#/learn',
    '#/learn/rules/togyz', '#/learn/rules/tojmot', '#/learn/rules/capgo', '#/learn/lesson/tojmot-piece-4',
    '#/learn/puzzles/capgo', '#/learn/puzzle/togyz-1-0026', '#/leaderboard', '#/leaderboard/togyz/blitz', '#/gallery',
    '#/mod', '#/mistakes', '#/player/nobody', '#/tournaments', '#/tournaments/capgo', '#/tournament/nope', ...Object.values(ids).map((id) => `#/game/${id}`), `#/game/${online}`];
  // Each route loaded afresh (a page may set the hash as it loads).
  const visit = async (page, route) => {
    await page.goto('about:blank');
    await page.goto(`${server.url}/${route}`);
  };
  for (const route of routes) {
    await visit(phone, route);
    await phone.waitForLoadState('networkidle');
    await phone.waitForTimeout(300);
    assert.ok(await phone.$('main > *'), `${route} shows a page`);
    const o = await overflow(phone);
    assert.ok(o.scrollWidth <= o.innerWidth, `${route} scrolls sideways: ${JSON.stringify(o)}`);
  }
  await shot(phone, 'phone-online');
  for (const [name, options] of [['phone', PHONE], ['laptop', { viewport: { width: 1366, height: 768 } }]]) {
    const page = name === 'phone' ? phone : await openPage(browser, options);
    for (const [game, id] of Object.entries(ids)) {
      await visit(page, `#/game/${id}`);
      await page.waitForSelector('.game-page[data-board-ready=yes] .player-chip.turn');
      assert.deepEqual(await outOfView(page), [], `${game} at ${name} size`);
      await shot(page, `${name}-${game}`);
    }
    await page.context().close();
  }
});
