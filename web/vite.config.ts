import { defineConfig } from 'vite';
import { serviceWorker } from './scripts/service_worker_plugin.mjs';

// The server (oyin serve) serves web/dist; `npm run dev` proxies the API to a running server.
export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  // dist/sw.js, the offline app's service worker, written after the build (docs/web.md).
  plugins: [serviceWorker()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  // The engine worker loads its game's WebAssembly module with a dynamic import (src/engine/).
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
