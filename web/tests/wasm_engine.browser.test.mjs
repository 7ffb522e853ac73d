// The browser's engines in chromium, through the page's Web Worker (src/engine/browser_engine.ts):
// the first screen downloads none of them; each game's engine, loaded on first use, plays the move
// `oyin move` plays at the same level, seed and node budget, and counts perft as `oyin perft`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, serverAndBrowser } from './harness.mjs';
import { loadEngine, oyin, randomLine, rng } from './wasm_engine.mjs';

let server;
let browser;
serverAndBrowser([], (s, b) => {
  server = s;
  browser = b;
});

// Per game: a node budget and a perft depth; the lines of moves are random (seeded) and legal.
const CASES = {
  togyz: { nodes: 5000, perft: 4 },
  tojmot: { nodes: 5000, perft: 2 },
  capgo: { nodes: 400, perft: 2 },
};

test('the first screen loads no engine; each engine in its worker plays as the native one', async () => {
  const page = await openPage(browser);
  await page.goto(server.url);
  await page.waitForSelector('h1, h2');
  await page.waitForLoadState('networkidle');
  const engineUrls = () => page.urls.filter((u) => /\.wasm$|oyin_engine|engine_worker|browser_engine/.test(u));
  assert.deepEqual(engineUrls(), [], 'the first screen fetched engine files');

  for (const [game, c] of Object.entries(CASES)) {
    const rules = await loadEngine(game);
    const random = rng(41);
    c.lines = [randomLine(rules, random, 3), randomLine(rules, random, 9)];
    for (const moves of c.lines) {
      for (const level of [3, 7, 10]) {
        const seed = `${level}${moves.length}77`;
        const mine = await page.evaluate(async ([g, ref, ask]) => {
          const e = await window.oyinEngine(g);
          try {
            return await e.bestMove(ref, ask);
          } finally {
            e.terminate();
          }
        }, [game, { moves }, { level, nodes: c.nodes, seed, fresh: true }]);
        const native = oyin(['move', game, '--moves', moves.join(' '), '--level', String(level),
          '--nodes', String(c.nodes), '--seed', seed]).stdout.trim();
        assert.equal(mine.move + (mine.book ? ' (book)' : ''), native, `${game} level ${level} after ${moves.join(' ')}`);
      }
    }
    const count = await page.evaluate(async ([g, ref, d]) => (await window.oyinEngine(g)).perft(ref, d),
      [game, { moves: c.lines[1] }, c.perft]);
    const native = oyin(['perft', game, '-d', String(c.perft), '--moves', c.lines[1].join(' ')]).stdout;
    assert.equal(count, Number(/Nodes searched: (\d+)/.exec(native)[1]), `${game} perft`);
    // An illegal move comes back as the rules' error, from the worker.
    await assert.rejects(page.evaluate(async (g) => (await window.oyinEngine(g)).state({ moves: ['nonsense'] }), game),
      /move nonsense/);
  }
  // Chromium has wasm SIMD: Togyz's SIMD module, not the plain one.
  const wasm = engineUrls().filter((u) => u.endsWith('.wasm')).map((u) => u.replace(/^.*\/|-[\w-]+\.wasm$/g, ''));
  assert.deepEqual([...new Set(wasm)].sort(), ['oyin_engine_capgo', 'oyin_engine_togyz_simd', 'oyin_engine_tojmot']);
  assert.deepEqual(page.errors, []);
});
