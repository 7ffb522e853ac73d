// Where a new game is played: the one place that decides. A game against the computer that is
// not rated and has no clock is played in the page with the browser's engine (it costs the server
// nothing), unless the server says otherwise (/api/meta "browser_computer_games"); with no
// connection, two players at one device play in the page too. Rated and timed games, and online
// games, are the server's.
import type { Meta } from '../common/api';

let serverSays = true;

// What /api/meta said (app.tsx).
export function noteMeta(meta: Meta) {
  serverSays = meta.browser_computer_games !== false;
}

// The browser can run the engines: Web Workers, WebAssembly and IndexedDB to keep the game in.
export function browserCanPlay(): boolean {
  return typeof Worker !== 'undefined' && typeof WebAssembly === 'object' && typeof indexedDB !== 'undefined';
}

export function playsInBrowser(o: { mode: string; clock: boolean; rated: boolean; online?: boolean }): boolean {
  if (!browserCanPlay() || o.clock || o.rated) return false;
  const online = o.online ?? navigator.onLine;
  if (o.mode === 'ai') return serverSays || !online;
  if (o.mode === 'hotseat') return !online;
  return false;
}
