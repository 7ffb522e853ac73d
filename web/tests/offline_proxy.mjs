// A proxy in front of the test's server that the browser tests of the offline app can cut: with
// the browser context set offline too, "offline" is real (no request reaches the server), and
// the proxy lists what it passed and what it refused.
import http from 'node:http';
import net from 'node:net';
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startServer } from './harness.mjs';

// For a test file: harness.mjs's server (with `args`) and browser, and this proxy in front of the
// server, handed to `set(server, browser, proxy)` before its tests; all stopped after them.
export function serverProxyAndBrowser(args, set) {
  let server;
  let browser;
  let proxy;
  before(async () => {
    server = await startServer(args);
    proxy = await startProxy(server.port);
    browser = await launchBrowser();
    set(server, browser, proxy);
  });
  after(async () => {
    await browser?.close();
    proxy?.close();
    const stopped = await server?.stop();
    assert.equal(stopped?.code, 0, `the server did not stop cleanly: ${stopped?.stderr}`);
  });
}

// A proxy to the server that refuses everything while `offline` (and lists what it refused).
export function startProxy(port) {
  const state = { offline: false, refused: [], passed: [], target: port };
  const srv = http.createServer((req, res) => {
    if (!state.offline) state.passed.push(req.url);
    if (state.offline) {
      state.refused.push(req.url);
      return req.socket.destroy();
    }
    const up = http.request({ host: '127.0.0.1', port: state.target, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  srv.on('upgrade', (req, socket, head) => {
    if (state.offline) return socket.destroy();
    const up = net.connect(state.target, '127.0.0.1', () => {
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      up.write(head);
      up.pipe(socket).pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () =>
    resolve({ state, url: `http://127.0.0.1:${srv.address().port}`, close: () => { srv.closeAllConnections(); srv.close(); } })));
}
