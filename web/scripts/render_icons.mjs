// Renders the app's PNG icons (web/public/icons/) from its two hand-drawn SVGs with Debian's
// chromium, as the browser tests run it. Run after changing an SVG, and commit the PNGs:
//   node web/scripts/render_icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
// [svg, png, size]: the manifest's two sizes, a maskable one (Android's adaptive icons) and
// iOS's home-screen icon, which iOS rounds itself (so the full square).
const icons = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  for (const [svg, png, size] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${readFileSync(path.join(dir, svg)).toString('base64')}`;
    await page.setContent(`<style>*{margin:0}</style><img src="${src}" width="${size}" height="${size}">`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(dir, png), omitBackground: true });
    await page.close();
    console.log(`${png} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
