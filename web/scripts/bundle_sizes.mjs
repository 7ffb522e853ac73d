// The gzip sizes (level 9) of the built app (web/dist, `make web`): the first screen (index.html
// and what it links), each game's engine (the worker's files and that game's module, fetched on
// its first use), and everything. docs/wasm.md has a run.
//   node web/scripts/bundle_sizes.mjs
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const gz = (f) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
const assets = readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const first = ['index.html', ...assets.filter((a) => html.includes(a))];
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
console.log(`everything                   ${kb(sum(['index.html', ...assets]))}`);
