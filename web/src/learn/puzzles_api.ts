// The puzzle trainer's API (src/server/puzzles_api.h) and what a guest keeps in this browser:
// the puzzle rating per game and the puzzles already played. The rating store is the one seam
// an account will replace (the server keeps an account's rating; a guest's is sent with each
// attempt and the server's answer stored back). Offline, the pack's puzzles (offline_pack.ts):
// unrated, judged by their lines.
import { call, type BoardData, type LegalMove } from '../common/api';
import type { LearnDict } from './learn_texts';
import { storage } from '../common/storage';
import { fillText } from '../common/i18n';
import { type OfflinePack, offlinePack, offlinePuzzles, orOffline } from './offline_pack';

export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
}

export interface PuzzleSummary {
  game: string;
  puzzles: number;
  themes: { theme: string; count: number }[];
  min_rating: number;
  max_rating: number;
}

export interface PuzzleView {
  id: string;
  game: string;
  goal: string;
  moves: number;
  themes: string[];
  rating: number;
  board: BoardData;
  legal: LegalMove[];
  rules_values: Record<string, unknown>;
  offline?: boolean;  // from the offline pack: unrated
}

export interface TryResult {
  // unchecked: offline, a move off the solution's line (it may win too; only the server can tell)
  result: 'illegal' | 'slower' | 'continue' | 'solved' | 'failed' | 'unchecked';
  index: number;
  reason?: string;
  move?: string;
  board?: BoardData;
  reply?: string;
  reply_board?: BoardData;
  legal?: LegalMove[];
  expected?: string;
  wins_in?: number;  // slower: another win, in this many moves (not a fail: try again)
  answer?: { move: string; board: BoardData }[];
  rating?: { before: Rating; after: Rating; change: number; provisional: boolean };
  solved_seal?: string;  // a guest's: the server's seal on this solve
  offline?: boolean;     // judged in this browser by the puzzle's line
}

export const puzzlesApi = {
  summary: () => orOffline(
    () => call<{ games: PuzzleSummary[]; new_learner: Rating }>('GET', '/api/puzzles'),
    (p) => ({ games: offlinePuzzles.summary(p), new_learner: NEW_LEARNER })),
  next: (game: string, rating: number, themes: string[], seen: string[]) => {
    const q = new URLSearchParams({ game, rating: String(Math.round(rating)) });
    if (themes.length) q.set('themes', themes.join(','));
    if (seen.length) q.set('seen', seen.join(','));
    return orOffline(() => call<PuzzleView>('GET', `/api/puzzles/next?${q}`),
      (p) => offlinePuzzles.next(p, game, rating, themes, seen));
  },
  get: (id: string) => orOffline(
    () => call<PuzzleView>('GET', `/api/puzzles/${encodeURIComponent(id)}`), (p) => offlinePuzzles.get(p, id)),
  // A puzzle shown from the offline pack is judged by its line even when the network is back.
  attempt: (id: string, moves: string[], rating: Rating | null, offline = false) => {
    const local = (p: OfflinePack) => offlinePuzzles.attempt(p, id, moves);
    if (offline) return offlinePack().then(local);
    return orOffline(
      () => call<TryResult>('POST', `/api/puzzles/${encodeURIComponent(id)}/try`, rating ? { moves, rating } : { moves }),
      local);
  },
};

// An object kept under `key`, or `fallback` when there is none (or it is broken).
function read<T>(key: string, fallback: T): T {
  const v = storage.object(key);
  return Object.keys(v).length > 0 ? (v as T) : fallback;
}

export const RATING_KEY = 'oyin.puzzles.rating';
// The server's starting point for a learner (GET /api/puzzles new_learner); until it is known.
export const NEW_LEARNER: Rating = { rating: 1000, rd: 350, volatility: 0.06 };

// A guest's puzzle rating per game, kept in this browser.
export const puzzleRatings = {
  get(game: string, start: Rating = NEW_LEARNER): Rating {
    const r = read<Record<string, Rating>>(RATING_KEY, {})[game];
    return r && typeof r.rating === 'number' && typeof r.rd === 'number' && typeof r.volatility === 'number' ? r : start;
  },
  set(game: string, r: Rating) {
    const all = read<Record<string, Rating>>(RATING_KEY, {});
    all[game] = r;
    storage.setJson(RATING_KEY, all);
  },
  reset(game: string) {
    const all = read<Record<string, Rating>>(RATING_KEY, {});
    delete all[game];
    storage.setJson(RATING_KEY, all);
  },
};

export const SEEN_KEY = 'oyin.puzzles.seen';
export const MAX_SEEN = 100;  // the latest ones: the query string stays short

// The puzzles a guest finished (solved or failed), latest last, per game.
export const seenPuzzles = {
  get(game: string): string[] {
    const v = read<Record<string, string[]>>(SEEN_KEY, {})[game];
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  },
  add(game: string, id: string) {
    const all = read<Record<string, string[]>>(SEEN_KEY, {});
    const list = (Array.isArray(all[game]) ? all[game] : []).filter((x) => x !== id);
    list.push(id);
    all[game] = list.slice(-MAX_SEEN);
    storage.setJson(SEEN_KEY, all);
  },
};

export const SOLVED_KEY = 'oyin.puzzles.solved';

// The puzzles a guest solved (a subset of the finished ones), latest last, per game.
export const solvedPuzzles = {
  get(game: string): string[] {
    const v = read<Record<string, string[]>>(SOLVED_KEY, {})[game];
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  },
  add(game: string, id: string) {
    const all = read<Record<string, string[]>>(SOLVED_KEY, {});
    const list = (Array.isArray(all[game]) ? all[game] : []).filter((x) => x !== id);
    list.push(id);
    all[game] = list.slice(-MAX_SEEN);
    storage.setJson(SOLVED_KEY, all);
  },
};

export const SOLVED_SEALS_KEY = 'oyin.puzzles.solved_seals';

// The server's seal on each puzzle a guest solved, per game: an account the guest signs in to
// takes a solved puzzle only with it (server/result_seal.h).
export const solvedSeals = {
  get(game: string): Record<string, string> {
    const v = read<Record<string, Record<string, string>>>(SOLVED_SEALS_KEY, {})[game];
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  },
  add(game: string, id: string, seal: string) {
    const all = read<Record<string, Record<string, string>>>(SOLVED_SEALS_KEY, {});
    const mine = all[game] && typeof all[game] === 'object' ? all[game] : {};
    mine[id] = seal;
    const ids = Object.keys(mine);
    for (const old of ids.slice(0, Math.max(0, ids.length - MAX_SEEN))) delete mine[old];
    all[game] = mine;
    storage.setJson(SOLVED_SEALS_KEY, all);
  },
};

// What a goal short of the game's end asks, in full ("" for the game's own goals).
export function goalNote(lt: LearnDict, goal: string): string {
  if (goal === 'stones') return lt.goalStones;
  if (goal === 'material') return lt.goalMaterial;
  return '';
}

// A theme tag as text: "mate-in-2" -> "Mate in 2", "mate-by-viii" -> "Mate by the VIII".
export function themeText(lt: LearnDict, tag: string): string {
  const dict = lt as Record<string, string>;
  const depth = /^(win|mate|capture|stones|material)-in-(\d+)$/.exec(tag);
  if (depth) {
    const key = {
      win: 'themeWinIn', mate: 'themeMateIn', capture: 'themeCaptureIn', stones: 'themeStonesIn', material: 'themeMaterialIn',
    }[depth[1]]!;
    return depth[2] === '1' ? dict[`${key}1`] : fillText(dict[key], { n: depth[2] });
  }
  if (tag === 'mate-by-toj') return lt.themeMateByToj;
  const by = /^mate-by-(\w+)$/.exec(tag);
  if (by) return fillText(lt.themeMateBy, { piece: by[1].toUpperCase() });
  return dict[`theme:${tag}`] ?? tag;
}
