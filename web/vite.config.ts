import { defineConfig } from 'vite';

// The server (oyin serve) serves web/dist; `npm run dev` proxies the API to a running server.
export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
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
