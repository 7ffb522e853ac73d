// Accounts, players and the hall of fame as the server gives them. The session cookie is HttpOnly:
// the page cannot read it, so it asks GET /api/account who is signed in (401: a guest).
import { ApiError, call } from '../common/api';

export interface Account {
  id: number | string;
  username: string;
  created_at?: string;
  chat?: boolean;
  moderator?: boolean;        // may open the moderators' page (#/mod)
  muted_until_ms?: number;    // a moderator muted the account's chat until then (0 or past: not)
}

export interface PlayerRating {
  game: string;
  speed: string;
  rating: number;
  rd: number;
  volatility: number;
  provisional: boolean;
  games: number;
}

export interface RecentGame {
  id: string;
  game: string;
  speed: string | null;
  rated: boolean;
  opponent: string | null;
  color: string;
  result: string;
  reason: string;
  delta: number | null;
  ended_at: string;
  played_in_browser?: string | null;  // when, for a game played in a browser and uploaded
}

export interface HistoryPoint {
  game: string;
  speed: string;
  rating: number;
  rd: number;
  at: string;
}

export interface PlayerView {
  username: string;
  created_at: string;
  ratings: PlayerRating[];
  counts: { games: number; wins: number; losses: number; draws: number };
  recent: RecentGame[];
  history: HistoryPoint[];
}

export interface LeaderboardView {
  game: string;
  speed: string;
  players: { rank: number | null; username: string; rating: number; rd: number; games: number; provisional?: boolean }[];
  computer: { level: number; rating: number }[];
  first_beaten: { level: number; username: string; game_id: string; at: string }[];
}

const enc = encodeURIComponent;

export const accountApi = {
  register: (username: string, password: string) => call<Account>('POST', '/api/account/register', { username, password }),
  login: (username: string, password: string) => call<Account>('POST', '/api/account/login', { username, password }),
  logout: () => call<Record<string, never>>('POST', '/api/account/logout', {}),
  // Every session of the account ends, this one too.
  logoutAll: () => call<Record<string, never>>('POST', '/api/account/logout_all', {}),
  // Every other session of the account ends; this one stays.
  changePassword: (current: string, next: string) =>
    call<Account>('POST', '/api/account/password', { current, new: next }),
  // The signed-in user, or null for a guest (any other failure is thrown).
  current: async (): Promise<Account | null> => {
    try {
      return await call<Account>('GET', '/api/account');
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  },
  settings: (settings: { chat: boolean }) => call<Account>('POST', '/api/account/settings', settings),
  player: (name: string) => call<PlayerView>('GET', `/api/players/${enc(name)}`),
  leaderboard: (game: string, speed?: string) =>
    call<LeaderboardView>('GET', `/api/leaderboard/${enc(game)}${speed ? `?speed=${enc(speed)}` : ''}`),
};

// "1523" or "1480?" for a provisional rating.
export function ratingText(rating: number | null | undefined, provisional = false): string {
  if (rating === null || rating === undefined) return '';
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

// "+12", "−7", "±0".
export function deltaText(delta: number): string {
  const d = Math.round(delta);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

// The speed classes a game's clock presets fall into, in the order /api/meta lists them.
export function speedsOf(presets: { speed: string }[] | undefined): string[] {
  const out: string[] = [];
  for (const p of presets ?? []) if (!out.includes(p.speed)) out.push(p.speed);
  return out;
}
