// What the service worker (service_worker.ts) does with each request, as pure functions the unit
// tests reach: the app's own files from the versioned cache, a page load from the network with
// the cached app shell when offline, the learning data offline mode needs from the network with
// the last copy as the fallback, and everything else (sockets, POSTs, accounts, games) untouched.

export type Strategy = 'shell' | 'precached' | 'data' | 'network';

// GET routes the offline app reads (docs/web.md "Offline"): the games, the lessons and their
// answers, the puzzle sets. /api/puzzles/next is not one: offline, the pack's puzzles are picked.
const DATA_ROUTES: RegExp[] = [
  /^\/api\/meta$/,
  /^\/api\/lessons$/,
  /^\/api\/lessons\/[^/]+$/,
  /^\/api\/puzzles$/,
  /^\/api\/puzzles\/(?!next$)[^/]+$/,
  /^\/api\/learn\/offline$/,
];

// Fetched when the worker installs, so that a learner who never opened a lesson has them offline.
export const DATA_PRELOAD = ['/api/meta', '/api/learn/offline', '/api/lessons', '/api/puzzles'];

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
}

// `precached`: the paths of the build's files (the worker's precache list).
export function strategyFor(req: RequestLike, origin: string, precached: ReadonlySet<string>): Strategy {
  if (req.method !== 'GET') return 'network';
  const url = new URL(req.url);
  if (url.origin !== origin) return 'network';
  if (req.mode === 'navigate') return 'shell';
  if (precached.has(url.pathname) && !url.search) return 'precached';
  if (DATA_ROUTES.some((r) => r.test(url.pathname))) return 'data';
  return 'network';
}

// A file a new build may take from an older build's cache instead of the network: Vite puts a
// hash of the contents in the names under /assets/, so the same name is the same file.
export function reusable(path: string): boolean {
  return path.startsWith('/assets/');
}

// One build's caches: its files, and the learning data read while it was the app.
export function cacheNames(version: string) {
  return { shell: `oyin-shell-${version}`, data: `oyin-data-${version}` };
}

// The caches an activating worker deletes: every other build's (not other sites' or tools').
export function staleCaches(names: readonly string[], version: string): string[] {
  const mine = Object.values(cacheNames(version));
  return names.filter((n) => /^oyin-(shell|data)-/.test(n) && !mine.includes(n));
}
