// The offline app's service worker, built into dist/sw.js by scripts/service_worker_plugin.mjs,
// which fills in the build's version and its files. A new build's worker takes over at once
// (skipWaiting, clients.claim) and deletes the older builds' caches: the next page load runs the
// new code (docs/web.md "Offline").
import { DATA_PRELOAD, cacheNames, reusable, staleCaches, strategyFor } from './sw_routes';

declare const OYIN_VERSION: string;
declare const OYIN_PRECACHE: string[];

// The parts of the service worker's global scope used here (the DOM library has no such types).
interface SwEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface SwFetchEvent extends SwEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface SwScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', f: (e: SwEvent) => void): void;
  addEventListener(type: 'fetch', f: (e: SwFetchEvent) => void): void;
}

const sw = self as unknown as SwScope;
const names = cacheNames(OYIN_VERSION);
const precached = new Set(OYIN_PRECACHE);

// An unchanged hashed file kept by an older build, if any.
async function kept(url: string): Promise<Response | undefined> {
  if (!reusable(url)) return undefined;
  for (const name of await caches.keys())
    if (name.startsWith('oyin-shell-') && name !== names.shell) {
      const r = await (await caches.open(name)).match(url);
      if (r) return r;
    }
  return undefined;
}

async function install() {
  const shell = await caches.open(names.shell);
  // An update fetches only what changed; `reload`: past the HTTP cache, so the shell is this build's.
  const fetched: string[] = [];
  for (const url of OYIN_PRECACHE) {
    const r = await kept(url);
    if (r) await shell.put(url, r);
    else fetched.push(url);
  }
  await shell.addAll(fetched.map((u) => new Request(u, { cache: 'reload' })));
  // The learning data is welcome, not required: a server without it still installs the app.
  const data = await caches.open(names.data);
  await Promise.all(DATA_PRELOAD.map((u) =>
    fetch(u, { cache: 'no-store' }).then((r) => (r.ok ? data.put(u, r) : undefined)).catch(() => undefined)));
  await sw.skipWaiting();
}

async function activate() {
  await Promise.all(staleCaches(await caches.keys(), OYIN_VERSION).map((n) => caches.delete(n)));
  await sw.clients.claim();
}

async function fromCache(cache: string, req: Request | string): Promise<Response> {
  return (await (await caches.open(cache)).match(req)) ?? Response.error();
}

// A page load: the server's page, or offline the cached app shell (the router is in the hash).
async function shell(req: Request): Promise<Response> {
  try {
    return await fetch(req);
  } catch {
    return fromCache(names.shell, '/');
  }
}

async function file(req: Request): Promise<Response> {
  return (await (await caches.open(names.shell)).match(req)) ?? fetch(req);
}

async function data(req: Request): Promise<Response> {
  try {
    const res = await fetch(req);
    if (res.ok) await (await caches.open(names.data)).put(req, res.clone());
    return res;
  } catch {
    return fromCache(names.data, req);
  }
}

sw.addEventListener('install', (e) => e.waitUntil(install()));
sw.addEventListener('activate', (e) => e.waitUntil(activate()));
sw.addEventListener('fetch', (e) => {
  const how = strategyFor(e.request, sw.location.origin, precached);
  if (how === 'network') return;
  e.respondWith(how === 'shell' ? shell(e.request) : how === 'precached' ? file(e.request) : data(e.request));
});
