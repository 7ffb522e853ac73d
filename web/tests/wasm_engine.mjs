// The browser's engine modules (web/src/engine/wasm/, built by `make web`) loaded in node, with
// the calls of web/src/engine/wasm_module.ts, and the native `oyin` beside them: for the
// cross-check test (wasm_engine.test.mjs) and the speed figures (scripts/wasm_speed.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// OYIN_WASM_DIR: another build's modules (an experiment's build-wasm*/out).
export const WASM_DIR = process.env.OYIN_WASM_DIR || path.join(ROOT, 'web', 'src', 'engine', 'wasm');
export const OYIN = process.env.OYIN_BINARY ?? path.join(ROOT, 'build', 'oyin');

// `variant`: '' or '_simd' (Togyz's module with wasm SIMD, cmake/wasm.cmake).
export async function loadEngine(game, variant = '') {
  const base = path.join(WASM_DIR, `oyin_engine_${game}${variant}`);
  if (!existsSync(`${base}.wasm`)) throw new Error(`${base}.wasm is missing: run make web`);
  const { default: factory } = await import(pathToFileURL(`${base}.mjs`).href);
  const bytes = readFileSync(`${base}.wasm`);
  const m = await factory({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(bytes, imports).then((r) => receive(r.instance));
      return {};
    },
  });
  const c = (name, ret, args) => m.cwrap(name, ret, args);
  const fn = {
    error: c('oyin_error', 'string', []),
    games: c('oyin_games', 'string', []),
    newGame: c('oyin_new_game', 'number', ['string', 'string', 'string']),
    free: c('oyin_free_game', null, ['number']),
    state: c('oyin_state', 'string', ['number']),
    play: c('oyin_play', 'string', ['number', 'string']),
    engineNewGame: c('oyin_engine_new_game', null, ['string']),
    bestMove: c('oyin_best_move', 'string', ['number', 'number', 'number', 'string']),
    perft: c('oyin_perft', 'number', ['string', 'string', 'string', 'number']),
  };
  const withGame = (moves, f, position = '') => {
    const h = fn.newGame(game, '', position);
    if (!h) throw new Error(fn.error());
    try {
      for (const mv of moves) if (!fn.play(h, mv)) throw new Error(`move ${mv}: ${fn.error()}`);
      return f(h);
    } finally {
      fn.free(h);
    }
  };
  return {
    games: () => JSON.parse(fn.games()),
    state: (moves, position = '') => withGame(moves, (h) => JSON.parse(fn.state(h)), position),
    bestMove: (moves, level, nodes, seed) => {
      fn.engineNewGame(game);
      return withGame(moves, (h) => {
        const out = fn.bestMove(h, level, nodes, String(seed));
        if (!out) throw new Error(fn.error());
        return JSON.parse(out);
      });
    },
    perft: (position, depth) => {
      const n = fn.perft(game, '', position, depth);
      if (n < 0) throw new Error(fn.error());
      return n;
    },
  };
}

// `oyin ARGS`: its standard output and error; throws when it fails.
export function oyin(args) {
  const r = spawnSync(OYIN, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`oyin ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.error ?? ''}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

// A small seeded generator (mulberry32), so a failing position can be replayed.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// `plies` random legal moves from the start (fewer if the game ends), by the wasm rules.
export function randomLine(engine, random, plies) {
  const moves = [];
  for (let i = 0; i < plies; i++) {
    const s = engine.state(moves);
    if (s.over || s.legal.length === 0) break;
    moves.push(s.legal[Math.floor(random() * s.legal.length)]);
  }
  return moves;
}
