// Time to the browser engine's first move on a cold start, in chromium against a local
// `oyin serve` (no network delay: add the download time of the engine's gzip size on a slow
// line). Each run is a new browser context (empty cache) that opens the app, then asks the game's
// engine (web/src/engine/) for its reply to the first legal move at a level, with the level's
// think time. Needs `make build web`. docs/wasm.md has a run. With --offline, each context first
// visits the app until its service worker controls the page, then goes offline and reloads: the
// engine then comes from the service worker's cache (an installed app started with no network).
//   node web/scripts/wasm_first_move.mjs [--runs 3] [--level 5] [--offline]
import { launchBrowser, startServer } from '../tests/harness.mjs';

const arg = (name, dflt) => Number(process.argv[process.argv.indexOf(name) + 1]) || dflt;
const runs = arg('--runs', 3);
const level = process.argv.includes('--level') ? arg('--level', 5) : 5;
const offline = process.argv.includes('--offline');

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`level ${level}${offline ? ', offline from the service worker' : ''}; per run: load (fetch + compile) ms, first move ms, the move`);
  for (const game of ['togyz', 'tojmot', 'capgo']) {
    const rows = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForLoadState('networkidle');
      if (offline) {
        await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60000 });
        await context.setOffline(true);
        await page.reload();
        await page.waitForLoadState('load');
      }
      rows.push(await page.evaluate(async ([g, lv]) => {
        const t0 = performance.now();
        const e = await window.oyinEngine(g);
        const start = await e.state({});
        const t1 = performance.now();
        const r = await e.bestMove({ moves: [start.legal[0]] }, { level: lv, seed: '1' });
        const t2 = performance.now();
        e.terminate();
        return `${Math.round(t1 - t0)} + ${Math.round(t2 - t1)} ms (${r.move}${r.book ? ', book' : `, ${r.nodes} nodes`})`;
      }, [game, level]));
      await context.close();
    }
    console.log(`${game.padEnd(7)} ${rows.join(';  ')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
