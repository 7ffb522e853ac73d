// Pictures of each game's move animation for the docs: a real `oyin serve` (build/oyin, web/dist)
// and Debian's chromium through playwright-core, as in the browser tests. For each game it plays
// a hotseat move (a Togyz Kumalak sowing that captures, a Tojmot 4 sliding up the board, a capture
// Go stone taking one) and keeps a few frames of its animation side by side in one small PNG:
// docs/images/animation-<game>.png. The frames are taken at set points of the animation, not of
// the wall clock: the page's timers run on playwright's clock, the slides' and fades' CSS
// animations are paused and set to a fraction of their length.
//
//   node web/scripts/animation_frames.mjs [--out DIR]
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, launchBrowser, startServer } from '../tests/harness.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help')) {
  console.log('usage: node web/scripts/animation_frames.mjs [--out DIR]   (default docs/images)');
  process.exit(0);
}
const outIndex = argv.indexOf('--out');
const OUT = outIndex >= 0 ? path.resolve(argv[outIndex + 1]) : path.join(ROOT, 'docs', 'images');

// Each game: the moves before the one shown, the clicks of the move animated, how to take its
// frames (`steps` of the page's clock in ms, or `fractions` of the CSS animations), and the
// frames' width and columns in the picture (and the part of the board kept, as fractions).
const GAMES = [
  { game: 'togyz', before: [], move: ['[data-pit=w6]'], steps: [0, 750, 1650, 1800], width: 330, columns: 2 },
  { game: 'tojmot', before: [], move: ['[data-cell=L4]', '[data-cell=L12]'], fractions: [0, 0.3, 0.65, 1],
    width: 260, columns: 4 },
  // The corner where the capture happens, the rest of the board left out.
  { game: 'capgo', before: [['[data-point=A2]'], ['[data-point=A1]']], move: ['[data-point=B1]'],
    fractions: [0.05, 0.35, 0.7, 1], width: 220, columns: 4, crop: { x: 0, y: 0.5, w: 0.5, h: 0.5 } },
];

async function startHotseat(page, url, game) {
  await page.goto(url);
  await page.click(`[data-game=${game}]`);
  await page.click('[data-mode=hotseat]');
  await page.click('[data-action=start]');
  await page.waitForSelector('.game-page[data-animating=no]');
}

async function play(page, clicks, ply) {
  for (const c of clicks) await page.click(c);
  await page.waitForSelector(`.game-page[data-anim-ply="${ply}"]`);
}

const boardShot = (page) => page.locator('.game-page svg.board').first().screenshot();

async function framesOf(page, url, g) {
  await page.clock.install();
  await startHotseat(page, url, g.game);
  // The result dialog of a game the move ends (capture Go's first capture) would hide the board.
  await page.addStyleTag({ content: '.modal-backdrop { display: none !important; }' });
  let ply = 0;
  for (const clicks of g.before) {
    await play(page, clicks, ++ply);
    await page.waitForSelector(`.game-page[data-ply="${ply}"][data-animating=no]`);
  }
  // From here the page's timers wait for the script: the animation stays at each frame.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await play(page, g.move, ++ply);
  const frames = [];
  if (g.steps) {
    let at = 0;
    for (const t of g.steps) {
      await page.clock.runFor(t - at);
      at = t;
      frames.push(await boardShot(page));
    }
  } else {
    for (const f of g.fractions) {
      await page.evaluate((fraction) => {
        for (const a of document.getAnimations()) {
          a.pause();
          a.currentTime = fraction * Number(a.effect.getComputedTiming().duration);
        }
      }, f);
      frames.push(await boardShot(page));
    }
  }
  return frames;
}

// The frames scaled to `width` and laid out in `columns`, as a PNG drawn by the browser's canvas.
async function strip(browser, frames, { width, columns, crop = { x: 0, y: 0, w: 1, h: 1 } }) {
  const page = await browser.newPage();
  const urls = frames.map((b) => `data:image/png;base64,${b.toString('base64')}`);
  const png = await page.evaluate(async ({ urls, width, columns, crop }) => {
    const images = await Promise.all(urls.map((u) => new Promise((resolve) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.src = u;
    })));
    const [sw, sh] = [images[0].width * crop.w, images[0].height * crop.h];
    const height = Math.round(width * sh / sw);
    const gap = 6;
    const rows = Math.ceil(images.length / columns);
    const canvas = document.createElement('canvas');
    canvas.width = columns * width + (columns - 1) * gap;
    canvas.height = rows * height + (rows - 1) * gap;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    images.forEach((img, i) => ctx.drawImage(img, img.width * crop.x, img.height * crop.y, sw, sh,
                                             (i % columns) * (width + gap), Math.floor(i / columns) * (height + gap),
                                             width, height));
    // 32 levels a channel instead of 256: the boards' wood and shading compress to a third.
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < data.data.length; ++i) if (i % 4 !== 3) data.data[i] = (data.data[i] & 0xf8) | 0x04;
    ctx.putImageData(data, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1];
  }, { urls, width, columns, crop });
  await page.close();
  return Buffer.from(png, 'base64');
}

const server = await startServer();
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  for (const g of GAMES) {
    // bypassCSP: the script's own style tag (below) is not one of the site's.
    const context = await browser.newContext({ viewport: { width: 1000, height: 760 }, locale: 'en-US', bypassCSP: true });
    const page = await context.newPage();
    const frames = await framesOf(page, server.url, g);
    const file = path.join(OUT, `animation-${g.game}.png`);
    writeFileSync(file, await strip(browser, frames, g));
    console.log(`${path.relative(process.cwd(), file)}: ${frames.length} frames, ${statSync(file).size} bytes`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
