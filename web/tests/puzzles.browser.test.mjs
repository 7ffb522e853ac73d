// Browser tests of the puzzle trainer: Debian's chromium (headless) driven by playwright-core
// against a real server with the shipped puzzles. A puzzle of each game is solved by clicking
// (the next one near the learner's rating, one by its link, one chosen by theme), the opponent's
// replies are played on the board, the rating changes and survives a reload, and a failed puzzle
// shows the right move and plays the solution through. A guest's progress joins the account on
// sign-up and follows it into a second browser context, and back.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, ROOT, serverAndBrowser, openPage } from './harness.mjs';

let server;
let browser;

// id -> the shipped puzzle (its solution is what the test clicks).
const PUZZLES = new Map();
for (const game of ['togyz', 'tojmot', 'capgo']) {
  for (const line of readFileSync(path.join(ROOT, 'data', 'puzzles', `${game}.jsonl`), 'utf8').split('\n')) {
    if (line.trim()) {
      const p = JSON.parse(line);
      PUZZLES.set(p.id, p);
    }
  }
}

serverAndBrowser([], (s, b) => {
  server = s;
  browser = b;
});

async function newPage(locale = 'en-US') {
  return openPage(browser, { viewport: { width: 1280, height: 900 }, locale });
}

// The clicks that play `move` (protocol notation) on the game's play board.
function clicks(game, move, toMove) {
  if (game === 'capgo') return [`[data-point=${move.toUpperCase()}]`];
  if (game === 'togyz') return [`[data-pit=${toMove[0]}${move[0]}]`];
  const m = /^([a-n])(\d+)([a-n])(\d+)$/.exec(move);
  assert.ok(m, `a Tojmot move without promotion: ${move}`);
  return [`[data-cell=${m[1].toUpperCase()}${m[2]}]`, `[data-cell=${m[3].toUpperCase()}${m[4]}]`];
}

async function shownPuzzle(page) {
  await page.waitForSelector('.puzzle-page[data-state=asking]:not([data-puzzle=""])');
  const id = await page.getAttribute('.puzzle-page', 'data-puzzle');
  const p = PUZZLES.get(id);
  assert.ok(p, `the page shows an unknown puzzle ${id}`);
  return p;
}

// Clicks the solver's moves of the solution, waiting for each reply; ends when solved.
async function solve(page, p, toMove) {
  for (let i = 0; i < p.solution.length; i += 2) {
    for (const c of clicks(p.game, p.solution[i], toMove)) await page.click(c);
    const lastSolverMove = i + 2 >= p.solution.length;
    if (lastSolverMove) break;
    await page.waitForSelector('.puzzle-page[data-state=asking] [data-feedback=continue]');
  }
  await page.waitForSelector('.puzzle-page[data-state=solved]');
}

const ratingShown = async (page) => Number(await page.getAttribute('[data-testid=rating]', 'data-rating'));

describe('puzzle trainer', () => {
  test('Togyz Kumalak: the next puzzle near my rating is solved by clicking, the rating rises and is kept', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#/learn`);
    await page.click('[data-puzzles-link=togyz]');
    const p = await shownPuzzle(page);
    assert.equal(p.game, 'togyz');
    assert.equal(await ratingShown(page), 1000);
    assert.ok(Math.abs(p.rating - 1000) < 150, `puzzle ${p.id} rated ${p.rating} is not near 1000`);
    const toMove = await page.$eval('.puzzle-page', () => document.querySelector('.side-panel .stone-dot').className.split(' ')[1]);
    await solve(page, p, toMove);
    assert.match(await page.textContent('[data-feedback=solved]'), /Solved/);
    const change = Number(await page.textContent('[data-testid=rating-change]'));
    assert.ok(change > 0, `a solved puzzle changed the rating by ${change}`);
    assert.equal(await ratingShown(page), 1000 + change);
    await page.screenshot({ path: path.join(ARTIFACTS, 'puzzle-togyz-solved.png') });
    // The next puzzle is another one; the rating is kept in this browser.
    await page.click('[data-action=next-puzzle]');
    await page.waitForSelector(`.puzzle-page[data-state=asking]:not([data-puzzle="${p.id}"]):not([data-puzzle=""])`);
    await page.reload();
    await shownPuzzle(page);
    assert.equal(await ratingShown(page), 1000 + change);
    assert.deepEqual(page.errors, []);
  });

  test('Tojmot: a mate in 2 by its link, with the opponent\'s reply played on the board', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#/learn/puzzle/tojmot-1-0009`);
    const p = await shownPuzzle(page);
    assert.match(await page.textContent('[data-testid=task]'), /Mate in 2/);
    for (const c of clicks('tojmot', 'e3e5')) await page.click(c);
    await page.waitForSelector('[data-feedback=continue]');
    assert.match(await page.textContent('[data-feedback=continue]'), /answered 1A5-B4/);
    // The reply is on the board: the white 1 stands on B4.
    assert.equal(await page.getAttribute('[data-at=B4]', 'data-piece'), 'w1', 'the reply is drawn');
    for (const c of clicks('tojmot', p.solution[2])) await page.click(c);
    await page.waitForSelector('.puzzle-page[data-state=solved]');
    assert.ok(await page.textContent('[data-testid=rating-change]'));
    await page.screenshot({ path: path.join(ARTIFACTS, 'puzzle-tojmot-solved.png') });
    assert.deepEqual(page.errors, []);
  });

  test('Togyz Kumalak: 10 stones in 1 by its link, counted after the opponent\'s answer, which is played', async () => {
    const page = await newPage();
    const p = PUZZLES.get('togyz-501-0002');
    assert.equal(p.goal, 'stones');
    await page.goto(`${server.url}/#/learn/puzzle/${p.id}`);
    await shownPuzzle(page);
    assert.match(await page.textContent('[data-testid=task]'), /Win 10 stones in 1/);
    assert.match(await page.textContent('[data-testid=goal-note]'), /10 stones more than your opponent takes back/);
    const toMove = await page.$eval('.puzzle-page', () => document.querySelector('.side-panel .stone-dot').className.split(' ')[1]);
    for (const c of clicks('togyz', p.solution[0], toMove)) await page.click(c);
    await page.waitForSelector('.puzzle-page[data-state=solved]');
    // The answer is named.
    const said = await page.textContent('[data-feedback=solved]');
    assert.match(said, /Solved/);
    assert.match(said, /The opponent answered \S+, and what you won holds/);
    assert.deepEqual(page.errors, []);
  });

  test('Capture Go: a puzzle chosen by theme is solved; a slower win is taken back; a failed one shows the right answer', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#/learn/puzzles/capgo`);
    await shownPuzzle(page);
    await page.selectOption('[data-theme-select]', 'ladder');
    await page.waitForFunction(() => {
      const el = document.querySelector('.puzzle-page[data-state=asking]');
      return el && el.textContent.includes('Ladder') && el.getAttribute('data-puzzle') !== '';
    });
    const p = await shownPuzzle(page);
    assert.ok(p.themes.includes('ladder'), `${p.id} has no ladder theme`);
    await solve(page, p, '');
    const solvedRating = await ratingShown(page);

    // A slower win is no fail: after D4 and the reply D5, A2 still wins, later; the board stays.
    await page.goto(`${server.url}/#/learn/puzzle/capgo-1-0008`);
    await shownPuzzle(page);
    await page.click('[data-point=D4]');
    await page.waitForSelector('[data-feedback=continue]');
    assert.equal(await page.getAttribute('[data-point=D5]', 'data-stone'), 'O');
    await page.click('[data-point=A2]');
    await page.waitForSelector('[data-feedback=slower]');
    assert.match(await page.textContent('[data-feedback=slower]'), /A2 wins too, but more slowly \(in 2 moves\)\. Find the quicker win\./);
    assert.equal(await page.getAttribute('[data-point=A2]', 'data-stone'), '.', 'the slower move is taken back');
    assert.equal(await ratingShown(page), solvedRating, 'a slower win does not change the rating');
    await page.screenshot({ path: path.join(ARTIFACTS, 'puzzle-capgo-slower.png') });

    // A wrong first move: the failure names the right move, and the answer is played through.
    await page.reload();  // the same puzzle afresh (its link is the page's already)
    await shownPuzzle(page);
    await page.click('[data-point=A5]');
    await page.waitForSelector('.puzzle-page[data-state=failed]');
    assert.match(await page.textContent('[data-feedback=failed]'), /A5 does not win here\. The winning move was D4/);
    assert.ok(await ratingShown(page) < solvedRating, 'a failed puzzle lowers the rating');
    await page.click('[data-action=show-answer]');
    assert.equal((await page.textContent('[data-testid=answer]')).replace(/\s+/g, ' ').trim(), 'The solution: D4 D5 E5');
    // Played through: at the end E5 stands and the four white stones of the E file are gone.
    await page.waitForFunction(() => document.querySelector('[data-point=E5]')?.getAttribute('data-stone') === 'X');
    assert.equal(await page.getAttribute('[data-point=E4]', 'data-stone'), '.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'puzzle-capgo-answer.png') });
    assert.deepEqual(page.errors, []);
  });

  test('the trainer speaks Kazakh, themes included', async () => {
    const page = await newPage('kk-KZ');
    await page.goto(`${server.url}/#/learn/puzzle/togyz-1-0026`);
    await shownPuzzle(page);
    assert.match(await page.textContent('[data-testid=task]'), /2 жүрісте ұту/);
    assert.match(await page.textContent('.puzzle-themes'), /Қазанда 81-ден көп/);
    assert.deepEqual(page.errors, []);
  });

  // Fills and sends the account dialog (opened in sign-in mode, or switched to sign-up); waits for
  // the learner's progress to be brought in line with the account.
  async function signIn(page, username, password, signUp) {
    await page.click('[data-action=sign-in]');
    if (signUp) await page.click('[data-action=to-sign-up]');
    await page.fill('[data-testid=account-dialog] input[name=username]', username);
    await page.fill('[data-testid=account-dialog] input[name=password]', password);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/learn/progress') && r.status() === 200),
      page.click('[data-action=account-submit]'),
    ]);
    await page.waitForSelector('[data-account=user]');
  }
  const serverProgress = (page) => page.evaluate(() => fetch('/api/learn/progress').then((r) => r.json()));
  const waitRating = (page, r) =>
    page.waitForFunction((want) => document.querySelector('[data-testid=rating]')?.getAttribute('data-rating') === String(want), r);

  test('progress follows the account: a guest\'s joins it on sign-up, a second browser sees it, and back', async () => {
    // A guest finishes a lesson and a mate in 1 in one browser.
    const first = await newPage();
    await first.goto(`${server.url}/#/learn/lesson/tojmot-piece-4`);
    await first.waitForSelector('.lesson-page[data-step="1"][data-state=asking]');
    for (const c of ['[data-cell=D6]', '[data-cell=D14]']) await first.click(c);
    await first.waitForSelector('.lesson-page[data-state=solved]');
    await first.click('[data-action=next-step]');
    await first.waitForSelector('.lesson-page[data-step="2"][data-state=asking]');
    for (const c of ['[data-cell=D6]', '[data-cell=J6]']) await first.click(c);
    await first.waitForSelector('.lesson-page[data-state=finished]');
    await first.goto(`${server.url}/#/learn/puzzle/tojmot-1-0001`);
    await shownPuzzle(first);
    for (const c of clicks('tojmot', 'd12b12')) await first.click(c);
    await first.waitForSelector('.puzzle-page[data-state=solved]');
    const guestRating = await ratingShown(first);
    assert.ok(guestRating > 1000, `a solved puzzle left the rating at ${guestRating}`);

    // Signing up merges it into the new account.
    await signIn(first, 'learner', 'mate-in-one-by-nine', true);
    const merged = await serverProgress(first);
    assert.ok(merged.lessons['tojmot-piece-4'], JSON.stringify(merged));
    assert.deepEqual(merged.puzzles.tojmot.seen, ['tojmot-1-0001']);
    assert.deepEqual(merged.puzzles.tojmot.solved, ['tojmot-1-0001']);
    assert.equal(Math.round(merged.puzzles.tojmot.rating.rating), guestRating);

    // A second browser context (no shared storage) signed in to the account has all of it.
    const second = await newPage();
    await second.goto(`${server.url}/#/learn`);
    await signIn(second, 'learner', 'mate-in-one-by-nine', false);
    await second.waitForSelector('[data-done=tojmot-piece-4]');
    await second.goto(`${server.url}/#/learn/puzzles/tojmot`);
    const p = await shownPuzzle(second);
    assert.notEqual(p.id, 'tojmot-1-0001', 'a finished puzzle is not picked again');
    await waitRating(second, guestRating);
    // It goes on from there: a mate in 2 solved in the second browser...
    await second.goto(`${server.url}/#/learn/puzzle/tojmot-1-0009`);
    const two = await shownPuzzle(second);
    await solve(second, two, '');
    const secondRating = await ratingShown(second);
    assert.ok(secondRating > guestRating, `${secondRating} after a second solve`);
    await second.screenshot({ path: path.join(ARTIFACTS, 'puzzle-progress-second-browser.png') });
    // ...is the first browser's rating too once it loads again.
    await first.goto(`${server.url}/#/learn/puzzles/tojmot`);
    await first.reload();
    await waitRating(first, secondRating);

    // Signed out, the first browser is a fresh guest's again; the account keeps everything.
    await first.click('[data-testid=account-name]');
    await first.click('[data-action=sign-out]');
    await first.waitForSelector('[data-account=guest]');
    await waitRating(first, 1000);
    await first.goto(`${server.url}/#/learn`);
    await first.waitForSelector('[data-lesson-link=tojmot-piece-4]');
    assert.equal(await first.$('[data-done=tojmot-piece-4]'), null);
    const kept = await serverProgress(second);
    assert.deepEqual(kept.puzzles.tojmot.seen, ['tojmot-1-0001', 'tojmot-1-0009']);
    assert.deepEqual(kept.puzzles.tojmot.solved, ['tojmot-1-0001', 'tojmot-1-0009']);
    assert.equal(Math.round(kept.puzzles.tojmot.rating.rating), secondRating);
    assert.deepEqual(first.errors, []);
    assert.deepEqual(second.errors, []);
  });
});
