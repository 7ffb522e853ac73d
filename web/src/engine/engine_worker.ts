// The engine worker: one per game (its name is the game), so a search never blocks the page. It
// loads the game's WebAssembly module on the first request and answers requests in order.
import type { EngineReply, EngineRequest } from './protocol';
import { WasmEngine } from './wasm_module';

// The worker's global scope, as much of it as is used (the project's lib is the DOM's).
interface WorkerScope {
  name: string;
  onmessage: ((ev: MessageEvent<{ id: number; req: EngineRequest }>) => void) | null;
  postMessage(m: EngineReply): void;
}
const scope = self as unknown as WorkerScope;
let engine: Promise<WasmEngine> | null = null;

function answer(req: EngineRequest, e: WasmEngine): unknown {
  switch (req.op) {
    case 'state':
      return e.state(req);
    case 'best_move':
      return e.bestMove(req, req.level, req.nodes ?? 0, req.seed ?? '0', req.fresh ?? false);
    case 'perft':
      return e.perft(req, req.depth);
  }
}

scope.onmessage = async (ev: MessageEvent<{ id: number; req: EngineRequest }>) => {
  const { id, req } = ev.data;
  let reply: EngineReply;
  try {
    engine ??= WasmEngine.load(scope.name);
    reply = { id, ok: true, result: answer(req, await engine) };
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
