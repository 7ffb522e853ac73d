// The tournaments (#/tournaments): upcoming, running and finished, filtered by game, each a link to
// its page (#/tournament/ID); a signed-in user creates one in a dialog. TournamentsRoute is the
// app's one entry to both pages.
import { Icon } from '../common/icons';
import { useEffect, useState } from 'preact/hooks';
import type { Account } from '../account/account_api';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import { GameIcon } from '../play/new_game';
import { CreateDialog } from './create_dialog';
import { TournamentPage } from './tournament_page';
import { tournamentsApi, type TournamentLists, type TournamentSummary } from './tournaments_api';
import { TOURNAMENT_TEXTS } from './tournaments_texts';
import { termsText } from './tournament_tables';
import './tournaments.css';

export function TournamentsRoute({ route, account }: { route: string[]; account: Account | null | undefined }) {
  if (route[0] === 'tournament' && route[1]) return <TournamentPage key={route[1]} id={route[1]} account={account} />;
  return <TournamentsPage account={account} game={route[1] ?? ''} />;
}

function TournamentList({ title, list, kind }: { title: string; list: TournamentSummary[]; kind: string }) {
  const { t } = useTexts();
  const tt = useDict(TOURNAMENT_TEXTS);
  const dict = t as unknown as Record<string, string>;
  return (
    <section class="card tournament-list" data-list={kind}>
      <h2>{title}</h2>
      {list.length === 0 ? <p class="muted">{tt.noTournaments}</p> : (
        <ul>
          {list.map((s) => (
            <li key={s.id} data-tournament={s.id}>
              <a href={`#/tournament/${s.id}`}>
                <GameIcon game={s.game} />
                <span class="tournament-name">{s.name}{s.password ? <> <Icon name="lock" /></> : ''}</span>
                <small class="muted">{dict[s.game] ?? s.game} · {termsText(t, tt, s)} · {tt.players} {s.players}/{s.max_players}</small>
                <small class="muted">{new Date(s.starts_at).toLocaleString(t.lang)}</small>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TournamentsPage({ account, game }: { account: Account | null | undefined; game: string }) {
  const { t, meta } = useTexts();
  const tt = useDict(TOURNAMENT_TEXTS);
  const dict = t as unknown as Record<string, string>;
  const [lists, setLists] = useState<TournamentLists | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () => tournamentsApi.list().then((l) => live && setLists(l)).catch((e) => live && setError(e));
    load();
    const timer = setInterval(load, 15_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  const only = (l: TournamentSummary[]) => (game ? l.filter((s) => s.game === game) : l);
  return (
    <div class="tournaments-page" data-testid="tournaments-page">
      <section class="card tournaments-head">
        <h1>{tt.tournaments}</h1>
        <div class="segmented" role="group" aria-label={t.game}>
          <a class={`button ${game ? '' : 'selected'}`} href="#/tournaments" data-filter="">{tt.allGames}</a>
          {meta.map((g) => (
            <a key={g.name} class={`button ${game === g.name ? 'selected' : ''}`} href={`#/tournaments/${g.name}`} data-filter={g.name}>
              {dict[g.name] ?? g.title}
            </a>
          ))}
        </div>
        {account
          ? <button class="primary" data-action="create-tournament" onClick={() => setCreating(true)}>{tt.create}</button>
          : account === null && <p class="muted" data-testid="sign-in-to-create">{tt.signInToCreate}</p>}
        {error !== null && <p class="error" role="alert">{errorText(t, error)}</p>}
      </section>
      {lists && (
        <>
          <TournamentList title={tt.running} list={only(lists.running)} kind="running" />
          <TournamentList title={tt.upcoming} list={only(lists.upcoming)} kind="upcoming" />
          <TournamentList title={tt.finished} list={only(lists.finished)} kind="finished" />
        </>
      )}
      {creating && <CreateDialog onClose={() => setCreating(false)} initialGame={game} />}
    </div>
  );
}
