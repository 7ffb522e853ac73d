// The installable, offline app in Debian's chromium against a real server. The browser reaches
// the server through a small proxy in this test that the test can cut, and the context is set
// offline too, so "offline" is real: no request reaches the server. Once online the service
// worker installs and controls the page; then offline the page reloads from its cache, a lesson is
// completed (a wrong move explained), a puzzle of the offline pack is solved (unrated, a move off
// its line left unchecked) and the browser's engine plays; online again, the server's puzzles
// and lessons are back. The manifest is valid, its icons have their sizes, and chromium finds the
// app installable; a second build's worker replaces the first's.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, openPage, startServer } from './harness.mjs';
import { serviceWorker } from '../scripts/service_worker_plugin.mjs';
import { serverProxyAndBrowser } from './offline_proxy.mjs';

let server;
let browser;
let proxy;
serverProxyAndBrowser([], (s, b, p) => {
  server = s;
  browser = b;
  proxy = p;
});

// A PNG's width and height (its IHDR chunk).
const pngSize = (buf) => [buf.readUInt32BE(16), buf.readUInt32BE(20)];

describe('the installable app', () => {
  test('the manifest names the app and its icons, which have their sizes', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/manifest+json');
    const m = await res.json();
    assert.deepEqual([m.name, m.short_name, m.start_url, m.scope, m.display], ['oyin', 'oyin', '/', '/', 'standalone']);
    assert.equal(m.theme_color, '#5b3a1e');
    assert.equal(m.background_color, '#f3ece0');
    const purposes = new Set();
    for (const icon of m.icons) {
      const r = await fetch(new URL(icon.src, server.url));
      assert.equal(r.status, 200, icon.src);
      assert.equal(r.headers.get('content-type'), icon.type, icon.src);
      const body = Buffer.from(await r.arrayBuffer());
      if (icon.type === 'image/png') assert.equal(pngSize(body).join('x'), icon.sizes, icon.src);
      else assert.match(body.toString(), /^<svg [^>]*viewBox="0 0 512 512"/, icon.src);
      purposes.add(`${icon.purpose} ${icon.sizes}`);
    }
    for (const need of ['any 192x192', 'any 512x512', 'maskable 512x512', 'any any']) assert.ok(purposes.has(need), need);
    const page = await openPage(browser);
    await page.goto(server.url);
    assert.equal(await page.getAttribute('link[rel=manifest]', 'href'), '/manifest.webmanifest');
    assert.equal(await page.getAttribute('meta[name=theme-color]', 'content'), '#5b3a1e');
    const touch = await fetch(new URL(await page.getAttribute('link[rel=apple-touch-icon]', 'href'), server.url));
    assert.deepEqual(pngSize(Buffer.from(await touch.arrayBuffer())), [180, 180]);
    await page.context().close();
  });
});

describe('offline', () => {
  test('after one visit, the app, a lesson, a puzzle and the engine work with no network', async () => {
    const page = await openPage(browser);
    const context = page.context();
    await page.goto(`${proxy.url}/#/learn`);
    await page.waitForSelector('[data-lesson-link]');
    // The worker installs (precaching the build and the learning data) and takes the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60000 });
    const caches = await page.evaluate(async () => {
      const out = {};
      for (const name of await caches.keys()) out[name.replace(/-[0-9a-f]{16}$/, '')] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      return out;
    });
    assert.deepEqual(Object.keys(caches).sort(), ['oyin-data', 'oyin-shell']);
    for (const must of ['/', '/manifest.webmanifest', '/icons/icon-192.png']) assert.ok(caches['oyin-shell'].includes(must), must);
    assert.equal(caches['oyin-shell'].filter((u) => u.endsWith('.wasm')).length, 4, 'the four engine modules');
    for (const must of ['/api/meta', '/api/learn/offline', '/api/lessons', '/api/puzzles']) assert.ok(caches['oyin-data'].includes(must), must);

    // Chromium's own verdict: the manifest parses and the app is installable (but for this
    // context being a private one, as every test context is).
    const cdp = await context.newCDPSession(page);
    assert.deepEqual((await cdp.send('Page.getAppManifest')).errors, []);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
    await cdp.detach();

    proxy.state.offline = true;
    await context.setOffline(true);
    await assert.rejects(page.evaluate(() => fetch('/api/account').then((r) => r.status)), /Failed to fetch/);
    const reloaded = await page.reload();
    assert.ok(reloaded.fromServiceWorker(), 'the page came from the service worker');
    await page.waitForSelector('[data-lesson-link=tojmot-piece-4]');

    // A lesson, judged from the pack exactly as the server judges it.
    await page.click('[data-lesson-link=tojmot-piece-4]');
    await page.waitForSelector('.lesson-page[data-lesson=tojmot-piece-4][data-step="1"][data-state=asking]');
    const attempt = async (clicks, state) => {
      for (const c of clicks) await page.click(c);
      await page.waitForSelector(`.lesson-page[data-state=${state}]`);
    };
    await attempt(['[data-cell=D6]', '[data-cell=D12]'], 'wrong');
    assert.match(await page.textContent('[data-feedback=wrong]'), /does not bring the 4 to D14/);
    await page.click('[data-action=again]');
    await attempt(['[data-cell=D6]', '[data-cell=D14]'], 'solved');
    await page.click('[data-action=next-step]');
    await page.waitForSelector('.lesson-page[data-step="2"][data-state=asking]');
    await attempt(['[data-cell=D6]', '[data-cell=J6]'], 'finished');
    assert.ok(await page.$('[data-testid=lesson-done]'));

    await solveOfflinePuzzle(page);

    // The browser's engine, from the cached module.
    const move = await page.evaluate(async () => {
      const e = await window.oyinEngine('togyz');
      try {
        return (await e.bestMove({ moves: ['76'] }, { level: 3, nodes: 2000, seed: '5', fresh: true })).move;
      } finally {
        e.terminate();
      }
    });
    assert.match(move, /^\d+$/);
    // Only the browser's own look for a new sw.js (on each page load; failing, it changes nothing)
    // passes the context's offline switch, and the proxy refused it.
    assert.deepEqual(proxy.state.refused.filter((u) => u !== '/sw.js'), [], 'no request of the app left the browser while offline');

    // Online again: the lesson finished offline is kept, the server's own puzzles are back.
    proxy.state.offline = false;
    await context.setOffline(false);
    await page.goto(`${proxy.url}/#/learn`);
    await page.reload();
    await page.waitForSelector('[data-done=tojmot-piece-4]');
    await page.click('[data-puzzles-link=togyz]');
    await page.waitForSelector('.puzzle-page[data-state=asking]:not([data-puzzle=""])');
    assert.equal(await page.$('[data-testid=offline-puzzle]'), null, 'an online puzzle is not the pack');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

describe('updates', () => {
  test("a second build's service worker replaces the first's, caches and all, on the next load", async () => {
    const page = await openPage(browser);
    await page.goto(`${proxy.url}/#/learn`);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60000 });
    const versions = () => page.evaluate(async () => (await caches.keys()).map((k) => k.replace(/^oyin-\w+-/, '')));
    const [first] = await versions();
    // The second build: the first one's files with a changed page, and its own sw.js.
    const dir = mkdtempSync(path.join(tmpdir(), 'oyin-build2-'));
    const second = { server: null };
    try {
      cpSync(path.join(ROOT, 'web', 'dist'), dir, { recursive: true });
      const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
      writeFileSync(path.join(dir, 'index.html'), html.replace('<head>', '<head><meta name="oyin-build" content="2">'));
      const plugin = serviceWorker();
      plugin.configResolved({ root: path.join(ROOT, 'web'), build: { outDir: dir } });
      await plugin.closeBundle();
      process.env.OYIN_WEB_DIST = dir;
      second.server = await startServer();
      delete process.env.OYIN_WEB_DIST;
      proxy.state.target = second.server.port;
      proxy.state.passed = [];
      // This load still runs the first build (its worker answers), and finds the new sw.js.
      await page.reload();
      // Its worker installs, takes over and deletes the first build's caches.
      for (let t = Date.now(); Date.now() - t < 60000; await new Promise((r) => setTimeout(r, 250))) {
        const v = await versions();
        if (v.length === 2 && !v.includes(first)) break;
      }
      assert.equal(new Set(await versions()).size, 1, "one build's caches");
      const [now] = await versions();
      assert.notEqual(now, first);
      // Only what changed was fetched: the page, not one of the hashed files the first build kept.
      assert.ok(proxy.state.passed.includes('/'), 'the new page was fetched');
      assert.deepEqual(proxy.state.passed.filter((u) => u.startsWith('/assets/')), []);
      await page.reload();
      assert.equal(await page.getAttribute('meta[name=oyin-build]', 'content'), '2', 'the next load runs the second build');
      assert.deepEqual(page.errors, []);
    } finally {
      proxy.state.target = server.port;
      await page.context().close();
      const stopped = await second.server?.stop();
      assert.equal(stopped?.code ?? 0, 0);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The pack's Togyz puzzle nearest a new learner's rating: a move off the line is unchecked, the
// solution solves it, and the rating stays.
async function solveOfflinePuzzle(page) {
  await page.goto(`${proxy.url}/#/learn/puzzles/togyz`);
  await page.waitForSelector('.puzzle-page[data-state=asking]:not([data-puzzle=""]) [data-testid=offline-puzzle]');
  const id = await page.getAttribute('.puzzle-page', 'data-puzzle');
  const p = await page.evaluate(async (pid) => (await (await fetch('/api/learn/offline')).json()).puzzles.find((x) => x.id === pid), id);
  assert.ok(p, `${id} is in the pack`);
  const toMove = p.board.to_move;
  const rating = await page.getAttribute('[data-testid=rating]', 'data-rating');
  const other = p.legal.find((m) => !p.line[0].accept.includes(m.move));
  if (other) {
    await page.click(`[data-pit=${toMove[0]}${other.move[0]}]`);
    await page.waitForSelector('.puzzle-page[data-state=asking] [data-feedback=unchecked]');
  }
  for (const [i, step] of p.line.entries()) {
    await page.click(`[data-pit=${toMove[0]}${step.accept[0][0]}]`);
    if (i + 1 < p.line.length) await page.waitForSelector('.puzzle-page[data-state=asking] [data-feedback=continue]');
  }
  await page.waitForSelector('.puzzle-page[data-state=solved]');
  assert.equal(await page.getAttribute('[data-testid=rating]', 'data-rating'), rating, 'an offline puzzle is not rated');
  assert.equal(await page.$('[data-testid=rating-change]'), null);
}
