// Browser tests: Debian's chromium (headless) driven by playwright-core against a real server.
// Screenshots of every board go to build/test-artifacts/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, launchBrowser, startServer } from './harness.mjs';

let server;
let browser;
let registered = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const meta = await (await fetch(`${server.url}/api/meta`)).json();
  registered = meta.games.map((g) => g.name);
});

after(async () => {
  await browser?.close();
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, `the server did not stop cleanly: ${stopped?.stderr}`);
});

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US', ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  return page;
}

async function startGame(page, { game, mode, color, options }) {
  await page.goto(server.url);
  await page.click(`[data-game=${game}]:not([disabled])`);
  if (options) await options(page);
  await page.click(`[data-mode=${mode}]`);
  if (color) await page.click(`[data-color=${color}]`);
  await page.click('[data-action=start]');
  await page.waitForSelector('.game-page');
  return page.getAttribute('.game-page', 'data-game-id');
}

async function ply(page) {
  return Number(await page.getAttribute('.game-page', 'data-ply'));
}

// Waits until the board shows the position after `n` plies.
async function shown(page, n) {
  await page.waitForSelector(`.game-page[data-shown="${n}"][data-board-ready=yes]`);
}

async function state(id) {
  return (await fetch(`${server.url}/api/games/${id}`)).json();
}

async function clickAndWait(page, selector) {
  const before = await ply(page);
  await page.click(selector);
  await page.waitForSelector(`.game-page[data-ply="${before + 1}"]`);
}

function shot(page, name) {
  return page.screenshot({ path: path.join(ARTIFACTS, name) });
}

// Skips only when the server says the game is not registered (its branch not merged yet).
function requireGame(t, game) {
  if (registered.includes(game)) return true;
  const msg = `!!! ${game.toUpperCase()} IS NOT REGISTERED ON THIS SERVER (GET /api/meta): its browser test is SKIPPED !!!`;
  console.warn(`\n${'!'.repeat(msg.length)}\n${msg}\n${'!'.repeat(msg.length)}\n`);
  t.skip(msg);
  return false;
}

describe('togyz', () => {
  test('a full short game played by clicking, with the result dialog', async () => {
    const page = await newPage();
    await startGame(page, { game: 'togyz', mode: 'hotseat' });
    // The shortest possible game (rules file): 1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54
    const pits = ['w9', 'b2', 'w8', 'b1', 'w7', 'b2', 'w6', 'b1', 'w9', 'b2', 'w5'];
    for (const [i, pit] of pits.entries()) {
      await clickAndWait(page, `[data-pit=${pit}]`);
      if (i === 6) await shot(page, 'togyz.png');
    }
    await page.waitForSelector('[data-testid=result-dialog]');
    assert.match(await page.textContent('[data-testid=result-dialog]'), /1-0/);
    assert.equal(await page.getAttribute('[data-kazan=white] .tk-kazan-count', 'class'), 'tk-kazan-count');
    assert.equal(await page.textContent('[data-kazan=white] .tk-kazan-count'), '88');
    assert.equal(await page.textContent('[data-kazan=black] .tk-kazan-count'), '10');
    const moves = await page.$$eval('[data-testid=move-list] .move', (els) => els.map((e) => e.textContent));
    assert.deepEqual(moves.slice(0, 4), ['98(10)', '22(10)', '87(22)', '12']);
    assert.equal(moves.length, 11);
    await shot(page, 'togyz-result.png');
    await page.click('[data-action=close-result]');
    // Flip: Black's row comes to the bottom.
    const y = async (pit) => (await page.locator(`[data-pit=${pit}]`).boundingBox()).y;
    assert.ok(await y('w1') > await y('b1'));
    await page.click('[data-action=flip]');
    assert.ok(await y('b1') > await y('w1'));
    // Navigation: back to the start shows 9 stones everywhere.
    // Navigation: back to the start shows 9 stones everywhere (the past boards come from the
    // server by range).
    await page.click('[data-nav-ply=first]');
    await shown(page, 0);
    assert.equal(await page.getAttribute('[data-pit=w5]', 'data-count'), '9');
    await page.click('[data-ply="3"]');
    await shown(page, 3);
    assert.equal(await page.getAttribute('[data-pit=w8]', 'data-count'), '1');
    // The keyboard walks the moves too.
    await page.keyboard.press('ArrowRight');
    await shown(page, 4);
    const id = await page.getAttribute('.game-page', 'data-game-id');
    const [b4] = (await (await fetch(`${server.url}/api/games/${id}/boards?from=4&to=4`)).json()).boards;
    const counts = await page.$$eval('[data-pit]', (els) => Object.fromEntries(els.map((e) => [e.dataset.pit, Number(e.dataset.count)])));
    for (let i = 0; i < 9; ++i) {
      assert.equal(counts[`w${i + 1}`], b4.pits[0][i]);
      assert.equal(counts[`b${i + 1}`], b4.pits[1][i]);
    }
    await page.keyboard.press('End');
    await shown(page, 11);
    assert.equal(await page.textContent('[data-kazan=white] .tk-kazan-count'), '88');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('against the computer; a page reload restores the game', async () => {
    const page = await newPage();
    await startGame(page, { game: 'togyz', mode: 'ai', color: 'white' });
    await page.click('[data-pit=w6]');
    await page.waitForSelector('.game-page[data-ply="2"]');  // the computer answered
    await page.waitForFunction(() => document.querySelectorAll('.tk-legal').length > 0);
    const before = await page.$$eval('[data-pit]', (els) => els.map((e) => e.getAttribute('data-count')));
    await page.reload();
    await page.waitForSelector('.game-page[data-ply="2"]');
    const after = await page.$$eval('[data-pit]', (els) => els.map((e) => e.getAttribute('data-count')));
    assert.deepEqual(after, before);
    assert.equal(await page.$$eval('[data-testid=move-list] .move', (els) => els.length), 2);
    // The seat survived the reload: White's pits are still playable.
    await page.waitForFunction(() => document.querySelectorAll('[data-pit^=w].tk-legal').length > 0);
    await page.click('[data-action=undo]');
    await page.waitForSelector('.game-page[data-ply="0"]');
    await page.context().close();
  });

  test('each computer level shows its rating on the players\' scale', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.click('[data-game=togyz]:not([disabled])');
    await page.click('[data-mode=ai]');
    const meta = await (await fetch(`${server.url}/api/meta`)).json();
    const levels = meta.games.find((g) => g.name === 'togyz').levels;
    for (const level of [0, 3, 10]) {
      await page.$eval('[data-opt=level]', (el, v) => {
        el.value = String(v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, level);
      assert.equal(typeof levels[level].rating, 'number');
      assert.equal((await page.textContent('[data-testid=level-rating]')).trim(), `≈ ${levels[level].rating.toLocaleString('en')}`);
    }
    assert.ok(levels[10].rating >= 1000, 'level 10 is written with a thousands comma');
    assert.match(await page.textContent('[data-testid=level-rating]'), /≈ \d,\d{3}$/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a computer move from the opening book is marked as one', async () => {
    const page = await newPage();
    const setLevel = (level) => async (p) => {
      await p.$eval('[data-opt=level]', (el, v) => {
        el.value = String(v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, level);
    };
    // Level 5 plays from Togyz's book: as White it opens with a book move.
    const id = await startGame(page, { game: 'togyz', mode: 'ai', color: 'black', options: setLevel(5) });
    await page.waitForSelector('.game-page[data-ply="1"]');
    await page.waitForSelector('[data-testid=book-move]');
    assert.equal((await state(id)).book_move, true);
    assert.match(await page.textContent('[data-testid=book-move]'), /opening book/);
    // Level 3 searches: no mark.
    const id3 = await startGame(page, { game: 'togyz', mode: 'ai', color: 'black', options: setLevel(3) });
    await page.waitForSelector('.game-page[data-ply="1"]');
    assert.equal((await state(id3)).book_move, false);
    assert.equal(await page.$('[data-testid=book-move]'), null);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('an online game between two browser contexts', async () => {
    const white = await newPage();
    const id = await startGame(white, { game: 'togyz', mode: 'online', color: 'white' });
    const invite = await white.inputValue('[data-testid=invite]');
    assert.ok(invite.includes(`/#/join/${id}/`), invite);
    const black = await newPage();
    await black.goto(invite);
    await black.waitForSelector(`.game-page[data-game-id="${id}"]`);
    // Black may not move out of turn: no Black pit is legal (they are offered as a premove only).
    assert.equal(await black.$$eval('.tk-legal', (els) => els.length), 0);
    assert.equal(await black.$$eval('[data-pit^=b].tk-premove', (els) => els.length), 9);
    await clickAndWait(white, '[data-pit=w6]');
    await black.waitForSelector('.game-page[data-ply="1"]');
    assert.match(await black.textContent('[data-testid=status]'), /Your move/);
    await clickAndWait(black, '[data-pit=b1]');
    await white.waitForSelector('.game-page[data-ply="2"]');
    assert.equal(await white.$$eval('[data-pit^=b].tk-legal', (els) => els.length), 0);
    // A draw offered by Black, accepted by White.
    await black.click('[data-action=draw]');
    await white.waitForSelector('text=Draw offered by Black');
    await white.click('[data-action=draw]');
    await black.waitForSelector('.game-page[data-status=finished]');
    await black.waitForSelector('[data-testid=result-dialog]');
    assert.match(await black.textContent('[data-testid=result-dialog]'), /1\/2-1\/2/);
    await white.context().close();
    await black.context().close();
  });

  test('phone screen', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await startGame(page, { game: 'togyz', mode: 'hotseat' });
    await page.tap('[data-pit=w3]');
    await page.waitForSelector('.game-page[data-ply="1"]');
    const box = await page.locator('.togyz-board').boundingBox();
    assert.ok(box.width <= 390, `board ${box.width}px wide`);
    await shot(page, 'togyz-phone.png');
    await page.context().close();
  });
});

test('the language follows the browser and can be switched', async () => {
  const page = await newPage({ locale: 'kk-KZ' });
  await page.goto(server.url);
  assert.equal(await page.textContent('[data-nav=new]'), 'Жаңа ойын');
  await startGame(page, { game: 'togyz', mode: 'ai', color: 'black' });
  await page.waitForSelector('.game-page[data-ply="1"]');  // the computer opened as White
  assert.equal(await page.textContent('[data-testid=status]'), 'Сіздің жүрісіңіз');
  assert.equal(await page.textContent('[data-kazan=black] .tk-kazan-label'), 'Қара');
  await shot(page, 'togyz-kk-black.png');  // seen from Black's side: the board is turned
  await page.selectOption('[data-lang-select]', 'ru');
  assert.equal(await page.textContent('[data-nav=new]'), 'Новая игра');
  await page.selectOption('[data-lang-select]', 'uz');
  assert.equal(await page.textContent('[data-nav=history]'), 'Tarix');
  await page.reload();
  assert.equal(await page.textContent('[data-nav=history]'), 'Tarix');  // the choice is kept
  await page.selectOption('[data-lang-select]', 'en');
  assert.equal(await page.textContent('[data-nav=new]'), 'New game');
  await page.context().close();
});

test('history lists saved games and opens them for review', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/#/history`);
  await page.waitForSelector('[data-testid=games-table]');
  const rows = await page.$$('[data-game-row]');
  assert.ok(rows.length >= 3, `${rows.length} rows`);
  await rows[rows.length - 1].click();
  await page.waitForSelector('.togyz-board');
  await page.click('[data-action=analyse]');
  await page.waitForSelector('[data-action=analyse]:not([disabled])', { timeout: 60000 });
  await page.click('[data-ply="1"]');
  // The best line in the move list's notation ("98(10)": pit, landing pit, kazan after a capture).
  assert.match(await page.textContent('[data-testid=pv]'), /^[1-9][1-9](\(\d+\))?x?( |$)/);
  assert.ok(await page.$('.graph-line'));
  await shot(page, 'review.png');
  // Import a record: it opens as a game for review.
  await page.goto(`${server.url}/#/history`);
  await page.fill('[data-testid=import-text]', '[Event "shortest"]\n\n1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54 1-0\n');
  await page.click('[data-action=import]');
  await page.waitForSelector('.game-page[data-ply="11"][data-status=finished]');
  assert.equal(await page.textContent('[data-kazan=white] .tk-kazan-count'), '88');
  // A page opened afresh has no pushed positions: the past ones come from /positions.
  await page.click('[data-ply="3"]');
  await page.waitForSelector('[data-pit=w8][data-count="1"]');
  await page.click('[data-nav-ply=first]');
  await page.waitForSelector('[data-pit=w5][data-count="9"]');
  await page.context().close();
});

test('board gallery: every board drawn from a fixed position', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(`${server.url}/#/gallery`);
  await page.waitForSelector('.go-board');
  assert.equal(await page.$$eval('[data-gallery=tojmot] [data-cell]', (els) => els.length), 89);
  assert.equal(await page.$$eval('[data-gallery=tojmot] [data-piece]', (els) => els.length), 36);
  await page.click('[data-gallery=tojmot] [data-cell=L4]');
  assert.equal(await page.$$eval('[data-gallery=tojmot] .tj-target, [data-gallery=tojmot] .tj-target-capture', (els) => els.length), 5);
  assert.equal(await page.$$eval('[data-gallery=capgo] .go-stone', (els) => els.length), 11);
  assert.equal(await page.$$eval('[data-gallery=togyz] .tk-tuzdyk', (els) => els.length), 2);
  for (const g of ['togyz', 'tojmot', 'capgo'])
    await page.locator(`[data-gallery=${g}]`).screenshot({ path: path.join(ARTIFACTS, `${g}-board.png`) });
  await page.context().close();
});

test('tojmot: a short game played by clicking', async (t) => {
  if (!requireGame(t, 'tojmot')) return;
  const page = await newPage();
  const id = await startGame(page, { game: 'tojmot', mode: 'hotseat' });
  await page.waitForSelector('.tojmot-board');
  assert.equal(await page.$$eval('[data-cell]', (els) => els.length), 89);
  assert.equal(await page.$$eval('[data-piece]', (els) => els.length), 36);
  // Ten plies, each a legal move the server lists (spread over the list), made by clicking its
  // from and to cells (and its promotion when the board asks).
  for (let i = 0; i < 10; ++i) {
    const s = await state(id);
    const move = s.legal[(i * 7 + 3) % s.legal.length];
    const before = await ply(page);
    await page.click(`[data-cell=${move.from}]`);
    await page.click(`[data-cell=${move.to}]`);
    if (await page.$('.promo-chooser')) await page.click(`[data-promo="${move.promotion}"]`);
    await page.waitForSelector(`.game-page[data-ply="${before + 1}"]`);
    assert.equal((await state(id)).board.last.to, move.to);
  }
  // The current move stays readable when the pointer is on it (its own colours, not the
  // generic light button hover).
  await page.hover('[data-testid=move-list] .move.current');
  const colours = () => page.$eval('[data-testid=move-list] .move.current', (e) => {
    const cs = getComputedStyle(e);
    return [cs.color, cs.backgroundColor];
  });
  // Until the buttons' 0.15 s colour transition has ended (not a fixed wait): then the colours hold.
  await page.waitForFunction(() => {
    const cs = getComputedStyle(document.querySelector('[data-testid=move-list] .move.current'));
    return cs.color === 'rgb(255, 255, 255)' && cs.backgroundColor === 'rgb(43, 29, 18)';
  }, null, { timeout: 5000 }).catch(() => undefined);
  assert.deepEqual(await colours(), ['rgb(255, 255, 255)', 'rgb(43, 29, 18)']);
  await shot(page, 'tojmot.png');
  await page.click('[data-action=resign]');
  await page.click('[data-action=resign-confirm]');
  await page.waitForSelector('[data-testid=result-dialog]');
  await page.context().close();
});

test('capture Go: a game to the first capture played by clicking', async (t) => {
  if (!requireGame(t, 'capgo')) return;
  const page = await newPage();
  await startGame(page, {
    game: 'capgo', mode: 'hotseat',
    options: async (p) => {
      await p.selectOption('[data-opt=size]', '9');
      await p.fill('[data-opt=target]', '1');
    },
  });
  await page.waitForSelector('.go-board');
  assert.equal(await page.$$eval('[data-point]', (els) => els.length), 81);
  // Black surrounds the white stone on A1: B1, A1, A2 captures it.
  for (const pt of ['E5', 'C3', 'D4', 'F6', 'B1', 'A1']) await clickAndWait(page, `[data-point=${pt}]`);
  await shot(page, 'capgo.png');
  await clickAndWait(page, '[data-point=A2]');
  await page.waitForSelector('[data-testid=result-dialog]');
  assert.match(await page.textContent('[data-testid=result-dialog]'), /B\+/);
  assert.equal(await page.textContent('[data-captures=black]'), '1');
  await shot(page, 'capgo-result.png');
  await page.selectOption('[data-lang-select]', 'kk');
  assert.equal(await page.textContent('[data-testid=end-reason]'), 'мақсатқа жетті: 1 тас алынды, мақсат 1');
  await page.selectOption('[data-lang-select]', 'en');
  await page.context().close();
});

// The new-game dialog's capture Go options as the registry declares them.
// A number is typed, or chosen from a list when the board allows few (at most size*size - 1).
async function setNumber(p, selector, n) {
  if (await p.$eval(selector, (e) => e.tagName === 'SELECT')) await p.selectOption(selector, String(n));
  else await p.fill(selector, String(n));
}

async function goOptions(p, { size, target, targets, setup }) {
  if (size) await p.selectOption('[data-opt=size]', String(size));
  if (target !== undefined) await setNumber(p, '[data-opt=target]', target);
  if (targets) {
    await p.click('[data-alt=target] [data-alt-mode=separate]');
    await setNumber(p, '[data-opt=target_b]', targets[0]);
    await setNumber(p, '[data-opt=target_w]', targets[1]);
  }
  if (setup) {
    // The preset whose label names it and the board size (e.g. "crosscut" on 6x6).
    const value = await p.$$eval('[data-opt=setup] option', (els, [name, sz]) =>
      els.find((e) => e.textContent.toLowerCase().includes(name) && e.textContent.includes(String(sz)))?.value, setup);
    assert.ok(value, `no preset ${setup}`);
    await p.selectOption('[data-opt=setup]', value);
  }
}

test('capture Go: per-colour targets 3 and 1 show as 3 and 1', async (t) => {
  if (!requireGame(t, 'capgo')) return;
  const page = await newPage();
  const id = await startGame(page, { game: 'capgo', mode: 'hotseat', options: (p) => goOptions(p, { size: 7, targets: [3, 1] }) });
  await page.waitForSelector('.go-board');
  assert.equal(await page.$$eval('[data-point]', (els) => els.length), 49);
  assert.equal(await page.textContent('[data-target=black]'), '3');
  assert.equal(await page.textContent('[data-target=white]'), '1');
  assert.equal(await page.getAttribute('[data-rule=target_b]', 'data-value'), '3');
  assert.equal(await page.getAttribute('[data-rule=target_w]', 'data-value'), '1');
  assert.equal(await page.$('[data-rule=target]'), null);
  const s = await state(id);
  assert.deepEqual([s.rules_values.size, s.rules_values.target_b, s.rules_values.target_w], [7, 3, 1]);
  await shot(page, 'capgo-targets.png');
  await page.context().close();
});

test('capture Go: target 0 is ordinary Go, without a target', async (t) => {
  if (!requireGame(t, 'capgo')) return;
  const page = await newPage();
  const id = await startGame(page, { game: 'capgo', mode: 'hotseat', options: (p) => goOptions(p, { size: 5, target: 0 }) });
  await page.waitForSelector('.go-board');
  assert.equal(await page.$('[data-target]'), null);
  assert.deepEqual((await state(id)).board.targets, [0, 0]);
  assert.equal(await page.getAttribute('[data-rule=target]', 'data-value'), '0');
  // Two passes end it on the captures (none each: a draw), the reason in words with its numbers.
  await clickAndWait(page, '[data-point=C3]');
  await clickAndWait(page, '[data-action=pass]');
  await clickAndWait(page, '[data-action=pass]');
  await page.waitForSelector('[data-testid=result-dialog]');
  assert.equal(await page.textContent('[data-testid=end-reason]'), 'two passes: Black captured 0, White 0');
  assert.equal(await page.textContent('[data-testid=status]'), 'Draw (two passes: Black captured 0, White 0)');
  await page.selectOption('[data-lang-select]', 'ru');
  assert.equal(await page.textContent('[data-testid=end-reason]'), 'два паса подряд: чёрные взяли 0, белые 0');
  await page.selectOption('[data-lang-select]', 'en');
  await page.context().close();
});

test('capture Go: a game from the crosscut preset starts with its 4 stones', async (t) => {
  if (!requireGame(t, 'capgo')) return;
  const page = await newPage();
  const id = await startGame(page, { game: 'capgo', mode: 'hotseat', options: (p) => goOptions(p, { setup: ['crosscut', 6] }) });
  await page.waitForSelector('.go-board');
  // The preset's board size came with it.
  assert.equal(await page.$$eval('[data-point]', (els) => els.length), 36);
  const stones = await page.$$eval('[data-point]:not([data-stone="."])', (els) => els.map((e) => `${e.dataset.stone}${e.dataset.point}`).sort());
  assert.deepEqual(stones, ['OC3', 'OD4', 'XC4', 'XD3']);
  assert.equal(await page.$$eval('.go-stone', (els) => els.length), 4);
  assert.equal((await state(id)).rules_values.setup, 'BC4+BD3+WC3+WD4');
  await shot(page, 'capgo-crosscut.png');
  await page.context().close();
});

test('tojmot: a non-default rule option shows in the game\'s rules', async (t) => {
  if (!requireGame(t, 'tojmot')) return;
  const page = await newPage();
  const id = await startGame(page, { game: 'tojmot', mode: 'hotseat', options: (p) => p.check('[data-opt=piece6_both]') });
  await page.waitForSelector('.tojmot-board');
  assert.equal(await page.getAttribute('[data-rule=piece6_both]', 'data-value'), 'true');
  assert.equal(await page.getAttribute('[data-rule=piece6_both]', 'class'), 'changed');
  assert.match(await page.textContent('[data-rule=piece6_both]'), /Piece 6 also leaps.*yes/);
  assert.equal(await page.getAttribute('[data-rule=threefold]', 'class'), '');
  assert.equal((await state(id)).rules_values.piece6_both, true);
  // Every option of the registry is in the dialog.
  await page.goto(server.url);
  await page.click('[data-game=tojmot]');
  const meta = await (await fetch(`${server.url}/api/meta`)).json();
  for (const o of meta.games.find((g) => g.name === 'tojmot').rule_options)
    assert.ok(await page.$(`[data-opt=${o.name}]`), `no control for ${o.name}`);
  await page.context().close();
});

test('an end reason shows in Kazakh', async () => {
  const page = await newPage();
  await startGame(page, { game: 'togyz', mode: 'hotseat' });
  await page.click('[data-action=resign]');
  await page.click('[data-action=resign-confirm]');
  await page.waitForSelector('[data-testid=result-dialog]');
  assert.equal(await page.textContent('[data-testid=end-reason]'), 'White resigned');
  await page.selectOption('[data-lang-select]', 'kk');
  assert.equal(await page.textContent('[data-testid=end-reason]'), 'Ақ берілді');
  assert.equal(await page.textContent('[data-testid=status]'), 'Қара жеңді (Ақ берілді)');
  await page.selectOption('[data-lang-select]', 'en');
  await page.context().close();
});

test('a server error shows in the chosen language', async () => {
  const page = await newPage({ locale: 'ru-RU' });
  await page.goto(`${server.url}/#/history`);
  await page.fill('[data-testid=import-text]', 'this is not a record');
  await page.click('[data-action=import]');
  const text = await page.textContent('[data-testid=import-error]');
  // The server's English text until it sends error codes; then the Russian one.
  const res = await fetch(`${server.url}/api/import`, { method: 'POST', body: JSON.stringify({ game: 'togyz', record: 'this is not a record' }) });
  const body = await res.json();
  if (body.code) assert.doesNotMatch(text, /[a-z]{4}/, `not translated: ${text}`);
  else assert.equal(text, body.error);
  await page.context().close();
});

test('a long game: past boards come by range, the move list draws only what is near', async (t) => {
  if (!requireGame(t, 'capgo')) return;
  // 300 plies of ordinary Go (no target) on 13x13, made over the API.
  const created = await (await fetch(`${server.url}/api/games`, {
    method: 'POST', body: JSON.stringify({ game: 'capgo', mode: 'hotseat', rules: { size: 13, target: 0 } }),
  })).json();
  const id = created.id;
  let s = created.state;
  for (let i = 0; i < 300 && s.status === 'ongoing'; ++i) {
    const stones = s.legal.filter((m) => !m.pass);
    const move = stones.length ? stones[(i * 7919) % stones.length].move : 'pass';
    const r = await fetch(`${server.url}/api/games/${id}/moves`, {
      method: 'POST', body: JSON.stringify({ move, token: created.seat.token }),
    });
    assert.equal(r.status, 200, await r.clone().text());
    s = await r.json();
  }
  assert.ok(s.ply >= 250, `${s.ply} plies`);
  const page = await newPage();
  const requests = [];
  page.on('request', (r) => {
    if (r.url().includes('/boards')) requests.push(new URL(r.url()).searchParams);
  });
  page.on('requestfailed', (r) => console.log(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('console', (m) => m.type() === 'warning' && console.log(`page: ${m.text()}`));
  await page.goto(`${server.url}/#/game/${id}`);
  await shown(page, s.ply);
  assert.equal(requests.length, 0);  // the current board comes with the state
  const drawn = await page.$$eval('[data-testid=move-list] .move', (els) => els.length);
  assert.ok(drawn < s.ply / 2, `${drawn} of ${s.ply} moves drawn`);
  await page.keyboard.press('Home');
  await shown(page, 0);
  assert.equal(await page.$$eval('.go-stone', (els) => els.length), 0);
  await page.keyboard.press('ArrowRight');
  await shown(page, 1);
  assert.equal(await page.$$eval('.go-stone', (els) => els.length), 1);
  // Pressed back to back: the second key steps from the ply the first one chose.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await shown(page, s.ply - 1);
  const [last] = (await (await fetch(`${server.url}/api/games/${id}/boards?from=${s.ply - 1}&to=${s.ply - 1}`)).json()).boards;
  const stones = await page.$$eval('[data-point]', (els) => els.map((e) => e.dataset.stone).join(''));
  assert.equal(stones, last.rows.join(''));
  // Two ranges fetched (the start's and the end's), each at most 100 boards.
  assert.equal(new Set(requests.map(String)).size, 2, requests.map(String).join(' '));
  for (const q of requests) assert.ok(Number(q.get('to')) - Number(q.get('from')) < 100);
  await page.context().close();
});
