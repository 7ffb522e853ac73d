// The browser's engines against the native ones on this machine, one thread each: perft nodes/s
// and search nodes/s (playouts/s for capture Go's Monte-Carlo search), best of `--runs` (default
// 3; the machine may be shared). Needs `make build web`. docs/wasm.md has a run.
//   node web/scripts/wasm_speed.mjs [--runs 3] [--games togyz,capgo]
import { performance } from 'node:perf_hooks';
import { loadEngine, oyin, randomLine, rng } from '../tests/wasm_engine.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
// Per game: a perft depth from the start and a search's node budget (out of the opening book).
const GAMES = {
  togyz: { perft: 9, nodes: 1000000 },
  togyz_simd: { game: 'togyz', variant: '_simd', perft: 9, nodes: 1000000 },
  tojmot: { perft: 5, nodes: 500000 },
  capgo: { perft: 4, nodes: 20000 },
};

const only = process.argv.includes('--games') ? process.argv[process.argv.indexOf('--games') + 1].split(',') : null;
const rate = (n, ms) => Math.round((n * 1000) / Math.max(ms, 1));

console.log('module     what     native/s      wasm/s  wasm/native');
for (const [name, cfg] of Object.entries(GAMES)) {
  if (only && !only.includes(name)) continue;
  const game = cfg.game ?? name;
  const e = await loadEngine(game, cfg.variant);
  const moves = randomLine(e, rng(12), 12);
  const measure = {
    perftNative: () => {
      const { stderr } = oyin(['perft', game, '-d', String(cfg.perft)]);
      return Number(/ (\d+) nodes\/s/.exec(stderr)[1]);
    },
    perftWasm: () => {
      const t0 = performance.now();
      const n = e.perft('', cfg.perft);
      return rate(n, performance.now() - t0);
    },
    searchNative: () => {
      const { stderr } = oyin(['move', game, '--moves', moves.join(' '), '--nodes', String(cfg.nodes), '--seed', '1']);
      const m = / (\d+) nodes\/s/.exec(stderr);
      if (!m) throw new Error(`no search (a book move?): ${stderr}`);
      return Number(m[1]);
    },
    searchWasm: () => {
      const r = e.bestMove(moves, 10, cfg.nodes, 1);
      return rate(r.nodes, r.time_ms);
    },
  };
  // Native and wasm one after the other in each run, so that both meet the same load.
  const top = {};
  for (let i = 0; i < runs; i++)
    for (const [k, f] of Object.entries(measure)) top[k] = Math.max(top[k] ?? 0, f());
  const { perftNative, perftWasm, searchNative, searchWasm } = top;
  for (const [what, n, w] of [['perft', perftNative, perftWasm], ['search', searchNative, searchWasm]])
    console.log(`${name.padEnd(10)} ${what.padEnd(6)} ${String(n).padStart(11)} ${String(w).padStart(11)}  ${(w / n).toFixed(2)}`);
}
