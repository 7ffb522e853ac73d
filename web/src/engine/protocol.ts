// The messages between the page and the engine worker (engine_worker.ts). A request names its game
// position as the registry's texts (rules, position, moves played from it), so the worker keeps no
// game of its own: each request is answered from scratch by the game's WebAssembly module.

export interface PositionRef {
  rules?: string;
  position?: string; // '' or absent: the start position
  moves?: string[]; // played from `position` first, protocol notation
}

export interface GameStateView {
  position: string;
  to_move: string;
  ply: number;
  legal: string[];
  over: boolean;
  reason: string;
  winner?: string; // '' for a draw
}

export interface EngineMove {
  move: string;
  book: boolean;
  nodes: number;
  depth: number;
  score: number;
  time_ms: number;
}

export type EngineRequest =
  | ({ op: 'state' } & PositionRef)
  | ({ op: 'best_move'; level: number; nodes?: number; seed?: string; fresh?: boolean } & PositionRef)
  | ({ op: 'perft'; depth: number } & PositionRef);

export type EngineReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string };

export interface WorkerStart {
  game: string;
}
