// The offline app's service worker, its pure parts (src/pwa/sw_routes.ts): which requests it
// answers and how, and which caches a new build deletes. The build's precache list and version:
// tests/service_worker_build.test.mjs.
import { describe, expect, test } from 'vitest';
import { cacheNames, reusable, staleCaches, strategyFor } from '../../src/pwa/sw_routes';

const ORIGIN = 'https://oyin.example';
const files = new Set(['/', '/assets/index-abc.js', '/icons/icon-192.png']);
const how = (url: string, method = 'GET', mode = 'cors') => strategyFor({ method, url: ORIGIN + url, mode }, ORIGIN, files);

describe('strategyFor', () => {
  test('a page load is the app shell, whatever its path', () => {
    expect(strategyFor({ method: 'GET', url: `${ORIGIN}/`, mode: 'navigate' }, ORIGIN, files)).toBe('shell');
    expect(strategyFor({ method: 'GET', url: `${ORIGIN}/anything?x=1`, mode: 'navigate' }, ORIGIN, files)).toBe('shell');
  });
  test("the build's files come from the cache", () => {
    expect(how('/assets/index-abc.js')).toBe('precached');
    expect(how('/icons/icon-192.png')).toBe('precached');
    expect(how('/assets/index-abc.js?v=2')).toBe('network');
    expect(how('/assets/other-def.js')).toBe('network');
  });
  test('the learning data is network-first, with the cached copy offline', () => {
    for (const url of ['/api/meta', '/api/lessons', '/api/lessons?game=togyz', '/api/lessons/togyz-sowing', '/api/puzzles',
      '/api/puzzles/tojmot-1-0001', '/api/learn/offline'])
      expect(how(url), url).toBe('data');
  });
  test('everything else goes to the network untouched', () => {
    for (const url of ['/api/puzzles/next?game=togyz&rating=1000', '/api/lessons/x/steps/1/try', '/api/account',
      '/api/games/abc', '/api/learn/progress', '/ws/game/abc', '/sw.js'])
      expect(how(url), url).toBe('network');
    expect(how('/api/lessons/x/steps/1/try', 'POST')).toBe('network');
    expect(how('/api/meta', 'POST')).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'https://elsewhere.example/api/meta', mode: 'cors' }, ORIGIN, files)).toBe('network');
  });
});

describe('caches', () => {
  test("a build's caches are named by its version", () => {
    expect(cacheNames('v2')).toEqual({ shell: 'oyin-shell-v2', data: 'oyin-data-v2' });
  });
  test("an update takes only the hashed files from an older build's cache", () => {
    expect(reusable('/assets/index-CHGzy2y0.js')).toBe(true);
    expect(reusable('/assets/oyin_engine_capgo-ByyB9UWR.wasm')).toBe(true);
    for (const path of ['/', '/manifest.webmanifest', '/icons/icon-192.png', '/api/meta']) expect(reusable(path), path).toBe(false);
  });
  test("activating deletes the other builds' caches only", () => {
    expect(staleCaches(['oyin-shell-v1', 'oyin-data-v1', 'oyin-shell-v2', 'oyin-data-v2', 'other-tool', 'oyin-settings'], 'v2'))
      .toEqual(['oyin-shell-v1', 'oyin-data-v1']);
    expect(staleCaches(['oyin-shell-v2', 'oyin-data-v2'], 'v2')).toEqual([]);
  });
});
