// The computer player in the browser: the game's WebAssembly engine in a Web Worker
// (engine_worker.ts), with the server's levels: level N with a seed and a node budget plays the
// move `oyin move` and the server's computer player make (docs/wasm.md). Nothing is downloaded
// until the first request.
import type { EngineMove, EngineReply, EngineRequest, GameStateView, PositionRef } from './protocol';

export type { EngineMove, GameStateView, PositionRef } from './protocol';

export interface MoveAsk {
  level: number;
  nodes?: number; // 0 or absent: the level's think time
  seed?: string; // decimal, 64 bits
  fresh?: boolean; // forget earlier searches first
}

export class BrowserEngine {
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(readonly game: string) {}

  private send(req: EngineRequest): Promise<unknown> {
    if (!this.worker) {
      const w = new Worker(new URL('./engine_worker.ts', import.meta.url), { type: 'module', name: this.game });
      w.onmessage = (ev: MessageEvent<EngineReply>) => {
        const p = this.pending.get(ev.data.id);
        if (!p) return;
        this.pending.delete(ev.data.id);
        if (ev.data.ok) p.resolve(ev.data.result);
        else p.reject(new Error(ev.data.error));
      };
      w.onerror = (ev) => this.fail(new Error(ev.message || 'the engine worker failed'));
      this.worker = w;
    }
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, req });
    });
  }

  private fail(e: Error) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    this.terminate();
  }

  state(ref: PositionRef): Promise<GameStateView> {
    return this.send({ op: 'state', ...ref }) as Promise<GameStateView>;
  }

  bestMove(ref: PositionRef, ask: MoveAsk): Promise<EngineMove> {
    return this.send({ op: 'best_move', ...ref, ...ask }) as Promise<EngineMove>;
  }

  perft(ref: PositionRef, depth: number): Promise<number> {
    return this.send({ op: 'perft', ...ref, depth }) as Promise<number>;
  }

  // Stops a search at once (the worker is dropped; the next request starts a new one).
  terminate() {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('the engine was stopped'));
    this.pending.clear();
  }
}
