// The tournament pages' pure logic (unit-tested in tests/unit/tournaments.test.ts): countdowns
// against the server's clock, a player's result in a pairing, the crosstable (the server's when it
// sends one, else built from the pairings), the rounds, "my open game", a knockout bracket read
// tolerantly, and the create request's rules text.
import type { Entrant, Pairing, Tournament } from './tournaments_api';

// How far the server's clock is ahead of this browser's (ms), from a view's "now".
export function clockOffset(serverNow: string, localNowMs: number): number {
  const s = Date.parse(serverNow);
  return Number.isFinite(s) ? s - localNowMs : 0;
}

// The time left until `iso` on the server's clock; null when `iso` is absent or unreadable.
export function msUntil(iso: string | undefined | null, offsetMs: number, localNowMs: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at - (localNowMs + offsetMs) : null;
}

// "0:09", "4:59", "1:02:03", "2 d 03:04:05" (`days`: the word for days); never negative.
export function formatCountdown(ms: number, days = 'd'): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(total / 86400), h = Math.floor((total % 86400) / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d} ${days} ${two(h)}:${two(m)}:${two(s)}`;
  if (h > 0) return `${h}:${two(m)}:${two(s)}`;
  return `${m}:${two(s)}`;
}

// What `player` scored in `p`: "1", "½", "0", "+" / "-" (won / lost by forfeit), "" (not played
// yet, a bye, or not their game).
export function resultFor(p: Pairing, player: string): string {
  if (p.black === null || !p.result || p.result === 'bye') return '';
  const white = p.white === player;
  if (!white && p.black !== player) return '';
  if (p.result === '1/2-1/2') return '½';
  const won = (p.result === '1-0') === white;
  if (p.result !== '1-0' && p.result !== '0-1') return '';
  if (p.forfeit) return won ? '+' : '-';
  return won ? '1' : '0';
}

export interface Crosstable {
  players: string[];
  cells: string[][];     // cells[i][j]: what players[i] scored against players[j] ("1½" for two games)
  scores: number[];      // each row's points
}

const cellPoints = (cell: string) => [...cell].reduce((sum, c) => sum + (c === '1' || c === '+' ? 1 : c === '½' ? 0.5 : 0), 0);

// The crosstable of `players` (in that order) from the pairings, games in round order.
export function buildCrosstable(players: string[], pairings: Pairing[]): Crosstable {
  const index = new Map(players.map((p, i) => [p, i]));
  const cells = players.map(() => players.map(() => ''));
  const sorted = [...pairings].sort((a, b) => a.round - b.round);
  for (const p of sorted) {
    if (p.black === null) continue;
    const i = index.get(p.white), j = index.get(p.black);
    if (i === undefined || j === undefined) continue;
    cells[i][j] += resultFor(p, p.white);
    cells[j][i] += resultFor(p, p.black);
  }
  return { players, cells, scores: cells.map((row) => row.reduce((s, c) => s + cellPoints(c), 0)) };
}

// The players in start-number order (the entrants), else in the standings' order.
export function playersInOrder(t: Pick<Tournament, 'entrants' | 'standings'>): string[] {
  if (t.entrants && t.entrants.length) return [...t.entrants].sort((a, b) => a.number - b.number).map((e) => e.username);
  return t.standings.map((s) => s.username);
}

// The server's crosstable when it is one we can read (rows of strings in start-number order, or
// {players, rows|cells}), else one built from the pairings.
export function crosstableOf(t: Pick<Tournament, 'entrants' | 'standings' | 'pairings' | 'crosstable'>): Crosstable {
  const players = playersInOrder(t);
  const raw = t.crosstable as unknown;
  const grid = (rows: unknown, names: string[]): Crosstable | null => {
    if (!Array.isArray(rows) || rows.length !== names.length) return null;
    if (!rows.every((r) => Array.isArray(r) && r.length === names.length && r.every((c) => typeof c === 'string'))) return null;
    const cells = rows as string[][];
    return { players: names, cells, scores: cells.map((row) => row.reduce((s, c) => s + cellPoints(c), 0)) };
  };
  if (Array.isArray(raw)) return grid(raw, players) ?? buildCrosstable(players, t.pairings);
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    const names = Array.isArray(o.players) && o.players.every((n) => typeof n === 'string') ? (o.players as string[]) : players;
    return grid(o.rows ?? o.cells, names) ?? buildCrosstable(players, t.pairings);
  }
  return buildCrosstable(players, t.pairings);
}

// The pairings by round, rounds in order.
export function roundsOf(pairings: Pairing[]): [number, Pairing[]][] {
  const by = new Map<number, Pairing[]>();
  for (const p of pairings) by.set(p.round, [...(by.get(p.round) ?? []), p]);
  return [...by.entries()].sort((a, b) => a[0] - b[0]);
}

// `player`'s game being played in this tournament (the latest), if any.
export function openGameOf(pairings: Pairing[], player: string | undefined): Pairing | null {
  if (!player) return null;
  const open = pairings.filter((p) => p.game_id && !p.result && (p.white === player || p.black === player));
  return open.length ? open.reduce((a, b) => (b.round >= a.round ? b : a)) : null;
}

export interface BracketMatch {
  a: string | null;
  b: string | null;
  aScore: number | null;
  bScore: number | null;
  winner: string | null;
  games: string[];       // game ids
}

// A knockout bracket as rounds of matches with names, read from what the server sends
// ({rounds: [[{a, b, a_score, b_score, winner, games}]]}, players by start number or name);
// null when there is none or it cannot be read.
export function bracketOf(raw: unknown, entrants: Entrant[] = []): BracketMatch[][] | null {
  if (!raw || typeof raw !== 'object') return null;
  const rounds = Array.isArray(raw) ? raw : (raw as Record<string, unknown>).rounds;
  if (!Array.isArray(rounds) || !rounds.length) return null;
  const byNumber = new Map(entrants.map((e) => [e.number, e.username]));
  const name = (v: unknown): string | null => {
    if (typeof v === 'string') return v || null;
    if (typeof v === 'number') return v > 0 ? byNumber.get(v) ?? `#${v}` : null;
    if (v && typeof v === 'object' && typeof (v as { username?: unknown }).username === 'string') return (v as { username: string }).username;
    return null;
  };
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const out: BracketMatch[][] = [];
  for (const r of rounds) {
    const matches = Array.isArray(r) ? r : r && typeof r === 'object' ? (r as { matches?: unknown }).matches : null;
    if (!Array.isArray(matches)) return null;
    out.push(matches.map((m) => {
      const o = (m ?? {}) as Record<string, unknown>;
      const games = Array.isArray(o.games) ? o.games : [];
      return {
        a: name(o.a ?? o.white), b: name(o.b ?? o.black),
        aScore: num(o.a_score), bScore: num(o.b_score), winner: name(o.winner),
        games: games.map((g) => (typeof g === 'string' ? g : (g as { game_id?: unknown })?.game_id)).filter((g): g is string => typeof g === 'string'),
      };
    }));
  }
  return out;
}

// Rule values as the tournament request takes them: "name=value,…" (booleans 1 and 0), as
// POST /api/games reads its "rules" object.
export function rulesText(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${typeof v === 'boolean' ? (v ? '1' : '0') : String(v)}`)
    .join(',');
}

// A score as the tables show it: 2, 1.5 → "1½", 0.5 → "½".
export function scoreText(score: number): string {
  const whole = Math.floor(score), half = score - whole >= 0.5;
  return half ? `${whole || ''}½` : String(whole);
}
