// The server's JSON API and WebSocket channels.
export interface GameView {
  id: string;
  game: string;
  title: string;
  rules: string;
  mode: 'ai' | 'hotseat' | 'online' | 'review';
  level: number;
  sides: [string, string];
  start_position: string;
  position: string;
  previous_position: string | null;  // the position before the last ply (null at ply 0)
  moves: string[];
  ply: number;
  version: number;
  status: 'ongoing' | 'finished';
  result: string;
  reason: string;
  to_move: string;
  legal_moves: string[];
  computer: string | null;
  thinking: boolean;
  draw_offer: string | null;
  you?: string;
  draw_declined?: boolean;
}

// GET /api/games/{id}/positions?from=&to=: the positions after plies from..to.
export interface PositionRange {
  id: string;
  from: number;
  to: number;
  ply: number;
  version: number;
  positions: string[];
}

export interface MetaGame {
  name: string;
  title: string;
  sides: [string, string];
  record_format: string;
  engine: string;
}

export interface ListedGame {
  id: string;
  game: string;
  title: string;
  mode: string;
  level: number;
  computer: string | null;
  result: string;
  reason: string;
  moves: number;
  created_at: string;
  updated_at: string;
}

export class ApiError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new ApiError(res.status, data.error ?? res.statusText);
  return data as T;
}

export const api = {
  meta: () => call<{ games: MetaGame[] }>('GET', '/api/meta'),
  create: (req: Record<string, unknown>) =>
    call<{ id: string; seat: { token: string; color: string }; invite?: string; state: GameView }>('POST', '/api/games', req),
  get: (id: string, token?: string) =>
    call<GameView>('GET', `/api/games/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`),
  move: (id: string, move: string, token: string) => call<GameView>('POST', `/api/games/${id}/moves`, { move, token }),
  action: (id: string, action: 'resign' | 'undo' | 'draw', token: string) =>
    call<GameView>('POST', `/api/games/${id}/${action}`, { token }),
  list: (offset: number, limit: number) =>
    call<{ games: ListedGame[]; total: number }>('GET', `/api/games?offset=${offset}&limit=${limit}`),
  import: (game: string, record: string) => call<{ id: string }>('POST', '/api/import', { game, record }),
  positions: (id: string, from: number, to: number) =>
    call<PositionRange>('GET', `/api/games/${encodeURIComponent(id)}/positions?from=${from}&to=${to}`),
  recordUrl: (id: string) => `/api/games/${id}/record`,
};

const POSITIONS_PAGE = 500;  // the server's limit per request

// The positions of one game by ply. A state carries only the start, the current and the previous
// position; the others are fetched a page at a time when they are shown, and kept.
export class PositionCache {
  private known = new Map<number, string>();
  private moves: string[] = [];
  private generation = 0;  // bumped when moves are taken back: positions past them are stale
  private loads = new Map<string, Promise<void>>();
  constructor(readonly id: string, private onChange: () => void) {}

  // Takes in an accepted state: keeps its positions, drops those after a move that changed (undo).
  update(v: GameView) {
    let same = 0;
    while (same < this.moves.length && same < v.moves.length && this.moves[same] === v.moves[same]) ++same;
    if (same < this.moves.length) {
      ++this.generation;
      for (const k of [...this.known.keys()]) if (k > same) this.known.delete(k);
    }
    this.moves = v.moves.slice();
    this.known.set(0, v.start_position);
    this.known.set(v.ply, v.position);
    if (v.ply > 0 && v.previous_position !== null) this.known.set(v.ply - 1, v.previous_position);
  }

  get(ply: number): string | undefined {
    return this.known.get(ply);
  }

  // Fetches what is missing of plies from..to (which must not pass the game's ply).
  async ensure(from: number, to: number): Promise<void> {
    from = Math.max(0, from);
    for (let p = Math.floor(from / POSITIONS_PAGE); p <= Math.floor(to / POSITIONS_PAGE); ++p) {
      const lo = Math.max(from, p * POSITIONS_PAGE);
      const hi = Math.min(to, p * POSITIONS_PAGE + POSITIONS_PAGE - 1);
      let missing = false;
      for (let i = lo; i <= hi && !missing; ++i) missing = !this.known.has(i);
      if (missing) await this.loadPage(p, hi);
    }
  }

  private loadPage(page: number, to: number): Promise<void> {
    const gen = this.generation;
    const from = page * POSITIONS_PAGE;
    const key = `${gen}:${page}:${to}`;
    let pending = this.loads.get(key);
    if (!pending) {
      pending = api.positions(this.id, from, to).then((r) => {
        if (gen !== this.generation) return;  // moves were taken back meanwhile
        r.positions.forEach((pos, k) => this.known.set(r.from + k, pos));
        this.onChange();
      }).finally(() => this.loads.delete(key));
      this.loads.set(key, pending);
    }
    return pending;
  }
}

// Seat tokens live in this browser only; a reload finds them again.
export const seats = {
  get: (id: string) => localStorage.getItem(`oyin.seat.${id}`) ?? '',
  set: (id: string, token: string) => localStorage.setItem(`oyin.seat.${id}`, token),
};

function wsUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

// Follows one game: every state push, reconnecting after a drop.
export function watchGame(id: string, token: string, onState: (s: GameView, fresh: boolean) => void,
                          onConnection: (up: boolean) => void): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let delay = 250;
  const open = () => {
    ws = new WebSocket(wsUrl(`/ws/games/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`));
    let first = true;
    ws.onopen = () => {
      delay = 250;
      onConnection(true);
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === 'state') {
        onState(msg.state as GameView, first);
        first = false;
      }
    };
    ws.onclose = () => {
      if (closed) return;
      onConnection(false);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  open();
  return () => {
    closed = true;
    ws?.close();
  };
}

export interface AnalysisLine {
  id: string | number;
  done?: boolean;
  score: number;
  score_first: number;
  mate?: number;
  depth: number;
  pv: string[];
  bestmove?: string;
  engine?: string;
  error?: string;
}

// The analysis channel: requests go out with ids, lines come back tagged with them.
export class AnalysisChannel {
  private ws: WebSocket;
  private ready: Promise<void>;
  private handlers = new Map<string, (l: AnalysisLine) => void>();
  constructor() {
    this.ws = new WebSocket(wsUrl('/ws/analysis'));
    this.ready = new Promise((resolve) => (this.ws.onopen = () => resolve()));
    this.ws.onmessage = (ev) => {
      const line = JSON.parse(ev.data) as AnalysisLine;
      this.handlers.get(String(line.id))?.(line);
    };
  }
  async analyse(req: { id: string; game: string; rules: string; position: string; movetime: number },
                onLine: (l: AnalysisLine) => void): Promise<AnalysisLine> {
    await this.ready;
    return new Promise((resolve) => {
      this.handlers.set(req.id, (l) => {
        onLine(l);
        if (l.done || l.error) {
          this.handlers.delete(req.id);
          resolve(l);
        }
      });
      this.ws.send(JSON.stringify(req));
    });
  }
  close() {
    this.ws.close();
  }
}
