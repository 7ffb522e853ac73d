// Load test: N concurrent games making moves over their WebSockets against a server on
// loopback, for a bounded time. Prints move latency percentiles (and, for a server it started,
// its resident memory); exits 1 on any error. `--help` prints the options.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

const USAGE = `usage: node web/scripts/loadtest.mjs [options]
  --games N        concurrent games (default 200)
  --seconds S      how long to play, at most 120 (default 20)
  --think MS       mean wait before each move, drawn from 0..2*MS (default 50)
  --mode M         hotseat or ai (default hotseat; ai: the computer at --level answers)
  --level L        the computer's level in ai mode, 0..10 (default 0)
  --game G         a game registered on the server (default togyz)
  --moves M        moves per game before the player starts a new one (default: to the end)
  --max-games N    stop after N games in all (default: no limit)
  --url URL[,URL]  servers already running on loopback (default: start build/oyin serve
                   with a fresh database); with several (instances on one PostgreSQL
                   database) player i plays on the i-th one, round robin
  --serve "ARGS"   more options for the server it starts, e.g. "--workers 2 --hash 16"
  --help           this text`;

const OPTIONS = new Set(['games', 'seconds', 'think', 'mode', 'level', 'game', 'moves', 'max-games', 'url', 'serve']);
const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const args = {};
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  if (!argv[i].startsWith('--') || !OPTIONS.has(key)) {
    console.error(`loadtest: unknown option ${argv[i]} (--help lists them)`);
    process.exit(2);
  }
  if (i + 1 >= argv.length) {
    console.error(`loadtest: ${argv[i]} needs a value`);
    process.exit(2);
  }
  args[key] = argv[i + 1];
}
const number = (key, fallback, lo, hi) => {
  const v = Number(args[key] ?? fallback);
  if (!Number.isInteger(v) || v < lo || v > hi) {
    console.error(`loadtest: --${key} must be an integer ${lo}..${hi} (got ${args[key]})`);
    process.exit(2);
  }
  return v;
};
const GAMES = number('games', 200, 1, 100000);
const SECONDS = number('seconds', 20, 1, 120);
const THINK = number('think', 50, 0, 600000);
const LEVEL = number('level', 0, 0, 10);
const MOVES = number('moves', 0, 0, 1000000);
const MAX_GAMES = number('max-games', 0, 0, 100000000);
const MODE = args.mode ?? 'hotseat';
const GAME = args.game ?? 'togyz';
if (MODE !== 'hotseat' && MODE !== 'ai') {
  console.error(`loadtest: --mode must be hotseat or ai (got ${MODE})`);
  process.exit(2);
}

let server = null;
let bases = args.url ? args.url.split(',') : [];
if (bases.length) {
  for (const b of bases) {
    let host = '';
    try { host = new URL(b).hostname; } catch { /* reported below */ }
    if (host !== '127.0.0.1' && host !== 'localhost') {
      console.error('loadtest: loopback only (--url http://127.0.0.1:PORT[,http://127.0.0.1:PORT2])');
      process.exit(2);
    }
  }
} else {
  const { startServer } = await import('../tests/harness.mjs');  // loads playwright-core: only here
  server = await startServer(args.serve ? args.serve.split(/\s+/).filter(Boolean) : []);
  bases = [server.url];
}
const baseOf = (index) => bases[index % bases.length];

const latencies = [];
const errors = [];
let moves = 0;
let finishedGames = 0;
let startedGames = 0;
let stopping = false;
const deadline = Date.now() + SECONDS * 1000;

async function createGame(base) {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: GAME, mode: MODE, level: LEVEL, color: 'white' }),
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
  while (!stopping && Date.now() < deadline && !(MAX_GAMES && startedGames >= MAX_GAMES)) {
    ++startedGames;
    const g = await createGame(baseOf(index));
    let played = 0;
    await new Promise((resolve) => {
      const ws = new WebSocket(`${baseOf(index).replace(/^http/, 'ws')}/ws/games/${g.id}?token=${g.seat.token}`);
      let pending = null;
      let done = false;
      // At the deadline stop waiting too (in ai mode the computer's reply may still be queued).
      const timer = setTimeout(() => finish(), Math.max(0, deadline - Date.now()));
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        ws.close();
        resolve();
      };
      const maybeMove = (s) => {
        if (pending || s.status !== 'ongoing' || s.thinking) return;
        if (MODE !== 'hotseat' && s.to_move !== g.seat.color) return;
        if (stopping || Date.now() >= deadline) return finish();
        const move = s.legal[random(s.legal.length)].move;
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
          ++played;
          pending = null;
        }
        if (MOVES && played >= MOVES) return finish();
        if (s.status === 'finished') {
          ++finishedGames;
          return finish();
        }
        maybeMove(s);
      });
      ws.on('error', (e) => {
        if (!done) errors.push(`game ${g.id}: websocket ${e.message}`);  // not our own close at the deadline
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
// The server's memory, read before it stops: now (VmRSS) and at its peak (VmHWM).
let memory = '';
if (server) {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    memory = `server resident memory: ${(kb('VmRSS') / 1024).toFixed(0)} MB (peak ${(kb('VmHWM') / 1024).toFixed(0)} MB)`;
  } catch {
    memory = '';
  }
}
if (server) {
  const { code, stderr } = await server.stop();
  if (code !== 0) errors.push(`the server exited with ${code}: ${stderr.slice(0, 2000)}`);
}

latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
console.log(`loadtest: ${GAMES} concurrent ${GAME} games (${MODE}${MODE === 'ai' ? `, level ${LEVEL}` : ''}), ${SECONDS} s, think ${THINK} ms` +
  `${MOVES ? `, ${MOVES} moves a game` : ''}${MAX_GAMES ? `, ${MAX_GAMES} games in all` : ''}`);
console.log(`moves: ${moves} in ${elapsed.toFixed(1)} s (${(moves / elapsed).toFixed(0)} moves/s), games started: ${startedGames}, finished: ${finishedGames}`);
console.log(`move latency ms: p50 ${pct(50).toFixed(2)}  p90 ${pct(90).toFixed(2)}  p99 ${pct(99).toFixed(2)}  max ${pct(100).toFixed(2)}`);
if (memory) console.log(memory);
console.log(`errors: ${errors.length}`);
for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
process.exit(errors.length || moves === 0 ? 1 : 0);
