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
  // What the game page draws, as the server's state gives it (src/wasm/engine_api.cpp).
  result?: string; // "1-0", "0-1", "1/2-1/2", "*"
  code?: string; // the end's code (core/outcome.h), '' while the game goes on
  args?: [number, number];
  board?: Record<string, unknown>;
  legal_data?: { move: string; [field: string]: unknown }[];
  rules?: string;
  rules_values?: Record<string, unknown>;
  start_position?: string;
  history?: string[]; // the moves as the game records them
}

export interface EngineMove {
  move: string;
  book: boolean;
  nodes: number;
  depth: number;
  score: number; // from the side to move's view
  time_ms: number;
  pv?: string[]; // the line the search expects, protocol notation
  mate_in?: number; // a proved result, as UCI counts it (the sign says who wins)
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
