// A signed-in learner's progress is the server's (GET/POST /api/learn/progress,
// src/server/learn_progress.h): finished lessons, the puzzle rating per game, finished puzzles.
// This browser keeps a copy of it under the keys a guest's progress lives in, so that the pages
// read one place; `oyin.learn.account` names the account the copy is of. When a guest signs in,
// the guest's progress is first sent and merged into the account (nothing is lost); when the
// learner signs out, the copy goes and the browser is a fresh guest's.
import { ApiError, call } from '../common/api';
import { LESSONS_KEY } from './learn_api';
import { MAX_SEEN, RATING_KEY, SEEN_KEY, SOLVED_KEY, SOLVED_SEALS_KEY, type Rating } from './puzzles_api';
import { storage } from '../common/storage';

const OWNER_KEY = 'oyin.learn.account';

export interface GameProgress {
  rating: Rating | null;
  attempts: number;
  provisional: boolean;
  seen: string[];
  solved: string[];
}

export interface AccountProgress {
  lessons: Record<string, string>;
  puzzles: Record<string, GameProgress>;
}

export const learnProgressApi = {
  get: () => call<AccountProgress>('GET', '/api/learn/progress'),
  merge: (browser: unknown) => call<AccountProgress>('POST', '/api/learn/progress', browser),
};

// Whose copy this browser holds: an account id, or null for a guest's own progress.
export function progressOwner(): string | null {
  return storage.text(OWNER_KEY);
}

function readObject(key: string): Record<string, unknown> {
  return storage.object(key);
}

// A guest's progress in the shape the server merges.
function guestProgress() {
  const ratings = readObject(RATING_KEY);
  const seen = readObject(SEEN_KEY);
  const solved = readObject(SOLVED_KEY);
  const seals = readObject(SOLVED_SEALS_KEY);
  const list = (v: unknown) => (Array.isArray(v) ? v as unknown[] : []);
  const object = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
  // The rating carries the server's seal, and each solved puzzle has its own: the server takes
  // what it sealed only.
  const puzzles: Record<string, { rating?: unknown; seen: unknown[]; solved: unknown[]; solved_seals: unknown }> = {};
  for (const game of new Set([...Object.keys(ratings), ...Object.keys(seen), ...Object.keys(solved)])) {
    puzzles[game] = { seen: list(seen[game]), solved: list(solved[game]), solved_seals: object(seals[game]) };
    if (ratings[game]) puzzles[game].rating = ratings[game];
  }
  return { lessons: readObject(LESSONS_KEY), puzzles };
}

function keep(p: AccountProgress, owner: string) {
  const ratings: Record<string, Rating> = {};
  const seen: Record<string, string[]> = {};
  const solved: Record<string, string[]> = {};
  for (const [game, g] of Object.entries(p.puzzles)) {
    if (g.rating) ratings[game] = g.rating;
    seen[game] = g.seen.slice(-MAX_SEEN);
    solved[game] = g.solved.slice(-MAX_SEEN);
  }
  storage.setJson(LESSONS_KEY, p.lessons);
  storage.setJson(RATING_KEY, ratings);
  storage.setJson(SEEN_KEY, seen);
  storage.setJson(SOLVED_KEY, solved);
  storage.setText(OWNER_KEY, owner);
}

function forget() {
  for (const k of [LESSONS_KEY, RATING_KEY, SEEN_KEY, SOLVED_KEY, SOLVED_SEALS_KEY, OWNER_KEY]) storage.remove(k);
}

// A rating the server cannot go on from (bad_rating) is left behind rather than the rest.
async function mergeGuest(): Promise<AccountProgress> {
  const mine = guestProgress();
  try {
    return await learnProgressApi.merge(mine);
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== 'bad_rating') throw e;
    for (const g of Object.values(mine.puzzles)) delete g.rating;
    return learnProgressApi.merge(mine);
  }
}

// Brings this browser's copy in line with who is signed in (null: a guest); true when it changed.
export async function syncProgress(account: { id: number | string } | null): Promise<boolean> {
  const owner = progressOwner();
  if (!account) {
    if (owner === null) return false;  // a guest's own progress stays
    forget();
    return true;
  }
  const id = String(account.id);
  // A guest's progress joins the account; another account's copy (its session ended) does not.
  const p = owner === null ? await mergeGuest() : await learnProgressApi.get();
  if (owner !== null && owner !== id) forget();
  keep(p, id);
  return true;
}
