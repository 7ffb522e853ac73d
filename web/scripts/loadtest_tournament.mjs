// `loadtest.mjs --tournament`: N signed-up players in one arena. Each follows the tournament on
// its socket, is taken to each new game by its {"type": "game"} message, plays random legal
// moves over the game's socket (resigning after --moves of its own moves, if given) and waits
// for the next pairing. Reports move latency, how long finished players waited for their next
// game (goal: within 2 s), and every error.
import WebSocket from 'ws';
import { pool, signUp } from './load_accounts.mjs';

async function post(base, target, body, cookie) {
  const res = await fetch(`${base}${target}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${target}: HTTP ${res.status} ${text}`);
  return JSON.parse(text);
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

// opts: { bases, players, seconds, think, moves, game, clock, random(index) }
export async function runTournamentLoad(opts) {
  const { bases, players, seconds, think, moves, game, clock } = opts;
  const baseOf = (i) => bases[i % bases.length];
  const errors = [];
  const latencies = [];
  const waits = [];  // ms from a game's end (seen by the player) to its next game's message
  let gamesPlayed = 0;
  const run = Date.now().toString(36).slice(-5);
  const t0 = performance.now();
  const cookies = new Array(players);
  await pool(players, 8, async (k) => { cookies[k] = await signUp(baseOf(k), `ar${run}${k}`, k, 2); });
  const signUpSeconds = (performance.now() - t0) / 1000;
  const created = await post(baseOf(0), '/api/tournaments', {
    game, rules: '', format: 'arena', clock, rated: true, minutes: Math.max(5, Math.ceil(seconds / 60) + 1),
    name: `Load arena ${run}`, starts_at: '2099-01-01T00:00:00Z', max_players: players,
  }, cookies[0]);
  const id = created.id;
  await pool(players, 16, async (k) => { await post(baseOf(k), `/api/tournaments/${id}/join`, {}, cookies[k]); });
  let stopping = false;
  let deadline = 0;
  const sockets = [];
  const player = (k) => new Promise((resolve) => {
    const base = baseOf(k);
    const random = opts.random(k);
    let endedAt = null;
    let playing = false;
    let latest = null;  // the game the player was last taken to
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/tournaments/${id}`, { headers: { Cookie: cookies[k] } });
    sockets.push(ws);
    ws.on('error', (e) => { if (!stopping) errors.push(`player ${k}: tournament socket ${e.message}`); resolve(); });
    ws.on('close', () => { if (!stopping) errors.push(`player ${k}: tournament socket closed`); resolve(); });
    ws.on('open', () => resolve());
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'error') errors.push(`player ${k}: ${msg.status} ${msg.error}`);
      if (msg.type !== 'game' || stopping) return;
      if (endedAt !== null) waits.push(performance.now() - endedAt);
      else if (playing) waits.push(0);  // paired before this side had even seen its game end
      endedAt = null;
      playing = true;
      const gameId = msg.game_id;
      latest = gameId;
      play(k, base, gameId, msg.color, random).then(() => {
        ++gamesPlayed;
        // A game whose end is seen after the next one began says nothing of the wait.
        if (latest !== gameId) return;
        playing = false;
        endedAt = performance.now();
      });
    });
  });
  // One game on its own socket, as the seated account: a random legal move after the think time
  // on each of its turns; resigns after `moves` of its moves (0: plays to the end).
  const play = (k, base, gameId, color, random) => new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/games/${gameId}`, { headers: { Cookie: cookies[k] } });
    let pending = null;
    let mine = 0;
    let done = false;
    const finish = () => { if (!done) { done = true; ws.close(); resolve(); } };
    ws.on('message', async (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'error') { errors.push(`player ${k} game ${gameId}: ${msg.status} ${msg.error}`); return finish(); }
      if (msg.type !== 'state') return;
      const s = msg.state;
      if (pending && s.ply > pending.ply) {
        if (!stopping) latencies.push(performance.now() - pending.at);
        pending = null;
      }
      if (s.status !== 'ongoing' || stopping) return finish();
      if (pending || s.to_move !== color || !s.legal?.length) return;
      if (moves && mine >= moves) {
        pending = { ply: Infinity, at: 0 };
        try { await post(base, `/api/games/${gameId}/resign`, {}, cookies[k]); } catch (e) { errors.push(`player ${k}: ${e.message}`); }
        return;
      }
      const move = s.legal[random(s.legal.length)].move;
      pending = { ply: s.ply, at: Infinity };
      setTimeout(() => {
        pending = { ply: s.ply, at: performance.now() };
        ++mine;
        ws.send(JSON.stringify({ type: 'move', move }));
      }, think ? random(2 * think) : 0);
    });
    ws.on('error', (e) => { if (!stopping) errors.push(`player ${k} game ${gameId}: ${e.message}`); finish(); });
    ws.on('close', () => finish());
  });
  await pool(players, 32, (k) => player(k));
  await post(baseOf(0), `/api/tournaments/${id}/start`, {}, cookies[0]);
  const started = performance.now();
  deadline = Date.now() + seconds * 1000;
  await new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())));
  stopping = true;
  for (const ws of sockets) ws.close();
  const elapsed = (performance.now() - started) / 1000;
  const moveMs = [...latencies].sort((a, b) => a - b);  // copies: late messages may still come in
  const waitMs = [...waits].sort((a, b) => a - b);
  const standing = await (await fetch(`${baseOf(0)}/api/tournaments/${id}`)).json();
  return {
    lines: [
      `loadtest --tournament: ${players} players in one ${game} arena, clock ${clock.initial_s}+${clock.increment_s}, ${seconds} s, think ${think} ms${moves ? `, resign after ${moves} moves` : ''}`,
      `accounts signed up in ${signUpSeconds.toFixed(1)} s; games played to the end: ${gamesPlayed}; pairings: ${standing.pairings.length}`,
      `moves: ${moveMs.length} in ${elapsed.toFixed(1)} s (${(moveMs.length / elapsed).toFixed(0)} moves/s)`,
      `move latency ms: p50 ${pct(moveMs, 50).toFixed(2)}  p90 ${pct(moveMs, 90).toFixed(2)}  p99 ${pct(moveMs, 99).toFixed(2)}  max ${pct(moveMs, 100).toFixed(2)}`,
      `wait for the next game ms (${waitMs.length}): p50 ${pct(waitMs, 50).toFixed(0)}  p99 ${pct(waitMs, 99).toFixed(0)}  max ${pct(waitMs, 100).toFixed(0)}`,
    ],
    errors,
    moves: moveMs.length,
    slowPairings: waitMs.filter((w) => w > 2000).length,
  };
}
