// Boards of a game's past plies, fetched lazily by range (GET /api/games/{id}/boards) and kept
// per game. The state carries only the current board; a huge game is never fetched whole.
import { api, type BoardData, type GameView } from '../common/api';
import { Backoff } from '../common/backoff';

// Boards per request: one request covers a stretch of navigation with the arrow keys.
export const CHUNK = 100;

// Where the page finds the board of any ply: the server's (BoardCache), or the page's own for a
// game played in the browser (offline/local_boards.ts).
export interface BoardSource {
  update(view: GameView): void;
  get(ply: number): BoardData | undefined;
  load(ply: number): void;
}

export class BoardCache implements BoardSource {
  private boards = new Map<number, BoardData>();
  private loading = new Set<number>();  // chunk starts being fetched
  private moves: string[] = [];         // the history the cached boards belong to
  private generation = 0;               // bumped whenever cached boards are dropped
  private retry = new Backoff();

  constructor(private id: string, private onLoaded: () => void) {}

  // Follows the game: a board after ply k depends only on the first k moves, so boards past the
  // first move that differs from the history seen so far (an undo, a replaced move) are dropped.
  update(view: GameView) {
    const prev = this.moves;
    const next = view.moves;
    let same = 0;
    const n = Math.min(prev.length, next.length);
    while (same < n && prev[same] === next[same]) ++same;
    if (same < prev.length) {
      for (const k of [...this.boards.keys()]) if (k > same) this.boards.delete(k);
      ++this.generation;
    }
    this.moves = next;
    this.boards.set(view.ply, view.board);
  }

  get(ply: number): BoardData | undefined {
    return this.boards.get(ply);
  }

  // Fetches the chunk holding `ply` (once); onLoaded runs when its boards are in.
  load(ply: number) {
    const from = Math.floor(ply / CHUNK) * CHUNK;
    if (this.boards.has(ply) || this.loading.has(from)) return;
    this.loading.add(from);
    const generation = this.generation;
    api.boards(this.id, from, from + CHUNK - 1).then((r) => {
      this.loading.delete(from);
      if (generation !== this.generation) return this.load(ply);  // the history changed meanwhile
      r.boards.forEach((b, i) => {
        if (r.from + i <= this.moves.length && !this.boards.has(r.from + i)) this.boards.set(r.from + i, b);
      });
      this.onLoaded();
      this.retry.reset();
    }).catch((e) => {
      // A dropped connection or a busy server: asked again, less and less often.
      console.warn(`boards ${from}..${from + CHUNK - 1}: ${(e as Error).message}`);
      this.loading.delete(from);
      setTimeout(() => this.load(ply), this.retry.next());
    });
  }

  // Test hook: how many boards are held (a huge game must not hold them all).
  get size() {
    return this.boards.size;
  }
}
