// Load test: N concurrent games making moves over their WebSockets against a server on
// loopback, for a bounded time. Prints move latency percentiles (and, for a server it started,
// its resident memory); exits 1 on any error. `--help` prints the options.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { pool, signUp } from './load_accounts.mjs';

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
  --accounts       timed, rated games between two signed-up accounts each: both sign up,
                   one posts a seek and the other accepts it in the lobby, each moves on its
                   own socket; at the end one resigns and the rating change is checked
  --clock I+S      the clock of --accounts games, initial seconds + increment (default 300+5)
  --tournament     --games players (signed up) in one arena: each is taken to its games by the
                   tournament's socket and paired again when a game ends; reports the move
                   latency and the wait for the next game (--moves: resign after that many)
  --help           this text`;

const OPTIONS = new Set(['games', 'seconds', 'think', 'mode', 'level', 'game', 'moves', 'max-games', 'url', 'serve', 'clock']);
const FLAGS = new Set(['accounts', 'tournament']);
const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const args = {};
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  if (argv[i].startsWith('--') && FLAGS.has(key)) {
    args[key] = true;
    --i;
    continue;
  }
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
const ACCOUNTS = args.accounts === true;
const clockMatch = /^(\d{1,5})\+(\d{1,3})$/.exec(args.clock ?? '300+5');
if (!clockMatch || Number(clockMatch[1]) < 1) {
  console.error(`loadtest: --clock must be INITIAL+INCREMENT in seconds, e.g. 300+5 (got ${args.clock})`);
  process.exit(2);
}
const CLOCK = { initial_s: Number(clockMatch[1]), increment_s: Number(clockMatch[2]) };
if (ACCOUNTS && (args.mode || args.level || args.moves || args['max-games'])) {
  console.error('loadtest: --accounts plays one timed game per pair of players: --mode, --level, --moves and --max-games do not apply');
  process.exit(2);
}
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
  // Every player is on 127.0.0.1: lift the per-address connection cap (64) and the limit on new
  // games (30 a minute per client) for them.
  const cap = ['--max-connections-per-address', String(4 * GAMES + 64), '--max-games-per-minute', '0'];
  server = await startServer([...cap, ...(args.serve ? args.serve.split(/\s+/).filter(Boolean) : [])]);
  bases = [server.url];
}
const baseOf = (index) => bases[index % bases.length];

const latencies = [];
const errors = [];
let moves = 0;
let finishedGames = 0;
let startedGames = 0;
let stopping = false;
let deadline = Date.now() + SECONDS * 1000;

async function createGame(base) {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: GAME, mode: MODE, level: LEVEL, color: 'white' }),
  });
  if (res.status !== 201) throw new Error(`create: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

// A player's own random numbers (xorshift, seeded by its index): random(n) is in 0..n-1.
function seededRandom(index) {
  let rng = 0x9e3779b9 ^ (index * 2654435761);
  return (n) => {
    rng ^= rng << 13; rng ^= rng >>> 17; rng ^= rng << 5;
    return (rng >>> 0) % n;
  };
}

// One player's socket in one game: a random legal move after its think time whenever it is
// `color`'s turn (any turn for null: hotseat) and no computer is thinking, until the game ends,
// `maxMoves` of its moves are made (0: no limit) or the deadline; resolves with the last state.
function playOn(base, gameId, token, { color = null, cookie = null, random, maxMoves = 0 }) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/games/${gameId}?token=${token}`,
      cookie ? { headers: { Cookie: cookie } } : {});
    const who = `game ${gameId}${color ? ` (${color})` : ''}`;
    let pending = null;
    let last = null;
    let played = 0;
    let done = false;
    // At the deadline stop waiting too (in ai mode the computer's reply may still be queued).
    const timer = setTimeout(() => finish(), Math.max(0, deadline - Date.now()));
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ws.close();
      resolve(last);
    };
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'error') {
        errors.push(`${who}: ${msg.status} ${msg.error}`);
        return finish();
      }
      if (msg.type !== 'state') return;
      const s = (last = msg.state);
      if (pending && s.ply > pending.ply && pending.at !== Infinity) {
        latencies.push(performance.now() - pending.at);
        ++moves;
        ++played;
        pending = null;
      }
      if ((maxMoves && played >= maxMoves) || s.status === 'finished') return finish();
      if (pending || s.status !== 'ongoing' || s.thinking || (color && s.to_move !== color)) return;
      if (stopping || Date.now() >= deadline) return finish();
      const move = s.legal[random(s.legal.length)].move;
      pending = { ply: s.ply, at: Infinity };
      setTimeout(() => {
        pending = { ply: s.ply, at: performance.now() };
        ws.send(JSON.stringify({ type: 'move', move }));
      }, THINK ? random(2 * THINK) : 0);
    });
    ws.on('error', (e) => {
      if (!done) errors.push(`${who}: websocket ${e.message}`);  // not our own close at the deadline
      finish();
    });
    ws.on('close', () => {
      if (!done && !stopping && Date.now() < deadline) errors.push(`${who}: closed by the server`);
      finish();
    });
  });
}

// One player: plays random legal moves in one game after another until the deadline.
async function player(index) {
  const random = seededRandom(index);
  while (!stopping && Date.now() < deadline && !(MAX_GAMES && startedGames >= MAX_GAMES)) {
    ++startedGames;
    const g = await createGame(baseOf(index));
    const last = await playOn(baseOf(index), g.id, g.seat.token,
      { color: MODE === 'hotseat' ? null : g.seat.color, random, maxMoves: MOVES });
    if (last?.status === 'finished') ++finishedGames;
  }
}

// --accounts: the players of game i are accounts lt<run><i>w and lt<run><i>b.
const RUN = Date.now().toString(36).slice(-5);
let ratedEnds = 0;

async function post(base, target, body, cookie) {
  const res = await fetch(`${base}${target}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* reported with the status */ }
  return { status: res.status, json, text, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

// The creator of a seek learns of its game on the lobby socket (after the accept, too).
function lobbyToken(base, cookie, seek) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/lobby`, { headers: { Cookie: cookie } });
    const timer = setTimeout(() => { ws.close(); reject(new Error(`seek ${seek.id}: the creator was not told of its game`)); }, 15000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', seek_tokens: [seek.token] })));
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type !== 'game_started' || msg.seek_id !== seek.id) return;
      clearTimeout(timer);
      ws.close();
      resolve(msg.token);
    });
    ws.on('error', (e) => { clearTimeout(timer); reject(new Error(`lobby socket: ${e.message}`)); });
  });
}

// One rated game between the accounts of pair `index`: a seek on one instance, accepted on the
// next (with several --url), played until the deadline, then resigned by White; its end must
// carry the rating change.
async function ratedGame(index, cookies) {
  const random = seededRandom(index);
  const [wBase, bBase] = [baseOf(2 * index), baseOf(2 * index + 1)];
  const seek = await post(wBase, '/api/seeks', { game: GAME, rules: '', clock: CLOCK, rated: true, color: 'white' }, cookies[0]);
  if (seek.status !== 201) throw new Error(`seek: HTTP ${seek.status} ${seek.text}`);
  const told = lobbyToken(wBase, cookies[0], seek.json);
  const accept = await post(bBase, `/api/seeks/${seek.json.id}/accept`, {}, cookies[1]);
  if (accept.status !== 201) throw new Error(`accept: HTTP ${accept.status} ${accept.text}`);
  const whiteToken = await told;
  ++startedGames;
  const { game_id: id, token: blackToken, color: blackColor } = accept.json;
  const whiteColor = blackColor === 'black' ? 'white' : 'black';
  const [w, b] = await Promise.all([playOn(wBase, id, whiteToken, { color: whiteColor, cookie: cookies[0], random }),
    playOn(bBase, id, blackToken, { color: blackColor, cookie: cookies[1], random })]);
  let end = [w, b].find((s) => s?.status === 'finished');
  if (!end) {
    const r = await post(wBase, `/api/games/${id}/resign`, { token: whiteToken }, cookies[0]);
    if (r.status !== 200) throw new Error(`game ${id}: resign: HTTP ${r.status} ${r.text}`);
    end = r.json;
  }
  ++finishedGames;
  if (!end.rated || !end.rating_change) errors.push(`game ${id}: ended without a rating change (rated: ${end.rated})`);
  else ++ratedEnds;
}

let signUpSeconds = 0;
let accountCookies = [];
if (ACCOUNTS) {
  const t0 = performance.now();
  const cookies = Array.from({ length: GAMES }, () => [null, null]);
  let made = 0;
  await pool(2 * GAMES, 8, async (k) => {
    const i = k >> 1;
    cookies[i][k & 1] = await signUp(baseOf(k), `lt${RUN}${i}${k & 1 ? 'b' : 'w'}`, k);
    if (++made % 200 === 0) process.stderr.write(`loadtest: ${made}/${2 * GAMES} accounts signed up\n`);
  });
  signUpSeconds = (performance.now() - t0) / 1000;
  deadline = Date.now() + SECONDS * 1000;
  accountCookies = cookies;
}

if (args.tournament) {
  const { runTournamentLoad } = await import('./loadtest_tournament.mjs');
  const r = await runTournamentLoad({ bases, players: GAMES, seconds: SECONDS, think: THINK, moves: MOVES, game: GAME,
    clock: CLOCK, random: seededRandom });
  if (server) {
    const { code, stderr } = await server.stop();
    if (code !== 0) r.errors.push(`the server exited with ${code}: ${stderr.slice(0, 2000)}`);
  }
  for (const line of r.lines) console.log(line);
  console.log(`errors: ${r.errors.length}`);
  for (const e of r.errors.slice(0, 10)) console.log(`  ${e}`);
  process.exit(r.errors.length || r.moves === 0 ? 1 : 0);
}

const started = performance.now();
const hardStop = setTimeout(() => {
  stopping = true;
  errors.push('hard time limit reached');
}, (SECONDS + 30) * 1000);
if (ACCOUNTS) await Promise.all(accountCookies.map((c, i) => ratedGame(i, c).catch((e) => errors.push(e.message))));
else await Promise.all(Array.from({ length: GAMES }, (_, i) => player(i).catch((e) => errors.push(e.message))));
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
if (ACCOUNTS) {
  console.log(`loadtest: ${GAMES} concurrent rated ${GAME} games between ${2 * GAMES} accounts, clock ${CLOCK.initial_s}+${CLOCK.increment_s}, ${SECONDS} s, think ${THINK} ms`);
  console.log(`accounts signed up in ${signUpSeconds.toFixed(1)} s; rated games ended with a rating change: ${ratedEnds}`);
} else {
  console.log(`loadtest: ${GAMES} concurrent ${GAME} games (${MODE}${MODE === 'ai' ? `, level ${LEVEL}` : ''}), ${SECONDS} s, think ${THINK} ms` +
    `${MOVES ? `, ${MOVES} moves a game` : ''}${MAX_GAMES ? `, ${MAX_GAMES} games in all` : ''}`);
}
console.log(`moves: ${moves} in ${elapsed.toFixed(1)} s (${(moves / elapsed).toFixed(0)} moves/s), games started: ${startedGames}, finished: ${finishedGames}`);
console.log(`move latency ms: p50 ${pct(50).toFixed(2)}  p90 ${pct(90).toFixed(2)}  p99 ${pct(99).toFixed(2)}  max ${pct(100).toFixed(2)}`);
if (memory) console.log(memory);
console.log(`errors: ${errors.length}`);
for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
process.exit(errors.length || moves === 0 ? 1 : 0);
