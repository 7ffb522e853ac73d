// Starts a real `oyin serve` on a free loopback port with a fresh database, and Debian's
// chromium through playwright-core (never a downloaded browser).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = process.env.OYIN_ARTIFACTS ?? path.join(ROOT, 'build', 'test-artifacts');

// `args`: more `oyin serve` options (the load test passes --workers and the like).
export async function startServer(args = []) {
  const bin = process.env.OYIN_BINARY ?? path.join(ROOT, 'build', 'oyin');
  const dir = mkdtempSync(path.join(tmpdir(), 'oyin-web-'));
  // The database lives as long as the test file (a test may restart a server on it).
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const web = process.env.OYIN_WEB_DIST ?? path.join(ROOT, 'web', 'dist');
  // The suites written before games against the computer could be played in the page play them
  // on the server, as they test it; a test of local games asks for them (--browser-computer-games true).
  const local = args.some((a) => a.startsWith('--browser-computer-games')) ? [] : ['--browser-computer-games', 'false'];
  const proc = spawn(bin, ['serve', '--port', '0', '--db', path.join(dir, 'oyin.sqlite'), '--web', web, ...local, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => (err += d));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`oyin serve did not start: ${out} ${err}`)), 10000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.on('exit', (code) => reject(new Error(`oyin serve exited with ${code}: ${err}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db: path.join(dir, 'oyin.sqlite'),
    pid: proc.pid,
    // SIGTERM; resolves with the exit code (0 for a clean stop) and what the server wrote to stderr.
    stop: () => new Promise((resolve) => {
      proc.on('exit', (code) => resolve({ code, stderr: err }));
      proc.kill('SIGTERM');
    }),
  };
}

// For a test file: a server (with `args`) and a browser started before its tests and handed to
// `set(server, browser)`, both stopped after them; the server must stop cleanly.
export function serverAndBrowser(args, set) {
  let server;
  let browser;
  before(async () => {
    server = await startServer(args);
    browser = await launchBrowser();
    set(server, browser);
  });
  after(async () => {
    await browser?.close();
    const stopped = await server?.stop();
    assert.equal(stopped?.code, 0, `the server did not stop cleanly: ${stopped?.stderr}`);
  });
}

export async function launchBrowser() {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

// A page in a new browser context (its own cookies and storage), desktop-sized and in English
// unless `options` say otherwise; `page.errors` collects the page's uncaught errors.
export async function openPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US', ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // Every URL the page asked for (requests and WebSockets): no seat token may be among them.
  page.urls = [];
  page.on('request', (r) => page.urls.push(r.url()));
  page.on('websocket', (ws) => page.urls.push(ws.url()));
  return page;
}
