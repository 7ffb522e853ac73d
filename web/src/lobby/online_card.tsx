// Signs of life in the lobby: how many players are on the site and who (signed-in names, links to
// their pages), and the online games being played now, the top-rated first, each with its players,
// ratings and spectators and a link to watch it (GET /api/online, asked again every 20 s).
import { useEffect, useState } from 'preact/hooks';
import { call } from '../common/api';
import { useDict, useTexts } from '../common/texts_context';
import { fillText } from '../common/i18n';
import { Icon } from '../common/icons';
import { LOBBY_TEXTS } from './lobby_texts';

export interface OnlineGame {
  id: string;
  game: string;
  sides: [string, string];
  ply: number;
  rated: boolean;
  players: { username: string | null; rating: number | null }[];
  spectators: number;
}
export interface Online {
  players: number;
  names: string[];
  games: OnlineGame[];
}

const EVERY_MS = 20_000;

export function OnlineCard() {
  const { t } = useTexts();
  const lt = useDict(LOBBY_TEXTS);
  const [online, setOnline] = useState<Online | null>(null);
  useEffect(() => {
    let stop = false;
    const ask = () => call<Online>('GET', '/api/online').then((o) => { if (!stop) setOnline(o); }).catch(() => undefined);
    ask();
    const timer = setInterval(ask, EVERY_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, []);
  if (!online) return null;
  const dict = t as unknown as Record<string, string>;
  const who = (p: OnlineGame['players'][number] | undefined) => (p?.username
    ? <a href={`#/player/${encodeURIComponent(p.username)}`}>{p.username}</a> : <span class="muted">{lt.guest}</span>);
  return (
    <section class="card online-card" data-testid="online">
      <h2 data-testid="players-online" data-count={online.players}>{fillText(lt.playersOnline, { n: online.players })}</h2>
      {online.names.length > 0 && (
        <p class="online-names" data-testid="online-names">
          {online.names.map((n, i) => <>{i ? ', ' : ''}<a key={n} href={`#/player/${encodeURIComponent(n)}`}>{n}</a></>)}
        </p>
      )}
      <h3>{lt.playingNow}</h3>
      {online.games.length === 0 ? <p class="muted" data-testid="no-games-now">{lt.noGamesNow}</p> : (
        <ul class="watch-list" data-testid="watch-list">
          {online.games.map((g) => (
            <li key={g.id} data-watch={g.id}>
              <span class="watch-game">{dict[g.game] ?? g.game}</span>{' '}
              {who(g.players[0])}{g.players[0]?.rating ? ` (${g.players[0].rating})` : ''} – {who(g.players[1])}
              {g.players[1]?.rating ? ` (${g.players[1].rating})` : ''}{' '}
              <span class="muted" data-spectators={g.spectators} title={lt.spectatorsTitle}><Icon name="eye" /> {g.spectators}</span>{' '}
              <a class="button" href={`#/game/${g.id}`} data-action="watch">{lt.watch}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
