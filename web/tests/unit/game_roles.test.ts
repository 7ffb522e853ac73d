// What the game page lets this browser do, and the words of the state (play/game_roles.ts,
// play/game_texts.ts, play/use_shown_ply.ts's keys).
import { describe, expect, test } from 'vitest';
import type { GameView } from '../../src/common/api';
import { DICTS } from '../../src/common/i18n';
import { gameRoles } from '../../src/play/game_roles';
import { mayBerserk } from '../../src/tournaments/tournament_game_card';
import { bigResult, resultText, seatLabel, statusText } from '../../src/play/game_texts';
import { plyAfterKey } from '../../src/play/use_shown_ply';

const t = DICTS.en;
const game = (over: Partial<GameView> = {}): GameView => ({
  id: 'g', game: 'togyz', title: 'Togyz Kumalak', mode: 'online', level: 0, sides: ['white', 'black'], moves: ['a', 'b'],
  ply: 2, version: 3, status: 'ongoing', result: '*', end: null, to_move: 'white', computer: null, thinking: false,
  draw_offer: null, legal: [], ...over,
}) as GameView;

describe('gameRoles', () => {
  test('the player to move at the current ply may move; at a past ply not', () => {
    expect(gameRoles(game(), 'white', true, 2).canMove).toBe(true);
    expect(gameRoles(game(), 'white', true, 1).canMove).toBe(false);
    expect(gameRoles(game(), 'black', true, 2).canMove).toBe(false);
    expect(gameRoles(game({ thinking: true }), 'white', true, 2).canMove).toBe(false);
  });
  test('both seats at one device move for either side, and are no single player', () => {
    const r = gameRoles(game({ mode: 'hotseat', to_move: 'black' }), 'both', true, 2);
    expect(r.canMove).toBe(true);
    expect(r.isPlayer).toBe(false);
  });
  test('a spectator watches and may not act', () => {
    const r = gameRoles(game(), undefined, false, 2);
    expect(r).toMatchObject({ watching: true, seated: false, canAct: false, isPlayer: false });
  });
  test('the account\'s seat acts without a token, also after a push that carries no "you"', () => {
    expect(gameRoles(game(), 'black', false, 2).canAct).toBe(true);
    expect(gameRoles(game({ you: 'black' }), undefined, false, 2).canAct).toBe(true);
    expect(gameRoles(game({ status: 'finished' }), 'black', false, 2).canAct).toBe(false);
  });
  test('a review is nobody\'s game', () => {
    const r = gameRoles(game({ mode: 'review', status: 'finished' }), 'white', true, 2);
    expect(r).toMatchObject({ watching: false, seated: false, canAct: false, canMove: false });
  });
  test('the other player\'s draw offer; an absent opponent on the clock', () => {
    const away = game({ draw_offer: 'black', clock: {} as GameView['clock'], presence: { black: { connected: false, away_ms: 70_000 } } });
    expect(gameRoles(away, 'white', true, 2)).toMatchObject({ offerFromOther: true, opponentAway: true });
    expect(gameRoles(away, 'black', true, 2)).toMatchObject({ offerFromOther: false, opponentAway: false });
  });
  test('no engine while people, or a rated game against the computer, are playing', () => {
    expect(gameRoles(game(), 'white', true, 2).analysisClosed).toBe(true);
    expect(gameRoles(game({ mode: 'ai', rated: true }), 'white', true, 2).analysisClosed).toBe(true);
    expect(gameRoles(game({ mode: 'ai' }), 'white', true, 2).analysisClosed).toBe(false);
    expect(gameRoles(game({ status: 'finished' }), 'white', true, 2).analysisClosed).toBe(false);
  });
  test('the rematch is a finished online game\'s players\' business', () => {
    const rematch = { offered_by: 'black', game_id: null };
    expect(gameRoles(game({ status: 'finished', rematch }), 'white', true, 2).rematch).toEqual(rematch);
    expect(gameRoles(game({ status: 'ongoing', rematch }), 'white', true, 2).rematch).toBeNull();
    expect(gameRoles(game({ status: 'finished', rematch }), undefined, false, 2).rematch).toBeNull();
    const tournament = { id: 't1', berserk: [false, false] as [boolean, boolean] };
    expect(gameRoles(game({ status: 'finished', rematch, tournament }), 'white', true, 2).rematch).toBeNull();
  });
  test('berserk: an arena player of a timed game, before their own first move, once', () => {
    const clock = { white_ms: 1, black_ms: 1, running: null, initial_ms: 1, increment_ms: 0, first_move_ms: null };
    const arena = (ply: number, berserk: [boolean, boolean] = [false, false]) =>
      game({ ply, clock, tournament: { id: 't1', berserk } } as Partial<GameView>);
    expect(mayBerserk(arena(0), 'white', 'arena')).toBe(true);
    expect(mayBerserk(arena(1), 'white', 'arena')).toBe(false);   // white has moved
    expect(mayBerserk(arena(1), 'black', 'arena')).toBe(true);
    expect(mayBerserk(arena(2), 'black', 'arena')).toBe(false);
    expect(mayBerserk(arena(0, [true, false]), 'white', 'arena')).toBe(false);
    expect(mayBerserk(arena(0), 'white', 'swiss')).toBe(false);
    expect(mayBerserk(arena(0), undefined, 'arena')).toBe(false);  // a spectator
    expect(mayBerserk(game({ ply: 0, clock: null, tournament: { id: 't1', berserk: [false, false] } }), 'white', 'arena')).toBe(false);
  });
});

describe('the words of a state', () => {
  test('result and status', () => {
    const won = game({ status: 'finished', result: '1-0' });
    expect(resultText(t, won)).toBe(`${t.white} ${t.wins}`);
    expect(statusText(t, won, 'white', false, 'resigned')).toBe(`${t.white} ${t.wins} (resigned)`);
    expect(resultText(t, game({ result: '1/2-1/2' }))).toBe(t.draw);
    expect(statusText(t, game(), 'white', true, '')).toBe(t.yourMove);
    expect(statusText(t, game(), 'black', false, '')).toBe(t.waiting);
    expect(statusText(t, game(), undefined, false, '')).toBe(`${t.white} ${t.toMove}`);
    expect(statusText(t, game({ thinking: true }), 'black', false, '')).toBe(t.thinking);
  });
  test('SGF games write B+ and W+', () => {
    const go = game({ game: 'capgo', sides: ['black', 'white'], status: 'finished', result: '0-1' });
    expect(bigResult(go, { record_format: 'sgf' } as never)).toBe('W+');
    expect(bigResult(go, { record_format: 'pgn' } as never)).toBe('0-1');
  });
  test('who sits at a side', () => {
    expect(seatLabel(t, game({ mode: 'ai', computer: 'black', level: 4 }), 'white', 'black')).toBe(`${t.computer} · ${t.level} 4`);
    expect(seatLabel(t, game(), 'white', 'white')).toBe(t.you);
    expect(seatLabel(t, game(), 'white', 'black')).toBe(t.opponent);
    expect(seatLabel(t, game({ players: [null, { username: 'bolat', rating: 1500 }] } as never), 'white', 'black')).toBe('');
    expect(seatLabel(t, game(), undefined, 'black')).toBe('');
  });
});

test('navigation keys', () => {
  expect(plyAfterKey('ArrowLeft', 5, 9)).toBe(4);
  expect(plyAfterKey('ArrowLeft', 0, 9)).toBe(0);
  expect(plyAfterKey('ArrowRight', 9, 9)).toBe(9);
  expect(plyAfterKey('Home', 5, 9)).toBe(0);
  expect(plyAfterKey('End', 5, 9)).toBe(9);
  expect(plyAfterKey('a', 5, 9)).toBeUndefined();
});
