import { defineConfig } from 'vitest/config';

// The unit tests of the web's pure modules (tests/unit/*.test.ts): clocks, boards, the board
// cache, texts, storage, the reconnecting socket. No browser and no server: `npm run test:unit`,
// and ctest's web_unit. The browser tests are tests/*.test.mjs (node --test, chromium, a server).
export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
