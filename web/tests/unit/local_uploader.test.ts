// The upload queue of games played in the page (src/offline/uploader.ts), with the store in memory
// and a stand-in fetch: a game the server keeps is marked uploaded with its id; one it refuses for
// a reason of its own stays with the reason; no network, no account or a busy server leave it
// queued (and the pass stops there).
import { beforeEach, expect, test, vi } from 'vitest';
import type { LocalGame } from '../../src/offline/local_game';

const kept = new Map<string, LocalGame>();
vi.mock('../../src/offline/local_store', () => ({
  localGames: {
    save: async (g: LocalGame) => void kept.set(g.key, g),
    get: async (k: string) => kept.get(k),
    all: async () => [...kept.values()],
  },
}));
const { uploadQueued, onUploadChange } = await import('../../src/offline/uploader');

const game = (key: string, playedAt: string, o: Partial<LocalGame> = {}): LocalGame => ({
  key, game: 'capgo', rules: {}, mode: 'ai', level: 5, color: 'black', moves: ['c3'], status: 'finished', result: '1-0',
  resigned: '', playedAt, upload: 'queued', ...o,
});
let answers: (() => Response)[] = [];
const sent: string[] = [];
beforeEach(() => {
  kept.clear();
  sent.length = 0;
  globalThis.fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)).key);
    const next = answers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  }) as typeof fetch;
});
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

test('kept, refused and unsent games, oldest first', async () => {
  for (const g of [game('b', '2026-12-05T10:00:01Z'), game('a', '2026-12-05T10:00:00Z'), game('c', '2026-12-05T10:00:02Z'),
                   game('ongoing', '2026-12-05T09:00:00Z', { status: 'ongoing' }), game('done', '2026-12-05T09:00:00Z', { upload: 'uploaded' })])
    kept.set(g.key, g);
  const changed: string[] = [];
  const off = onUploadChange((g) => changed.push(`${g.key}:${g.upload}`));
  answers = [json(201, { id: 'S1', stored: true }),
             json(422, { error: 'move 2: illegal', code: 'illegal_move', params: { ply: 1 } })];
  await uploadQueued();  // the third finds no network
  off();
  expect(sent).toEqual(['a', 'b', 'c']);
  expect(changed).toEqual(['a:uploaded', 'b:refused']);
  expect(kept.get('a')).toMatchObject({ upload: 'uploaded', serverId: 'S1' });
  expect(kept.get('b')).toMatchObject({ upload: 'refused', refusal: { code: 'illegal_move', message: 'move 2: illegal', params: { ply: 1 } } });
  expect(kept.get('c')!.upload).toBe('queued');
  // Back online, not signed in: still queued; then signed in, sent.
  answers = [json(401, { error: 'sign in', code: 'not_signed_in' })];
  await uploadQueued();
  expect(kept.get('c')!.upload).toBe('queued');
  answers = [json(200, { id: 'S3', stored: false })];
  await uploadQueued();
  expect(kept.get('c')).toMatchObject({ upload: 'uploaded', serverId: 'S3' });
  expect(sent).toEqual(['a', 'b', 'c', 'c', 'c']);
});

test('a busy server stops the pass and keeps the game queued', async () => {
  kept.set('x', game('x', '2026-12-05T10:00:00Z'));
  kept.set('y', game('y', '2026-12-05T10:00:01Z'));
  answers = [json(429, { error: 'too many', code: 'too_many_uploads', params: { wait_s: 60 } })];
  await uploadQueued();
  expect(sent).toEqual(['x']);
  expect([kept.get('x')!.upload, kept.get('y')!.upload]).toEqual(['queued', 'queued']);
});
