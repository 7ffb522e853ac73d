// A player's page (#/player/NAME): ratings per game and speed class with their deviation and a
// provisional mark, the game counts, the recent games (each opens the game) and the rating
// history of one game as a chart; a signed-in visitor can challenge the player from here, block
// them (or unblock) and report them to the moderators.
import { useEffect, useState } from 'preact/hooks';
import { accountApi, deltaText, ratingText, type Account, type PlayerView, type RecentGame } from './account_api';
import type { MetaGame } from '../common/api';
import { sideName, type Dict, fillText } from '../common/i18n';
import { errorText } from '../common/server_texts';
import { GameIcon } from '../play/new_game';
import { RatingChart } from './rating_chart';
import { OFFLINE_TEXTS } from '../offline/offline_texts';
import { ChallengeForm } from '../lobby/challenge_form';
import { fairPlayApi } from '../fair_play/fair_play_api';
import { ReportDialog } from '../fair_play/report_dialog';
import { useDict, useTexts } from '../common/texts_context';
import { ACCOUNT_TEXTS } from './account_texts';
import { FAIR_TEXTS } from '../fair_play/fair_play_texts';
import { Icon } from '../common/icons';


// The game's outcome for this player: the server may say "win"/"loss"/"draw", or give the result
// as "1-0"/"0-1"/"1/2-1/2" with the player's colour.
export function outcome(g: RecentGame, meta: MetaGame[]): 'win' | 'loss' | 'draw' | '' {
  if (g.result === 'win' || g.result === 'loss' || g.result === 'draw') return g.result;
  if (g.result === '1/2-1/2') return 'draw';
  const sides = meta.find((m) => m.name === g.game)?.sides ?? ['white', 'black'];
  const first = g.color === sides[0];
  if (g.result === '1-0') return first ? 'win' : 'loss';
  if (g.result === '0-1') return first ? 'loss' : 'win';
  return '';
}

export function speedName(t: Dict, speed: string | null | undefined): string {
  if (!speed) return t.untimed;
  return (t as unknown as Record<string, string>)[`speed_${speed}`] ?? speed;
}

// Block / Unblock (the state is the user's list, GET /api/blocks) and Report, for a signed-in
// visitor of another player's page. `setBlocked` tells the page, which then offers no challenge.
function FairPlayActions({ name, blocked, setBlocked }: {
  name: string; blocked: boolean | null; setBlocked: (b: boolean) => void;
}) {
  const { t } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [reporting, setReporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await (blocked ? fairPlayApi.unblock(name) : fairPlayApi.block(name));
      setBlocked(r.blocked.some((b) => b.username.toLowerCase() === name.toLowerCase()));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="fair-play-actions" data-testid="fair-play-actions">
      <button data-action={blocked ? 'unblock' : 'block'} data-blocked={blocked ? '1' : '0'} disabled={busy || blocked === null}
              onClick={toggle}>{blocked ? ft.unblock : ft.block}</button>
      <button data-action="report" onClick={() => setReporting(true)}><Icon name="flag" /> {ft.report}</button>
      {blocked && <p class="muted small" data-testid="blocked-note">{fillText(ft.blockedNote, { name })}</p>}
      {error !== null && <p class="error" role="alert" data-testid="block-error">{errorText(t, error)}</p>}
      {reporting && <ReportDialog username={name} onClose={() => setReporting(false)} />}
    </div>
  );
}

export function PlayerPage({ name, account }: {
  name: string; account?: Account | null;
}) {
  const { t, meta } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const ot = useDict(OFFLINE_TEXTS);
  const [player, setPlayer] = useState<PlayerView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [chartGame, setChartGame] = useState('');
  // Whether the signed-in visitor has blocked this player (null: not known yet).
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const signedIn = !!account;
  useEffect(() => {
    setPlayer(null);
    setError(null);
    accountApi.player(name).then(setPlayer).catch(setError);
  }, [name]);
  useEffect(() => {
    setBlocked(null);
    if (!signedIn) return;
    fairPlayApi.blocks()
      .then((r) => setBlocked(r.blocked.some((b) => b.username.toLowerCase() === name.toLowerCase())))
      .catch(() => setBlocked(false));
  }, [name, signedIn]);
  if (error !== null) return <section class="card"><p class="error" role="alert" data-testid="player-error">{errorText(t, error)}</p></section>;
  if (!player) return <section class="card loading">…</section>;
  const dict = t as unknown as Record<string, string>;
  const gameTitle = (g: string) => dict[g] ?? meta.find((m) => m.name === g)?.title ?? g;
  const games = [...new Set([...player.ratings.map((r) => r.game), ...player.history.map((h) => h.game)])];
  const shownGame = games.includes(chartGame) ? chartGame : games[0] ?? '';
  const c = player.counts;
  return (
    <div class="player-page" data-testid="player-page" data-player={player.username}>
      <section class="card player-head">
        <h1>{player.username}</h1>
        <p class="muted small">{at.memberSince} {player.created_at.slice(0, 10)}</p>
        {account && account.username.toLowerCase() !== player.username.toLowerCase() && (
          <>
            {meta.length > 0 && !blocked && <ChallengeForm to={player.username} />}
            <FairPlayActions name={player.username} blocked={blocked} setBlocked={setBlocked} />
          </>
        )}
        <div class="counts" data-testid="player-counts">
          <span><b>{c.games}</b> {at.record}</span>
          <span class="win"><b>{c.wins}</b> {at.wins}</span>
          <span class="loss"><b>{c.losses}</b> {at.losses}</span>
          <span><b>{c.draws}</b> {at.draws}</span>
        </div>
      </section>
      <section class="card">
        <h2>{at.ratings}</h2>
        {player.ratings.length === 0 && <p class="muted">{at.noRatings}</p>}
        <div class="rating-cards">
          {player.ratings.map((r) => (
            <a key={`${r.game}-${r.speed}`} class={`rating-card ${r.provisional ? 'provisional' : ''}`}
               href={`#/leaderboard/${r.game}/${r.speed}`} data-rating={`${r.game}-${r.speed}`}
               title={r.provisional ? at.provisional : undefined}>
              <span class="rating-game"><GameIcon game={r.game} /> {gameTitle(r.game)}</span>
              <span class="rating-speed">{speedName(t, r.speed)}</span>
              <span class="rating-value">{ratingText(r.rating, r.provisional)}</span>
              <span class="muted small">{at.rd} {Math.round(r.rd)} · {r.games} {at.games.toLowerCase()}
                {r.provisional && <> · {at.provisional}</>}</span>
            </a>
          ))}
        </div>
      </section>
      <section class="card">
        <h2>{at.ratingHistory}</h2>
        {games.length > 1 && (
          <div class="segmented small-seg">
            {games.map((g) => (
              <button key={g} class={g === shownGame ? 'selected' : ''} data-chart-game={g} onClick={() => setChartGame(g)}>
                {gameTitle(g)}
              </button>
            ))}
          </div>
        )}
        {player.history.some((h) => h.game === shownGame)
          ? <RatingChart points={player.history.filter((h) => h.game === shownGame)} speedName={(s) => speedName(t, s)}
                         label={`${at.ratingHistory}: ${gameTitle(shownGame)}`} />
          : <p class="muted">{at.noHistory}</p>}
      </section>
      <section class="card">
        <h2>{at.recentGames}</h2>
        {player.recent.length === 0 && <p class="muted">{at.noRecentGames}</p>}
        {player.recent.length > 0 && (
          <table class="games-table recent-table" data-testid="recent-games">
            <thead><tr><th>{t.game}</th><th>{at.opponent}</th><th>{at.result}</th><th>{at.change}</th><th>{at.date}</th></tr></thead>
            <tbody>
              {player.recent.map((g) => {
                const o = outcome(g, meta);
                return (
                  <tr key={g.id} data-recent={g.id} onClick={() => (location.hash = `#/game/${g.id}`)}>
                    <td>
                      <a href={`#/game/${g.id}`} onClick={(e) => e.stopPropagation()}><GameIcon game={g.game} /></a>
                      <span class="recent-game"><span class="recent-game-title">{gameTitle(g.game)}</span><small class="muted">{speedName(t, g.speed)} · {g.rated ? at.rated : at.casual}{g.played_in_browser && <span data-testid="played-in-browser"> · {ot.playedInBrowser}</span>}</small></span>
                    </td>
                    <td>
                      <i class={`stone-dot ${g.color}`} title={sideName(t, g.color)} />{' '}
                      {g.opponent
                        ? <a href={`#/player/${encodeURIComponent(g.opponent)}`} onClick={(e) => e.stopPropagation()}>{g.opponent}</a>
                        : <span class="muted">{at.computerOpponent}</span>}
                    </td>
                    <td class={`outcome ${o}`}>{o ? at[o] : g.result}</td>
                    <td class={g.delta === null ? 'muted' : g.delta >= 0 ? 'delta up' : 'delta down'}>
                      {g.delta === null ? '—' : deltaText(g.delta)}
                    </td>
                    <td class="muted small">{g.ended_at ? g.ended_at.slice(0, 10) : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
