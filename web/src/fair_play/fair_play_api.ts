// Fair play as the server gives it: the signed-in user's blocks, reports of a player or of a chat
// line, the user's own pairing ban (a "playban") and, for moderators, the reports, a player's
// standing, the mute / close / reopen actions and the audit log (GET/POST /api/mod/...).
import { call } from '../common/api';

export const REPORT_REASONS = ['cheating', 'abuse', 'chat', 'stalling', 'sandbagging', 'other'] as const;
export type ReportReason = typeof REPORT_REASONS[number];

export interface BlockedPlayer {
  username: string;
  since: string;
}

export interface ReportRequest {
  username: string;
  reason: ReportReason;
  text?: string;
  game_id?: string;
  chat_seq?: number;
}

// A game that its player left, or lost on time after sitting out a lost position.
export interface BadEnding {
  game_id: string;
  kind: 'left' | 'sat';
  at_ms: number;
}

export interface Playban {
  banned: boolean;
  until_ms: number | null;
  wait_s: number | null;
  bad_endings: BadEnding[];
  window_days: number;
  next_ban_minutes: number;  // what the next bad ending would cost (0: a warning)
}

export interface Report {
  id: number;
  reporter: string;
  player: string;
  reason: string;
  text: string;
  state: 'open' | 'closed';
  created_at: string;
  game_id: string | null;
  chat_line: { seq: number; text: string } | null;
  closed_by: string | null;
  closed_at?: string;
  outcome: string | null;
}

export interface PlayerStanding {
  username: string;
  moderator: boolean;
  muted_until_ms: number | null;
  closed_at: string | null;
  playban_until_ms: number | null;
  bad_endings: BadEnding[];
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

const enc = encodeURIComponent;

export const fairPlayApi = {
  blocks: () => call<{ blocked: BlockedPlayer[] }>('GET', '/api/blocks'),
  block: (username: string) => call<{ blocked: BlockedPlayer[] }>('POST', '/api/blocks', { username }),
  unblock: (username: string) => call<{ blocked: BlockedPlayer[] }>('DELETE', `/api/blocks/${enc(username)}`),
  report: (req: ReportRequest) => call<{ id: number }>('POST', '/api/reports', req),
  playban: () => call<Playban>('GET', '/api/playban'),
};

export const modApi = {
  reports: (state: 'open' | 'closed') => call<{ reports: Report[] }>('GET', `/api/mod/reports?state=${state}`),
  closeReport: (id: number, outcome: string) => call<Record<string, never>>('POST', `/api/mod/reports/${id}/close`, { outcome }),
  player: (name: string) => call<PlayerStanding>('GET', `/api/mod/players/${enc(name)}`),
  // 0 minutes lifts a mute.
  mute: (name: string, minutes: number, reason: string) =>
    call<PlayerStanding>('POST', `/api/mod/players/${enc(name)}/mute`, { minutes, reason }),
  close: (name: string, reason: string) => call<PlayerStanding>('POST', `/api/mod/players/${enc(name)}/close`, { reason }),
  reopen: (name: string, reason: string) => call<PlayerStanding>('POST', `/api/mod/players/${enc(name)}/reopen`, { reason }),
  audit: (limit = 100, before?: number) =>
    call<{ entries: AuditEntry[] }>('GET', `/api/mod/audit?limit=${limit}${before ? `&before=${before}` : ''}`),
};

// A moment as the user's local date and time: "Dec 5, 02:05 PM" in English, "05.12 14:05" in the
// others (the browsers' month names for Kazakh and Uzbek are not dependable).
export function timeText(ms: number, lang: string): string {
  const d = new Date(ms);
  if (lang === 'en') return d.toLocaleString('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}.${two(d.getMonth() + 1)} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
