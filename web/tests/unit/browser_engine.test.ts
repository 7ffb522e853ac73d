// The page's side of the engine worker (src/engine/browser_engine.ts), with a stand-in Worker:
// one worker per game named for it and made on the first request, replies matched by id whatever
// their order, the worker's errors as rejections, and terminate() failing what is pending.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { BrowserEngine } from '../../src/engine/browser_engine';

class FakeWorker {
  static made: FakeWorker[] = [];
  posted: { id: number; req: Record<string, unknown> }[] = [];
  terminated = false;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: { message: string }) => void) | null = null;
  constructor(readonly url: URL, readonly options: { type: string; name: string }) {
    FakeWorker.made.push(this);
  }
  postMessage(m: { id: number; req: Record<string, unknown> }) {
    this.posted.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: unknown) {
    this.onmessage?.({ data });
  }
}

const saved = (globalThis as { Worker?: unknown }).Worker;
beforeEach(() => {
  FakeWorker.made = [];
  (globalThis as { Worker?: unknown }).Worker = FakeWorker;
});
afterEach(() => {
  (globalThis as { Worker?: unknown }).Worker = saved;
});

test('no worker until the first request; then one module worker named for the game', async () => {
  const e = new BrowserEngine('tojmot');
  expect(FakeWorker.made).toHaveLength(0);
  const s = e.state({ moves: ['g5f6'] });
  const b = e.bestMove({ position: 'P' }, { level: 5, nodes: 100, seed: '18446744073709551615', fresh: true });
  expect(FakeWorker.made).toHaveLength(1);
  const w = FakeWorker.made[0];
  expect(w.options).toEqual({ type: 'module', name: 'tojmot' });
  expect(w.url.pathname.endsWith('/engine_worker.ts')).toBe(true);
  expect(w.posted).toEqual([
    { id: 1, req: { op: 'state', moves: ['g5f6'] } },
    { id: 2, req: { op: 'best_move', position: 'P', level: 5, nodes: 100, seed: '18446744073709551615', fresh: true } },
  ]);
  // Out of order: each promise gets its own answer.
  w.reply({ id: 2, ok: true, result: { move: 'l14n12', book: true } });
  w.reply({ id: 1, ok: true, result: { legal: ['a'] } });
  expect(await b).toEqual({ move: 'l14n12', book: true });
  expect(await s).toEqual({ legal: ['a'] });
});

test("the worker's error text rejects that request only", async () => {
  const e = new BrowserEngine('togyz');
  const bad = e.state({ moves: ['nonsense'] });
  const good = e.perft({}, 2);
  const w = FakeWorker.made[0];
  w.reply({ id: 1, ok: false, error: 'move nonsense: bad move' });
  w.reply({ id: 2, ok: true, result: 81 });
  await expect(bad).rejects.toThrow('move nonsense: bad move');
  expect(await good).toBe(81);
});

test('terminate stops the search: pending requests fail, the next request makes a new worker', async () => {
  const e = new BrowserEngine('capgo');
  const pending = e.bestMove({}, { level: 10 });
  e.terminate();
  await expect(pending).rejects.toThrow('the engine was stopped');
  expect(FakeWorker.made[0].terminated).toBe(true);
  const again = e.perft({}, 1);
  expect(FakeWorker.made).toHaveLength(2);
  FakeWorker.made[1].reply({ id: 2, ok: true, result: 82 });
  expect(await again).toBe(82);
});

test("a worker that fails to load fails what was asked of it", async () => {
  const e = new BrowserEngine('togyz');
  const p = e.state({});
  FakeWorker.made[0].onerror?.({ message: 'no such module' });
  await expect(p).rejects.toThrow('no such module');
  expect(FakeWorker.made[0].terminated).toBe(true);
});
