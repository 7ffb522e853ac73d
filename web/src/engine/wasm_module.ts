/// <reference types="vite/client" />
// One game's WebAssembly module (src/wasm/engine_api.cpp, built by `make web` into ./wasm/) and its
// C functions as typed calls. Loaded only when a game first needs its engine: Vite makes each
// module a chunk and each .wasm an asset of its own, fetched on that first call.
import type { EngineMove, GameStateView, PositionRef } from './protocol';

interface EmModule {
  cwrap(name: string, ret: string | null, args: string[]): (...a: unknown[]) => unknown;
}
type Factory = (o: Record<string, unknown>) => Promise<EmModule>;

const factories = import.meta.glob<Factory>('./wasm/oyin_engine_*.mjs', { import: 'default' });
const wasmUrls = import.meta.glob<string>('./wasm/oyin_engine_*.wasm', { query: '?url', import: 'default' });

// Whether the browser compiles wasm SIMD: a module of one function using an i8x16 operation.
function simdSupported(): boolean {
  const probe = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11];
  return WebAssembly.validate(new Uint8Array(probe));
}

// Compiled while it downloads when the server says application/wasm, else from the bytes.
async function instantiate(url: string, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> {
  try {
    return (await WebAssembly.instantiateStreaming(fetch(url), imports)).instance;
  } catch {
    const bytes = await (await fetch(url)).arrayBuffer();
    return (await WebAssembly.instantiate(bytes, imports)).instance;
  }
}

export class WasmEngine {
  private constructor(
    readonly game: string,
    private readonly fn: {
      error: () => string;
      newGame: (game: string, rules: string, position: string) => number;
      free: (h: number) => void;
      state: (h: number) => string;
      play: (h: number, move: string) => string;
      engineNewGame: (game: string) => void;
      bestMove: (h: number, level: number, nodes: number, seed: string) => string;
      perft: (game: string, rules: string, position: string, depth: number) => number;
    },
  ) {}

  static async load(game: string): Promise<WasmEngine> {
    // A game's module built for wasm SIMD (Togyz's evaluation) where the browser has it.
    const simd = simdSupported() && factories[`./wasm/oyin_engine_${game}_simd.mjs`] ? '_simd' : '';
    const load = factories[`./wasm/oyin_engine_${game}${simd}.mjs`];
    const url = wasmUrls[`./wasm/oyin_engine_${game}${simd}.wasm`];
    if (!load || !url) throw new Error(`no browser engine for ${game} (make web builds them)`);
    const [factory, wasmUrl] = await Promise.all([load(), url()]);
    // A module that cannot be fetched or compiled fails the load (emscripten would wait forever).
    const m = await new Promise<EmModule>((resolve, reject) => {
      factory({
        instantiateWasm(imports: WebAssembly.Imports, receive: (i: WebAssembly.Instance) => void) {
          instantiate(wasmUrl, imports).then((i) => receive(i), reject);
          return {};
        },
      }).then(resolve, reject);
    });
    const w = (name: string, ret: string | null, args: string[]) => m.cwrap(name, ret, args);
    return new WasmEngine(game, {
      error: w('oyin_error', 'string', []) as () => string,
      newGame: w('oyin_new_game', 'number', ['string', 'string', 'string']) as (g: string, r: string, p: string) => number,
      free: w('oyin_free_game', null, ['number']) as (h: number) => void,
      state: w('oyin_state', 'string', ['number']) as (h: number) => string,
      play: w('oyin_play', 'string', ['number', 'string']) as (h: number, m: string) => string,
      engineNewGame: w('oyin_engine_new_game', null, ['string']) as (g: string) => void,
      bestMove: w('oyin_best_move', 'string', ['number', 'number', 'number', 'string']) as (
        h: number, l: number, n: number, s: string) => string,
      perft: w('oyin_perft', 'number', ['string', 'string', 'string', 'number']) as (
        g: string, r: string, p: string, d: number) => number,
    });
  }

  // Runs `f` on a game at `ref`, freed afterwards.
  private withGame<T>(ref: PositionRef, f: (h: number) => T): T {
    const h = this.fn.newGame(this.game, ref.rules ?? '', ref.position ?? '');
    if (!h) throw new Error(this.fn.error());
    try {
      for (const m of ref.moves ?? []) if (!this.fn.play(h, m)) throw new Error(`move ${m}: ${this.fn.error()}`);
      return f(h);
    } finally {
      this.fn.free(h);
    }
  }

  state(ref: PositionRef): GameStateView {
    return this.withGame(ref, (h) => JSON.parse(this.fn.state(h)) as GameStateView);
  }

  // `fresh`: forget the table or tree of earlier moves first (a new game; the same move as
  // `oyin move` makes with a new engine).
  bestMove(ref: PositionRef, level: number, nodes = 0, seed = '0', fresh = false): EngineMove {
    if (fresh) this.fn.engineNewGame(this.game);
    return this.withGame(ref, (h) => {
      const out = this.fn.bestMove(h, level, nodes, seed);
      if (!out) throw new Error(this.fn.error());
      return JSON.parse(out) as EngineMove;
    });
  }

  perft(ref: PositionRef, depth: number): number {
    const position = ref.moves?.length ? this.state(ref).position : (ref.position ?? '');
    const n = this.fn.perft(this.game, ref.rules ?? '', position, depth);
    if (n < 0) throw new Error(this.fn.error());
    return n;
  }
}
