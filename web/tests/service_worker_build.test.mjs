// The service worker's build (scripts/service_worker_plugin.mjs): the precache list is every file
// of the build with index.html as "/" (but the 512-pixel icons), the version is made of their contents (a changed file: a
// new version, so a second build's worker replaces the first one's caches), and web/dist/sw.js,
// as `make web` wrote it, carries them. No browser.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { precacheOf } from '../scripts/service_worker_plugin.mjs';

const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

test('the precache list and a version that follows the contents', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'oyin-sw-'));
  try {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/a-1.js">');
    writeFileSync(path.join(dir, 'assets', 'a-1.js'), 'one');
    const files = ['assets/a-1.js', 'index.html'];
    const first = precacheOf(dir, files);
    assert.deepEqual(first.urls, ['/', '/assets/a-1.js']);
    assert.match(first.version, /^[0-9a-f]{16}$/);
    assert.equal(precacheOf(dir, files).version, first.version);
    writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/a-1.js"><!-- a second build -->');
    assert.notEqual(precacheOf(dir, files).version, first.version);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("web/dist/sw.js precaches every file of the build and carries the build's version", () => {
  const files = (dir, prefix = '') => readdirSync(dir).sort().flatMap((n) =>
    statSync(path.join(dir, n)).isDirectory() ? files(path.join(dir, n), `${prefix}${n}/`) : [`${prefix}${n}`]);
  const built = files(DIST).filter((f) => f !== 'sw.js');
  const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const { version, urls } = precacheOf(DIST, built);
  assert.ok(sw.includes(`"${version}"`), `sw.js has version ${version}`);
  for (const u of urls) assert.ok(sw.includes(`"${u}"`), `sw.js precaches ${u}`);
  for (const must of ['/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png']) assert.ok(urls.includes(must), must);
  assert.ok(!urls.includes('/icons/icon-512.png'), 'the large icons are left to the installing browser');
  assert.ok(urls.some((u) => /^\/assets\/oyin_engine_togyz_simd-.*\.wasm$/.test(u)), 'the Togyz SIMD module');
  assert.ok(urls.some((u) => /^\/assets\/oyin_engine_capgo-.*\.wasm$/.test(u)), "capture Go's module");
});
