// The tournament pages' pure logic (src/tournaments/tournament_logic.ts): countdowns on the
// server's clock, a player's result in a pairing, the crosstable built from pairings (and the
// server's taken when readable), the rounds, "my open game", a knockout bracket read tolerantly,
// the rules text; and the pages' texts in the four languages.
import { describe, expect, test } from 'vitest';
import {
  bracketOf, buildCrosstable, clockOffset, crosstableOf, formatCountdown, msUntil, openGameOf, resultFor, roundsOf, rulesText, scoreText,
} from '../../src/tournaments/tournament_logic';
import { withOwnLines, type Pairing, type Tournament } from '../../src/tournaments/tournaments_api';
import { TOURNAMENT_TEXTS } from '../../src/tournaments/tournaments_texts';
import table from '../../src/tournaments/tournaments_texts.json';
import { LANGS } from '../../src/common/i18n';

const P = (round: number, white: string, black: string | null, result: string | null, forfeit = false, game_id: string | null = `g${round}${white}`): Pairing =>
  ({ round, white, black, game_id: black ? game_id : null, result, forfeit });

describe('countdowns', () => {
  test('m:ss under an hour, h:mm:ss under a day, days beyond; never negative', () => {
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(299_000)).toBe('4:59');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(2 * 86_400_000 + 3 * 3600_000 + 4 * 60_000 + 5_000, 'д')).toBe('2 д 03:04:05');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
  test('a part of a second left counts as a whole one (no "0:00" before the start)', () => {
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(60_000)).toBe('1:00');
  });
  test('the time left is read on the server\'s clock, whatever this browser\'s says', () => {
    const local = Date.parse('2026-12-05T10:00:00Z');
    const offset = clockOffset('2026-12-05T10:05:00Z', local);  // the server is 5 min ahead
    expect(offset).toBe(300_000);
    expect(msUntil('2026-12-05T10:10:00Z', offset, local)).toBe(300_000);
    expect(msUntil('2026-12-05T10:10:00Z', offset, local + 1000)).toBe(299_000);
    expect(msUntil(undefined, offset, local)).toBeNull();
    expect(msUntil('soon', offset, local)).toBeNull();
    expect(clockOffset('garbage', local)).toBe(0);
  });
});

describe('results and the crosstable', () => {
  test('each player\'s result, forfeits marked + and -', () => {
    expect(resultFor(P(1, 'ann', 'bob', '1-0'), 'ann')).toBe('1');
    expect(resultFor(P(1, 'ann', 'bob', '1-0'), 'bob')).toBe('0');
    expect(resultFor(P(1, 'ann', 'bob', '1/2-1/2'), 'bob')).toBe('½');
    expect(resultFor(P(1, 'ann', 'bob', '0-1', true), 'bob')).toBe('+');
    expect(resultFor(P(1, 'ann', 'bob', '0-1', true), 'ann')).toBe('-');
    expect(resultFor(P(1, 'ann', 'bob', null), 'ann')).toBe('');
    expect(resultFor(P(1, 'ann', null, 'bye'), 'ann')).toBe('');
    expect(resultFor(P(1, 'ann', 'bob', '1-0'), 'cid')).toBe('');
  });
  test('a round robin of four built from its pairings: each cell, the diagonal empty, the scores', () => {
    const pairings = [
      P(1, 'ann', 'dan', '1-0'), P(1, 'bob', 'cid', '1/2-1/2'),
      P(2, 'dan', 'cid', '0-1'), P(2, 'ann', 'bob', '0-1', true),
      P(3, 'bob', 'dan', null), P(3, 'cid', 'ann', '1-0'),
    ];
    const x = buildCrosstable(['ann', 'bob', 'cid', 'dan'], pairings);
    expect(x.cells).toEqual([
      ['', '-', '0', '1'],
      ['+', '', '½', ''],
      ['1', '½', '', '1'],
      ['0', '', '0', ''],
    ]);
    expect(x.scores).toEqual([1, 1.5, 2.5, 0]);
  });
  test('a double round robin puts both games in one cell, in round order', () => {
    const x = buildCrosstable(['ann', 'bob'], [P(2, 'bob', 'ann', '1/2-1/2'), P(1, 'ann', 'bob', '1-0')]);
    expect(x.cells[0][1]).toBe('1½');
    expect(x.cells[1][0]).toBe('0½');
    expect(x.scores).toEqual([1.5, 0.5]);
  });
  test('players in start-number order; the server\'s crosstable is taken when it reads as one, else built', () => {
    const entrants = [{ username: 'bob', number: 2, active: true }, { username: 'ann', number: 1, active: true }];
    const standings = [{ rank: 1, username: 'bob', score: 1, games: 1 }, { rank: 2, username: 'ann', score: 0, games: 1 }];
    const pairings = [P(1, 'ann', 'bob', '0-1')];
    const built = crosstableOf({ entrants, standings, pairings });
    expect(built.players).toEqual(['ann', 'bob']);
    expect(built.cells).toEqual([['', '0'], ['1', '']]);
    const given = crosstableOf({ entrants, standings, pairings, crosstable: [['', '½'], ['½', '']] });
    expect(given.cells).toEqual([['', '½'], ['½', '']]);
    expect(given.scores).toEqual([0.5, 0.5]);
    const wrongSize = crosstableOf({ entrants, standings, pairings, crosstable: [['']] });
    expect(wrongSize.cells).toEqual(built.cells);
    const named = crosstableOf({ entrants, standings, pairings, crosstable: { players: ['bob', 'ann'], rows: [['', '1'], ['0', '']] } });
    expect(named.players).toEqual(['bob', 'ann']);
    expect(crosstableOf({ standings, pairings }).players).toEqual(['bob', 'ann']);  // no entrants: the standings' order
  });
  test('scores as the tables write them', () => {
    expect(scoreText(0)).toBe('0');
    expect(scoreText(0.5)).toBe('½');
    expect(scoreText(2.5)).toBe('2½');
    expect(scoreText(3)).toBe('3');
  });
});

describe('rounds, my game, the bracket, the rules', () => {
  test('pairings grouped by round, in order', () => {
    const r = roundsOf([P(2, 'a', 'b', null), P(1, 'c', 'd', '1-0'), P(1, 'a', 'b', '0-1')]);
    expect(r.map(([n, l]) => [n, l.length])).toEqual([[1, 2], [2, 1]]);
  });
  test('my open game is the unfinished one with a game, the latest round', () => {
    const list = [P(1, 'ann', 'bob', '1-0'), P(2, 'cid', 'ann', null), P(2, 'bob', 'dan', null)];
    expect(openGameOf(list, 'ann')?.round).toBe(2);
    expect(openGameOf(list, 'eve')).toBeNull();
    expect(openGameOf(list, undefined)).toBeNull();
    expect(openGameOf([P(1, 'ann', null, null)], 'ann')).toBeNull();  // a bye is no game
  });
  test('a knockout bracket with players by start number or by name; nonsense reads as none', () => {
    const entrants = [{ username: 'ann', number: 1, active: true }, { username: 'bob', number: 2, active: true }];
    const b = bracketOf({ size: 2, rounds: [[{ a: 1, b: 2, a_score: 1.5, b_score: 0.5, winner: 1, games: [{ game_id: 'g1' }, 'g2'] }]] }, entrants);
    expect(b).toEqual([[{ a: 'ann', b: 'bob', aScore: 1.5, bScore: 0.5, winner: 'ann', games: ['g1', 'g2'] }]]);
    const byName = bracketOf([[{ a: 'ann', b: 0, winner: 0 }]]);
    expect(byName).toEqual([[{ a: 'ann', b: null, aScore: null, bScore: null, winner: null, games: [] }]]);
    expect(bracketOf(undefined)).toBeNull();
    expect(bracketOf({ rounds: 'x' })).toBeNull();
    expect(bracketOf({ rounds: [] })).toBeNull();
  });
  test('rules as "name=value" text, booleans 1 and 0, empty values left out', () => {
    expect(rulesText({ size: 9, target: 3, komi: true, setup: '' })).toBe('size=9,target=3,komi=1');
    expect(rulesText({ tuzdyk: false })).toBe('tuzdyk=0');
    expect(rulesText({})).toBe('');
  });
});

describe('texts', () => {
  const codes = LANGS.map((l) => l.code);
  test('each text of the table in the four languages, none empty; Uzbek in Latin script', () => {
    for (const [k, v] of Object.entries(table)) {
      expect(Object.keys(v).sort(), k).toEqual([...codes].sort());
      for (const lang of codes) expect((v as Record<string, string>)[lang], `${k}.${lang}`).toMatch(/\S/);
      expect((v as Record<string, string>).uz, k).not.toMatch(/[\u0400-\u04FF]/);
      expect((v as Record<string, string>).uz, k).not.toMatch(/[o|g]'/i);  // oʻ and gʻ are written with ‘
    }
    expect(Object.keys(TOURNAMENT_TEXTS.kk).length).toBe(Object.keys(table).length);
  });
  test('the placeholders of each text are the same in every language', () => {
    for (const [k, v] of Object.entries(table)) {
      const places = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      for (const lang of codes) expect(places((v as Record<string, string>)[lang]), `${k}.${lang}`).toEqual(places((v as Record<string, string>).en));
    }
  });
});

describe('the pushed head and a follower\'s own lines', () => {
  const head = {
    id: 't', name: 'A', game: 'togyz', rules: '', format: 'arena', clock: { initial_s: 180, increment_s: 2 }, rated: true,
    status: 'running', round: 9, starts_at: '', min_players: 2, max_players: 256, players: 200, password: false,
    creator: 'ann', created_at: '', now: '',
    standings: [{ rank: 1, username: 'ann', score: 8, games: 4 }],
    sheets: { ann: { score: 8, on_fire: true, sheet: [{ points: 2 }] } },
    entrants: [{ username: 'ann', number: 1, active: true }],
    pairings: [{ round: 9, white: 'ann', black: 'bob', game_id: 'g9', result: null }],
    standings_total: 200,
  } as unknown as Tournament;
  test('the own lines go in their places; nothing changes without them', () => {
    expect(withOwnLines(head, null)).toBe(head);
    const me = {
      standing: { rank: 150, username: 'zed', score: 0, games: 3 },
      sheet: { score: 0, on_fire: false, sheet: [{ points: 0 }] },
      entrant: { username: 'zed', number: 150, active: true },
      pairing: { round: 2, white: 'zed', black: 'yan', game_id: 'g2', result: null },
    };
    const t = withOwnLines(head, me);
    expect(t.standings.map((s) => s.username)).toEqual(['ann', 'zed']);
    expect(t.sheets?.zed.sheet).toEqual([{ points: 0 }]);
    expect(t.sheets?.ann.on_fire).toBe(true);
    expect(t.entrants?.map((e) => e.username)).toEqual(['ann', 'zed']);
    expect(t.pairings.map((p) => p.game_id)).toEqual(['g2', 'g9']);
    expect(head.standings.length).toBe(1);  // the head itself is left as it was
  });
});
