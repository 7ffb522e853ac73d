// A Vite plugin: after the build, writes dist/sw.js from src/pwa/service_worker.ts with the
// build's files as its precache list and a version made of their contents, so that every new
// build is a new worker with new caches (docs/web.md "Offline").
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

function filesUnder(dir, prefix = '') {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

// The large icons are for installing, when the browser fetches them itself: not precached
// (240 KB of the list).
const notPrecached = (f) => f === 'index.html' || /^icons\/.*-512\.png$/.test(f);

// The URLs to precache ("/" is the app shell, index.html) and the version of `files` in `dir`.
export function precacheOf(dir, files) {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update('\0').update(readFileSync(path.join(dir, f))).update('\0');
  const urls = ['/', ...files.filter((f) => !notPrecached(f)).map((f) => `/${f}`)];
  hash.update(urls.join('\n'));
  return { version: hash.digest('hex').slice(0, 16), urls };
}

export function serviceWorker() {
  let root = '';
  let outDir = '';
  return {
    name: 'oyin-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter((f) => f !== 'sw.js');
      const { version, urls } = precacheOf(outDir, files);
      await build({
        entryPoints: [path.join(root, 'src', 'pwa', 'service_worker.ts')],
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2020',
        legalComments: 'none',
        outfile: path.join(outDir, 'sw.js'),
        define: { OYIN_VERSION: JSON.stringify(version), OYIN_PRECACHE: JSON.stringify(urls) },
        logLevel: 'warning',
      });
      console.log(`sw.js: version ${version}, ${urls.length} files precached`);
    },
  };
}
