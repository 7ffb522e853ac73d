// The boards of a game played in the page, by ply: the current one from each state, a past one
// from the browser's rules (the engine worker replays the moves up to it) when it is first shown.
import type { BoardData, GameView } from '../common/api';
import type { BoardSource } from '../play/board_cache';
import type { BrowserEngine } from '../engine/browser_engine';

export class LocalBoards implements BoardSource {
  private boards = new Map<number, BoardData>();
  private loading = new Set<number>();
  private moves: string[] = [];
  private rules = '';

  constructor(private engine: () => Promise<BrowserEngine>, private onLoaded: () => void) {}

  // The game's moves as played (protocol notation): boards past the first that differs go.
  follow(rules: string, moves: string[]) {
    let same = 0;
    while (same < Math.min(moves.length, this.moves.length) && moves[same] === this.moves[same]) ++same;
    for (const k of [...this.boards.keys()]) if (k > same) this.boards.delete(k);
    this.moves = moves;
    this.rules = rules;
  }

  update(view: GameView) {
    this.boards.set(view.ply, view.board);
  }

  get(ply: number): BoardData | undefined {
    return this.boards.get(ply);
  }

  load(ply: number) {
    if (this.boards.has(ply) || this.loading.has(ply) || ply > this.moves.length) return;
    this.loading.add(ply);
    const moves = this.moves.slice(0, ply);
    this.engine().then((e) => e.state({ rules: this.rules, moves })).then((st) => {
      this.loading.delete(ply);
      if (this.moves.slice(0, ply).join(' ') !== moves.join(' ') || !st.board) return;
      this.boards.set(ply, st.board as BoardData);
      this.onLoaded();
    }).catch(() => this.loading.delete(ply));
  }
}
