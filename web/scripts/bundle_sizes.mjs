// The gzip sizes (level 9) of the built app (web/dist, `make web`): the first screen (index.html,
// the script and style it links, the favicon and the manifest), each game's engine (the worker's
// files and that game's module, fetched on its first use), everything, and what the service
// worker precaches on the first visit (sw.js's list: every file of the build). docs/wasm.md has a run.
//   node web/scripts/bundle_sizes.mjs
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const gz = (f) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
const assets = readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The browser also fetches the favicon and the manifest with the page (the other icons on install).
const first = ['index.html', ...assets.filter((a) => html.includes(a)), 'icons/icon.svg', 'manifest.webmanifest'];
const shared = assets.filter((a) => /\/(browser_engine|engine_worker)-/.test(a));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const sum = (files) => files.reduce((n, f) => n + gz(f), 0);

console.log(`first screen                 ${kb(sum(first))}  (${first.join(', ')})`);
// A browser fetches one module per game: Togyz's SIMD one where it has wasm SIMD, else the plain one.
for (const name of ['togyz', 'togyz_simd', 'tojmot', 'capgo']) {
  const own = assets.filter((a) => a.includes(`/oyin_engine_${name}-`));
  const wasm = own.filter((a) => a.endsWith('.wasm'));
  console.log(`+ ${name.padEnd(10)} engine        ${kb(sum([...shared, ...own]))}  (.wasm ${kb(sum(wasm)).trim()})`);
  console.log(`  first screen + ${name.padEnd(10)}${kb(sum([...first, ...shared, ...own]))}`);
}
const all = (dir, prefix = '') => readdirSync(path.join(dist, dir)).flatMap((n) =>
  (statSync(path.join(dist, dir, n)).isDirectory() ? all(path.join(dir, n), `${prefix}${n}/`) : [`${prefix}${n}`]));
console.log(`everything                   ${kb(sum(all('')))}  (every file of web/dist)`);
// The precache list as sw.js carries it ("/" is index.html); its size as sent (gzip for all but
// the PNGs, which are compressed already and sent as they are) and as kept in the cache.
const list = JSON.parse(/\[("\/[^\]]*)\]/.exec(readFileSync(path.join(dist, 'sw.js'), 'utf8'))[0]);
const cached = list.map((u) => (u === '/' ? 'index.html' : u.slice(1)));
const raw = cached.reduce((n, f) => n + readFileSync(path.join(dist, f)).length, 0);
const sent = cached.reduce((n, f) => n + (f.endsWith('.png') ? readFileSync(path.join(dist, f)).length : gz(f)), 0);
console.log(`service worker precache     ${kb(sent)}  sent (${cached.length} files; ${kb(raw).trim()} in the cache)`);
console.log(`  sw.js itself              ${kb(gz('sw.js'))}`);
