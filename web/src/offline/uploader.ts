// Sends the finished games of this browser to the signed-in account (POST /api/games/upload), on
// the page's load, when the browser is back online, after a sign-in and when a game ends. A game
// the server keeps is marked uploaded; one it refuses for a reason of its own (an illegal move, a
// result the rules contradict) stays on this device with the reason shown, never dropped; no
// network, no account, a busy server: it stays queued for the next try.
import { ApiError, call } from '../common/api';
import { uploadBody, type LocalGame } from './local_game';
import { localGames } from './local_store';

interface UploadReply {
  id: string;
  stored: boolean;
}

const listeners = new Set<(g: LocalGame) => void>();
let running: Promise<void> | null = null;
let again = false;

// Called with each game whose upload state changed.
export function onUploadChange(f: (g: LocalGame) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

// What became of one try: the game as it is now, and whether to go on with the others.
async function uploadOne(g: LocalGame): Promise<{ game: LocalGame; goOn: boolean }> {
  try {
    const r = await call<UploadReply>('POST', '/api/games/upload', uploadBody(g));
    return { game: { ...g, upload: 'uploaded', serverId: r.id, refusal: undefined }, goOn: true };
  } catch (e) {
    // Not signed in, too many at once, a server without the route, the server's trouble: later.
    // A fetch that failed is the network.
    const later = !(e instanceof ApiError) || [401, 404, 405, 429].includes(e.status) || e.status >= 500;
    if (later) return { game: g, goOn: false };
    return { game: { ...g, upload: 'refused', refusal: { code: e.code, message: e.message, params: e.params } }, goOn: true };
  }
}

async function uploadAll() {
  const queued = (await localGames.all()).filter((g) => g.status === 'finished' && g.upload === 'queued');
  queued.sort((a, b) => a.playedAt.localeCompare(b.playedAt));
  for (const g of queued) {
    const { game, goOn } = await uploadOne(g);
    if (game !== g) {
      await localGames.save(game);
      for (const f of listeners) f(game);
    }
    if (!goOn) break;
  }
}

// Uploads every queued game, one pass at a time (a call during a pass makes one more after it).
export function uploadQueued(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = uploadAll().catch((e) => console.warn(`uploading local games: ${(e as Error).message}`)).finally(() => {
    running = null;
    if (again) {
      again = false;
      void uploadQueued();
    }
  });
  return running;
}

// On the page's load and whenever the browser is back online.
export function startUploads() {
  if (typeof indexedDB === 'undefined') return;
  window.addEventListener('online', () => void uploadQueued());
  void uploadQueued();
}
