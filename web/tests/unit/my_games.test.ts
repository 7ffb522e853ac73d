import { describe, expect, it } from 'vitest';
import { myGame } from '../../src/play/my_games';
import { DICTS } from '../../src/common/i18n';
import type { GameView } from '../../src/common/api';

const t = DICTS.en;
const view = (o: Partial<GameView>) => ({
  id: 'g', game: 'togyz', sides: ['white', 'black'], status: 'finished', result: '1-0', ply: 30, version: 7,
  computer: null, level: 0, you: 'black', players: [{ username: 'bolat', rating: 1500 }, { username: null, rating: null }], ...o,
}) as unknown as GameView;

describe('my games', () => {
  it('gives the result as the seat held here sees it', () => {
    expect(myGame(t, view({})).result).toBe('loss');
    expect(myGame(t, view({ you: 'white' })).result).toBe('win');
    expect(myGame(t, view({ result: '1/2-1/2' })).result).toBe('draw');
    expect(myGame(t, view({ status: 'ongoing', result: '*' })).result).toBe('ongoing');
    expect(myGame(t, view({ result: '*' })).result).toBe('aborted');  // over without a result
  });
  it('names the opponent: the account, the computer, or Opponent', () => {
    expect(myGame(t, view({})).opponent).toBe('bolat');
    expect(myGame(t, view({ you: 'white' })).opponent).toBe(t.opponent);
    expect(myGame(t, view({ computer: 'white', level: 3 })).opponent).toBe(`${t.computer} · ${t.level} 3`);
  });
});
