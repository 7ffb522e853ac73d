// A tournament's tables: the standings (tie-breaks and arena sheets when the server sends them),
// the pairings by round with links to the games, the crosstable of a round robin and the bracket
// of a knockout. Each table scrolls inside its own box on a phone.
import { Icon } from '../common/icons';
import { fillText, sideName } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import { bracketOf, crosstableOf, roundsOf, scoreText } from './tournament_logic';
import type { Pairing, Standing, Tournament, TournamentSummary } from './tournaments_api';
import { TOURNAMENT_TEXTS, type TournamentsDict } from './tournaments_texts';
import { timeControlText } from '../play/clock_text';
import type { Dict } from '../common/i18n';

// "Round robin · 3+2 · 4/20 players"
export function termsText(t: Dict, tt: TournamentsDict, s: TournamentSummary): string {
  const format = (tt as Record<string, string>)[`format_${s.format}`] ?? s.format;
  return `${format} · ${timeControlText(t, s.clock.initial_s, s.clock.increment_s)} · ${s.rated ? tt.rated : tt.casual}`;
}

const playerLink = (name: string) => <a href={`#/player/${encodeURIComponent(name)}`}>{name}</a>;

// `onShowAll`: offered when only the leaders were pushed (standings_total says how many there are).
export function StandingsTable({ t: tour, me, onShowAll }: { t: Tournament; me?: string; onShowAll?: () => void }) {
  const tt = useDict(TOURNAMENT_TEXTS);
  const dict = tt as Record<string, string>;
  const names: string[] = [];
  for (const s of tour.standings) for (const k of Object.keys(s.tiebreaks ?? {})) if (!names.includes(k)) names.push(k);
  // An arena's sheets come beside the standings ("sheets", by name).
  const sheetOf = (s: Standing) => s.sheet ?? tour.sheets?.[s.username]?.sheet;
  const onFire = (s: Standing) => s.on_fire ?? tour.sheets?.[s.username]?.on_fire;
  const sheets = tour.standings.some((s) => Array.isArray(sheetOf(s)));
  return (
    <section class="card">
      <h2>{tt.standings}</h2>
      <div class="table-box">
        <table class="games-table standings-table" data-testid="standings">
          <thead>
            <tr>
              <th>{tt.rank}</th><th>{tt.player}</th><th>{tt.score}</th>
              {names.map((n) => <th key={n} data-tiebreak={n}>{dict[`tb_${n}`] ?? n}</th>)}
              <th>{tt.games}</th>
              {sheets && <th>{tt.sheet}</th>}
            </tr>
          </thead>
          <tbody>
            {tour.standings.map((s, i) => [
              // A gap in the ranks: the player's own line after the leaders.
              i > 0 && s.rank > tour.standings[i - 1].rank + 1 && tour.standings[i - 1].rank !== s.rank
                ? <tr key={`gap-${s.username}`} class="gap" aria-hidden="true"><td colSpan={4 + names.length + (sheets ? 1 : 0)}>…</td></tr> : null,
              <tr key={s.username} data-standing={s.username} class={s.username === me ? 'me' : ''}>
                <td>{s.rank}</td>
                <td>{playerLink(s.username)}{onFire(s) ? <span title={tt.onFire} aria-label={tt.onFire} data-testid="on-fire"> <Icon name="fire" /></span> : null}</td>
                <td class="score" data-score={s.score}>{scoreText(s.score)}</td>
                {names.map((n) => <td key={n}>{s.tiebreaks?.[n] !== undefined ? scoreText(s.tiebreaks[n]) : ''}</td>)}
                <td>{s.games}</td>
                {sheets && (
                  <td class="sheet">{(sheetOf(s) ?? []).map((e, k) => (
                    <span key={k} class={`${e.doubled ? 'doubled' : ''} ${e.berserk ? 'berserk' : ''}`}>{e.points}</span>
                  ))}</td>
                )}
              </tr>,
            ])}
          </tbody>
        </table>
      </div>
      {onShowAll && (tour.standings_total ?? 0) > tour.standings.length && (
        <button data-action="all-standings" onClick={onShowAll}>{fillText(tt.allPlayers, { n: tour.standings_total ?? 0 })}</button>
      )}
    </section>
  );
}

function resultCell(p: Pairing, tt: Record<string, string>) {
  if (p.black === null || p.result === 'bye') return tt.bye;
  if (!p.result) return p.game_id ? tt.playing : '';
  const text = p.result === '1/2-1/2' ? '½–½' : p.result.replace('-', '–');
  return p.forfeit ? `${text} (${tt.forfeit})` : text;
}

export function PairingsTable({ t: tour, me }: { t: Tournament; me?: string }) {
  const { t, meta } = useTexts();
  const tt = useDict(TOURNAMENT_TEXTS) as Record<string, string>;
  const sides = meta.find((g) => g.name === tour.game)?.sides ?? ['white', 'black'];
  const rounds = roundsOf(tour.pairings).reverse();  // the latest round first
  if (!rounds.length) return null;
  return (
    <section class="card">
      <h2>{tt.pairings}</h2>
      {rounds.map(([round, list]) => (
        <div key={round} class="round" data-round={round}>
          <h3>{tt.roundN.replace('{n}', String(round))}</h3>
          <div class="table-box">
            <table class="games-table pairings-table">
              <thead><tr><th>{sideName(t, sides[0])}</th><th>{sideName(t, sides[1])}</th><th>{t.result}</th><th></th></tr></thead>
              <tbody>
                {list.map((p, i) => (
                  <tr key={i} data-pairing={p.game_id ?? `bye-${p.white}`} class={me && (p.white === me || p.black === me) ? 'me' : ''}>
                    <td>{playerLink(p.white)}</td>
                    <td>{p.black ? playerLink(p.black) : '—'}</td>
                    <td data-result={p.result ?? ''}>{resultCell(p, tt)}</td>
                    <td>{p.game_id && <a href={`#/game/${p.game_id}`} data-game-link={p.game_id}>{tt.watch}</a>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}

export function CrosstableView({ t: tour }: { t: Tournament }) {
  const tt = useDict(TOURNAMENT_TEXTS);
  const x = crosstableOf(tour);
  if (x.players.length < 2) return null;
  return (
    <section class="card">
      <h2>{tt.crosstable}</h2>
      <div class="table-box">
        <table class="crosstable" data-testid="crosstable">
          <thead>
            <tr><th></th><th>{tt.player}</th>{x.players.map((_, j) => <th key={j}>{j + 1}</th>)}<th>{tt.score}</th></tr>
          </thead>
          <tbody>
            {x.players.map((name, i) => (
              <tr key={name} data-cross={name}>
                <td>{i + 1}</td>
                <td class="name">{name}</td>
                {x.cells[i].map((c, j) => <td key={j} class={i === j ? 'self' : ''}>{c}</td>)}
                <td class="score">{scoreText(x.scores[i])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function BracketView({ t: tour }: { t: Tournament }) {
  const tt = useDict(TOURNAMENT_TEXTS);
  const rounds = bracketOf(tour.bracket, tour.entrants);
  if (!rounds) return null;
  const side = (name: string | null, score: number | null, winner: string | null) => (
    <div class={`bracket-player ${name && name === winner ? 'winner' : ''}`}>
      <span>{name ?? '—'}</span>{score !== null && <b>{scoreText(score)}</b>}
    </div>
  );
  return (
    <section class="card">
      <h2>{tt.bracket}</h2>
      <div class="table-box">
        <div class="bracket" data-testid="bracket">
          {rounds.map((matches, r) => (
            <div key={r} class="bracket-round">
              <h3>{tt.roundN.replace('{n}', String(r + 1))}</h3>
              {matches.map((m, i) => (
                <div key={i} class="bracket-match">
                  {side(m.a, m.aScore, m.winner)}
                  {side(m.b, m.bScore, m.winner)}
                  {m.games.map((g, k) => <a key={g} href={`#/game/${g}`}>{k + 1}</a>)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

// Who has joined (before the start, and beside the standings later): withdrawn and paused marked;
// its creator may take a player out (`onRemove`).
export function EntrantsList({ t: tour, onRemove, busy }: { t: Tournament; onRemove?: (name: string) => void; busy?: boolean }) {
  const tt = useDict(TOURNAMENT_TEXTS);
  const list = [...(tour.entrants ?? [])].sort((a, b) => a.number - b.number);
  return (
    <section class="card">
      <h2>{tt.entrants} ({tour.players}/{tour.max_players})</h2>
      {list.length === 0 ? <p class="muted">{tt.noEntrants}</p> : (
        <ol class="entrants" data-testid="entrants">
          {list.map((e) => (
            <li key={e.username} data-entrant={e.username}>
              {playerLink(e.username)}{e.rating ? <span class="muted"> {e.rating}</span> : null}
              {!e.active && <span class="muted"> ({tt.withdrawn})</span>}
              {e.paused && <span class="muted"> ({tt.paused})</span>}
              {onRemove && e.active && (
                <button class="link small" data-action="remove-player" disabled={busy} onClick={() => onRemove(e.username)}
                        aria-label={`${tt.removePlayer}: ${e.username}`}>{tt.removePlayer}</button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
