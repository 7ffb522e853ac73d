// Load test: N concurrent games (default 200) making moves over their WebSockets against a
// server on loopback, for a bounded time. Prints move latency percentiles; exits 1 on any error.
//   node web/scripts/loadtest.mjs [--games 200] [--seconds 20] [--think 50] [--mode hotseat|ai]
//                                 [--game togyz] [--url http://127.0.0.1:PORT]
// Without --url it starts its own `oyin serve` (build/oyin) with a fresh database.
import WebSocket from 'ws';
import { startServer } from '../tests/harness.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));
const GAMES = Number(args.games ?? 200);
const SECONDS = Math.min(Number(args.seconds ?? 20), 120);
const THINK = Number(args.think ?? 50);
const MODE = args.mode ?? 'hotseat';
const GAME = args.game ?? 'togyz';

let server = null;
let base = args.url;
if (base) {
  const host = new URL(base).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') {
    console.error('loadtest: loopback only (--url http://127.0.0.1:PORT)');
    process.exit(2);
  }
} else {
  server = await startServer();
  base = server.url;
}
const wsBase = base.replace(/^http/, 'ws');

const latencies = [];
const errors = [];
let moves = 0;
let finishedGames = 0;
let stopping = false;
const deadline = Date.now() + SECONDS * 1000;

async function createGame() {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: GAME, mode: MODE, level: 0, color: 'white' }),
  });
  if (res.status !== 201) throw new Error(`create: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

// One player: plays random legal moves in one game after another until the deadline.
async function player(index) {
  let rng = 0x9e3779b9 ^ (index * 2654435761);
  const random = (n) => {
    rng ^= rng << 13; rng ^= rng >>> 17; rng ^= rng << 5;
    return (rng >>> 0) % n;
  };
  while (!stopping && Date.now() < deadline) {
    const g = await createGame();
    await new Promise((resolve) => {
      const ws = new WebSocket(`${wsBase}/ws/games/${g.id}?token=${g.seat.token}`);
      let pending = null;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        ws.close();
        resolve();
      };
      const maybeMove = (s) => {
        if (pending || s.status !== 'ongoing' || s.thinking) return;
        if (MODE !== 'hotseat' && s.to_move !== g.seat.color) return;
        if (stopping || Date.now() >= deadline) return finish();
        const move = s.legal_moves[random(s.legal_moves.length)];
        setTimeout(() => {
          pending = { ply: s.ply, at: performance.now() };
          ws.send(JSON.stringify({ type: 'move', move }));
        }, THINK ? random(2 * THINK) : 0);
        pending = { ply: s.ply, at: Infinity };
      };
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString());
        if (msg.type === 'error') {
          errors.push(`game ${g.id}: ${msg.status} ${msg.error}`);
          return finish();
        }
        if (msg.type !== 'state') return;
        const s = msg.state;
        if (pending && s.ply > pending.ply && pending.at !== Infinity) {
          latencies.push(performance.now() - pending.at);
          ++moves;
          pending = null;
        }
        if (s.status === 'finished') {
          ++finishedGames;
          return finish();
        }
        maybeMove(s);
      });
      ws.on('error', (e) => {
        errors.push(`game ${g.id}: websocket ${e.message}`);
        finish();
      });
      ws.on('close', () => {
        if (!done && !stopping && Date.now() < deadline) errors.push(`game ${g.id}: closed by the server`);
        finish();
      });
    });
  }
}

const started = performance.now();
const hardStop = setTimeout(() => {
  stopping = true;
  errors.push('hard time limit reached');
}, (SECONDS + 30) * 1000);
await Promise.all(Array.from({ length: GAMES }, (_, i) => player(i).catch((e) => errors.push(e.message))));
clearTimeout(hardStop);
const elapsed = (performance.now() - started) / 1000;
if (server) {
  const { code, stderr } = await server.stop();
  if (code !== 0) errors.push(`the server exited with ${code}: ${stderr.slice(0, 2000)}`);
}

latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
console.log(`loadtest: ${GAMES} concurrent ${GAME} games (${MODE}), ${SECONDS} s, think ${THINK} ms`);
console.log(`moves: ${moves} in ${elapsed.toFixed(1)} s (${(moves / elapsed).toFixed(0)} moves/s), games finished: ${finishedGames}`);
console.log(`move latency ms: p50 ${pct(50).toFixed(2)}  p90 ${pct(90).toFixed(2)}  p99 ${pct(99).toFixed(2)}  max ${pct(100).toFixed(2)}`);
console.log(`errors: ${errors.length}`);
for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
process.exit(errors.length || moves === 0 ? 1 : 0);
