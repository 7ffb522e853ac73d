// A tournament's page (#/tournament/ID), live over /ws/tournaments/ID: name, format, game, clock,
// status, a countdown to the start (or an arena's end) on the server's clock, join (with the
// password when there is one), withdraw, and for its creator start and cancel, each button asking
// once however fast the clicks; the standings, the pairings by round, the crosstable of a round
// robin and the bracket of a knockout. When the socket says a new game of mine is paired, the page
// says so and takes me to it (once per game: coming back here from it does not send me there again).
import { Icon } from '../common/icons';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Account } from '../account/account_api';
import { ApiError } from '../common/api';
import { fillText, sideName } from '../common/i18n';
import { errorText } from '../common/server_texts';
import { storage } from '../common/storage';
import { useGuard } from '../common/guard';
import { useDict, useTexts } from '../common/texts_context';
import { clockOffset, formatCountdown, msUntil, openGameOf } from './tournament_logic';
import { BracketView, CrosstableView, EntrantsList, PairingsTable, StandingsTable, termsText } from './tournament_tables';
import { tournamentsApi, watchTournament, type GameNotice, type Tournament } from './tournaments_api';
import { TOURNAMENT_TEXTS } from './tournaments_texts';

const TAKEN = 'oyin.tournament.taken';

// The games this browser was taken to already (the newest 50).
export const takenGames = {
  has: (id: string) => (storage.object<{ ids?: string[] }>(TAKEN).ids ?? []).includes(id),
  add(id: string) {
    const ids = (storage.object<{ ids?: string[] }>(TAKEN).ids ?? []).filter((x) => x !== id);
    ids.push(id);
    storage.setJson(TAKEN, { ids: ids.slice(-50) });
  },
};

// Ticks every second while mounted.
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Countdown({ t: tour, offset }: { t: Tournament; offset: number }) {
  const tt = useDict(TOURNAMENT_TEXTS);
  const now = useNow();
  if (tour.status === 'created') {
    const left = msUntil(tour.starts_at, offset, now);
    if (left !== null && left > 0)
      return <p class="countdown" data-testid="countdown">{fillText(tt.startsIn, { time: formatCountdown(left, tt.days) })}</p>;
    return <p class="countdown muted" data-testid="countdown">{fillText(tt.waitingForPlayers, { min: tour.min_players, players: tour.players })}</p>;
  }
  if (tour.status === 'running' && tour.ends_at) {
    const left = msUntil(tour.ends_at, offset, now);
    if (left !== null) return <p class="countdown" data-testid="countdown">{fillText(tt.endsIn, { time: formatCountdown(left, tt.days) })}</p>;
  }
  return null;
}

export function TournamentPage({ id, account }: { id: string; account: Account | null | undefined }) {
  const { t, meta } = useTexts();
  const tt = useDict(TOURNAMENT_TEXTS);
  const dict = t as unknown as Record<string, string>;
  const [tour, setTour] = useState<Tournament | null>(null);
  const [offset, setOffset] = useState(0);
  const [missing, setMissing] = useState(false);
  const [notice, setNotice] = useState<GameNotice | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [password, setPassword] = useState('');
  const { busy, guard } = useGuard();
  const me = account?.username;
  const meRef = useRef(me);
  meRef.current = me;

  // "All players": the whole view is fetched (GET) and its tables kept, refreshed at most every
  // 10 s as the pushes (only the leaders) come.
  const all = useRef<{ on: boolean; view: Tournament | null; at: number }>({ on: false, view: null, at: 0 });
  const fetchAll = () => {
    all.current.at = Date.now();
    tournamentsApi.get(id).then((v) => {
      all.current.view = v;
      show(v);
    }).catch(setError);
  };
  const show = (v: Tournament) => {
    const a = all.current;
    const pushedHead = v.standings_total !== undefined;
    if (a.on && pushedHead && a.view) {
      if (Date.now() - a.at > 10_000) fetchAll();
      v = { ...v, standings: a.view.standings, sheets: a.view.sheets, entrants: a.view.entrants,
            standings_total: undefined };
    }
    setTour(v);
    setOffset(clockOffset(v.now, Date.now()));
  };
  const showAll = () => {
    all.current.on = true;
    fetchAll();
  };
  useEffect(() => {
    tournamentsApi.get(id).then(show).catch((e) => {
      if (e instanceof ApiError && e.status === 404) setMissing(true);
      else setError(e);
    });
  }, [id]);
  // The socket follows the account: a sign-in opens it again, so the server knows whose games to tell.
  useEffect(() => {
    if (account === undefined) return;
    const w = watchTournament(id, show, (g) => {
      setNotice(g);
      if (takenGames.has(g.game_id)) return;
      takenGames.add(g.game_id);
      location.hash = `#/game/${g.game_id}`;
    }, (code) => {
      if (code !== 'no_such_tournament') return;
      setMissing(true);
      w.close();  // no use asking again
    });
    return w.close;
  }, [id, account?.username]);

  const act = (f: () => Promise<unknown>) => guard(async () => {
    setError(null);
    try {
      const r = await f();
      if (r && typeof r === 'object' && 'now' in r) show(r as Tournament);
      else show(await tournamentsApi.get(id));
    } catch (e) {
      setError(e);
    }
  });
  const join = act(() => tournamentsApi.join(id, password || undefined));
  const withdraw = act(() => tournamentsApi.withdraw(id));
  const start = act(() => tournamentsApi.start(id));
  const cancel = act(() => tournamentsApi.cancel(id));
  const remove = (name: string) => act(() => tournamentsApi.remove(id, name))();
  // The TRF report as a file (the server answers {"text"}).
  const downloadTrf = guard(async () => {
    try {
      const { text } = await tournamentsApi.trf(id);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      a.download = `tournament-${id}.trf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (e) {
      setError(e);
    }
  });

  if (missing) return <section class="card"><p data-testid="tournament-missing">{tt.notFound}</p><a href="#/tournaments">{tt.back}</a></section>;
  if (!tour) return <section class="card"><p class="muted">{tt.loading}</p>{error !== null && <p class="error">{errorText(t, error)}</p>}</section>;

  const entrant = tour.entrants?.find((e) => e.username === me);
  const playing = !!entrant && entrant.active;
  const creator = !!me && tour.creator === me;
  const open = tour.status === 'created' || (tour.status === 'running' && (tour.format === 'arena' || tour.format === 'swiss'));
  const canJoin = !!me && open && !playing && tour.status !== 'finished';
  const canWithdraw = playing && (tour.status === 'created' || tour.status === 'running');
  const game = openGameOf(tour.pairings, me);
  const sides = meta.find((g) => g.name === tour.game)?.sides ?? ['white', 'black'];
  const banner = game && {
    game_id: game.game_id!, round: game.round,
    color: notice?.game_id === game.game_id ? notice.color : game.white === me ? sides[0] : sides[1],
  };
  const status = (tt as Record<string, string>)[`status_${tour.status}`] ?? tour.status;
  const removing = creator && (tour.status === 'created' || tour.status === 'running') ? remove : undefined;
  return (
    <div class="tournament-page" data-testid="tournament-page" data-tournament-id={tour.id} data-status={tour.status} data-round={tour.round}>
      <section class="card tournament-head">
        <a class="muted small" href="#/tournaments">← {tt.back}</a>
        <h1 data-testid="tournament-name">{tour.name}{tour.password ? <> <Icon name="lock" /></> : ''}</h1>
        <p class="terms">{dict[tour.game] ?? tour.game} · {termsText(t, tt, tour)}
          {tour.format === 'swiss' && tour.rounds ? ` · ${tt.rounds} ${tour.rounds}` : ''}
          {tour.format === 'arena' && tour.minutes ? ` · ${tour.minutes} min` : ''}
          {tour.double ? ` · ${tt.double}` : ''}
        </p>
        <p class="muted small">{fillText(tt.createdBy, { name: tour.creator })} · {new Date(tour.starts_at).toLocaleString(t.lang)}</p>
        <p><span class={`status-tag status-${tour.status}`} data-testid="tournament-status">{status}</span>
          {tour.round > 0 && tour.status === 'running' && <span class="muted"> · {fillText(tt.roundN, { n: tour.round })}</span>}
        </p>
        <Countdown t={tour} offset={offset} />
        {banner && (
          <p class="notice your-game" role="status" data-testid="your-game">
            {fillText(tt.yourGame, { round: banner.round, color: sideName(t, banner.color) })}{' '}
            <a class="button primary" href={`#/game/${banner.game_id}`} data-action="go-to-game">{tt.goToGame}</a>
          </p>
        )}
        {playing && tour.status !== 'finished' && <p class="muted" data-testid="you-play">{tt.youPlay}</p>}
        {account === null && open && <p class="muted">{tt.signInToCreate}</p>}
        <div class="tournament-actions">
          {canJoin && tour.password && (
            <label class="password-field">{tt.password}
              <input type="password" autocomplete="off" value={password} data-testid="join-password"
                     onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
            </label>
          )}
          {canJoin && <button class="primary" data-action="join" disabled={busy} onClick={join}>{tt.join}</button>}
          {canWithdraw && <button data-action="withdraw" disabled={busy} onClick={withdraw}>{tt.withdraw}</button>}
          {creator && tour.status === 'created' && (
            <>
              <button class="primary" data-action="start" disabled={busy || tour.players < 2} onClick={start}>{tt.startEarly}</button>
              <button class="danger" data-action="cancel" disabled={busy} onClick={cancel}>{tt.cancelTournament}</button>
            </>
          )}
          {(tour.format === 'round_robin' || tour.format === 'swiss') && tour.status === 'finished' && (
            <button data-action="trf" disabled={busy} onClick={downloadTrf}>{tt.trf}</button>
          )}
        </div>
        {error !== null && <p class="error" role="alert" data-testid="tournament-error">{errorText(t, error)}</p>}
      </section>
      {tour.status === 'created' || tour.status === 'cancelled' ? <EntrantsList t={tour} onRemove={removing} busy={busy} /> : (
        <div class="tournament-columns">
          <div class="tournament-main">
            <StandingsTable t={tour} me={me} onShowAll={showAll} />
            {tour.format === 'knockout' && <BracketView t={tour} />}
            {tour.format === 'round_robin' && <CrosstableView t={tour} />}
            <PairingsTable t={tour} me={me} />
          </div>
          <EntrantsList t={tour} onRemove={removing} busy={busy} />
        </div>
      )}
    </div>
  );
}
