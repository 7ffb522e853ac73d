// History's "My games": the games whose seats this browser holds (a guest's games here, and a
// signed-in player's played on this device), each read with its seat's token, newest first, with
// filters by game, result (the player's: win, loss, draw; in progress; aborted) and opponent.
import { useEffect, useState } from 'preact/hooks';
import { api, type GameView } from '../common/api';
import { storage } from '../common/storage';
import { useDict, useTexts } from '../common/texts_context';
import type { Dict } from '../common/i18n';
import { GameIcon } from './new_game';
import { TABLE_TEXTS } from './table_texts';

const MAX_GAMES = 40;
const SEAT_PREFIX = 'oyin.seat.';

export type MyResult = 'win' | 'loss' | 'draw' | 'ongoing' | 'aborted';

export interface MyGame {
  id: string;
  game: string;
  opponent: string;  // a name, "Computer · Level 3", or "Opponent" for a guest
  result: MyResult;
  moves: number;
  version: number;   // grows with every change: the newest game first
}

// One row of My games from the game as its seat `me` reads it.
export function myGame(t: Dict, v: GameView): MyGame {
  const me = v.you && v.you !== 'both' ? v.you : v.sides[0];
  const i = v.sides.indexOf(me);
  const other = 1 - i;
  const opponent = v.computer === v.sides[other] ? `${t.computer} · ${t.level} ${v.level}`
    : v.you === 'both' ? t.hotseat : v.players?.[other]?.username ?? t.opponent;
  let result: MyResult = 'ongoing';
  if (v.status === 'finished') {
    if (v.result === '1/2-1/2') result = 'draw';
    else if (v.result === '1-0' || v.result === '0-1') result = (v.result === '1-0') === (i === 0) ? 'win' : 'loss';
    else result = 'aborted';
  }
  return { id: v.id, game: v.game, opponent, result, moves: v.ply, version: v.version };
}

// The ids of the games this browser holds a seat of.
export function seatIds(): string[] {
  const out: string[] = [];
  try {
    for (let k = 0; k < localStorage.length; ++k) {
      const key = localStorage.key(k);
      if (key?.startsWith(SEAT_PREFIX) && storage.text(key)) out.push(key.slice(SEAT_PREFIX.length));
    }
  } catch {
    // storage forbidden: no games of one's own here
  }
  return out;
}

export function MyGames() {
  const { t, meta } = useTexts();
  const tt = useDict(TABLE_TEXTS);
  const [games, setGames] = useState<MyGame[] | null>(null);
  const [game, setGame] = useState('');
  const [result, setResult] = useState('');
  const [opponent, setOpponent] = useState('');
  useEffect(() => {
    const ids = seatIds().slice(-MAX_GAMES);
    Promise.all(ids.map((id) => api.get(id, storage.text(`${SEAT_PREFIX}${id}`) ?? '').then((v) => myGame(t, v)).catch(() => null)))
      .then((rows) => setGames(rows.filter((r): r is MyGame => r !== null).sort((a, b) => b.version - a.version)));
  }, [t]);
  if (!games) return <p class="muted">…</p>;
  const dict = t as unknown as Record<string, string>;
  const words = tt as unknown as Record<string, string>;
  const shown = games.filter((g) => (!game || g.game === game) && (!result || g.result === result) &&
    (!opponent || g.opponent.toLowerCase().includes(opponent.trim().toLowerCase())));
  return (
    <div data-testid="my-games">
      <div class="history-filters">
        <select value={game} data-filter="game" aria-label={t.game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
          <option value="">{t.game}: {tt.any}</option>
          {meta.map((m) => <option key={m.name} value={m.name}>{dict[m.name] ?? m.title}</option>)}
        </select>
        <select value={result} data-filter="result" aria-label={t.result} onChange={(e) => setResult((e.target as HTMLSelectElement).value)}>
          <option value="">{t.result}: {tt.any}</option>
          {(['win', 'loss', 'draw', 'ongoing', 'aborted'] as const).map((r) => <option key={r} value={r}>{words[`result_${r}`]}</option>)}
        </select>
        <input type="search" value={opponent} data-filter="opponent" placeholder={t.opponent} aria-label={t.opponent}
               onInput={(e) => setOpponent((e.target as HTMLInputElement).value)} />
      </div>
      {shown.length === 0 ? <p class="muted" data-testid="no-my-games">{t.noGames}</p> : (
        <table class="games-table" data-testid="my-games-table">
          <thead><tr><th>{t.game}</th><th>{t.opponent}</th><th>{t.result}</th><th>{t.moves}</th></tr></thead>
          <tbody>
            {shown.map((g) => (
              <tr key={g.id} data-my-game={g.id} data-result={g.result} onClick={() => (location.hash = `#/game/${g.id}`)}>
                <td><GameIcon game={g.game} /> {dict[g.game] ?? g.game}</td>
                <td>{g.opponent}</td>
                <td class={g.result === 'win' ? 'delta up' : g.result === 'loss' ? 'delta down' : ''}>{words[`result_${g.result}`]}</td>
                <td>{g.moves}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
