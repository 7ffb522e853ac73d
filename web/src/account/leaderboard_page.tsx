// The hall of fame of one game (#/leaderboard/GAME/SPEED): the ranked players of a speed class
// (established ratings first, provisional ones after), the fixed rating of each computer level,
// and who first beat each level.
import { useEffect, useState } from 'preact/hooks';
import { accountApi, ratingText, speedsOf, type LeaderboardView } from './account_api';
import { errorText } from '../common/server_texts';
import { GameIcon } from '../play/new_game';
import { speedName } from './player_page';
import { useDict, useTexts } from '../common/texts_context';
import { ACCOUNT_TEXTS } from './account_texts';

const playerLink = (name: string) => `#/player/${encodeURIComponent(name)}`;

export function LeaderboardPage({ game, speed }: {
  game: string; speed: string;
}) {
  const { t, meta } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const entry = meta.find((m) => m.name === game) ?? meta[0];
  const name = entry?.name ?? '';
  const speeds = speedsOf(entry?.clock_presets);
  const [board, setBoard] = useState<LeaderboardView | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!name) return;
    setError(null);
    accountApi.leaderboard(name, speed || undefined).then(setBoard).catch(setError);
  }, [name, speed]);
  const dict = t as unknown as Record<string, string>;
  const shownSpeed = speed || board?.speed || speeds[0] || '';
  const current = board && board.game === name ? board : null;
  const firsts = new Map((current?.first_beaten ?? []).map((f) => [f.level, f]));
  return (
    <div class="leaderboard-page" data-testid="leaderboard" data-game={name} data-speed={current?.speed ?? ''}>
      <section class="card">
        <h1>{at.hallOfFame}</h1>
        <div class="game-picker compact">
          {meta.map((g) => (
            <a key={g.name} class={`game-choice ${name === g.name ? 'selected' : ''}`} data-board-game={g.name}
               href={`#/leaderboard/${g.name}${shownSpeed ? `/${shownSpeed}` : ''}`}>
              <GameIcon game={g.name} /><span>{dict[g.name] ?? g.title}</span>
            </a>
          ))}
        </div>
        {speeds.length > 0 && (
          <fieldset class="segmented">
            <legend>{at.speed}</legend>
            {speeds.map((s) => (
              <a key={s} class={`button ${s === shownSpeed ? 'selected' : ''}`} data-speed={s} href={`#/leaderboard/${name}/${s}`}>
                {speedName(t, s)}
              </a>
            ))}
          </fieldset>
        )}
        {error !== null && <p class="error" role="alert">{errorText(t, error)}</p>}
      </section>
      {current && (
        <div class="leaderboard-columns">
          <section class="card">
            <h2>{at.leaderboard} · {speedName(t, current.speed)}</h2>
            {current.players.length === 0 && <p class="muted">{at.noPlayers}</p>}
            {current.players.length > 0 && (
              <table class="games-table ranking" data-testid="ranking">
                <thead><tr><th>{at.rank}</th><th>{at.player}</th><th>{at.rating}</th><th>{at.rd}</th><th>{at.games}</th></tr></thead>
                <tbody>
                  {current.players.map((p) => {
                    const provisional = p.provisional ?? p.rank === null;
                    return (
                      <tr key={p.username} data-ranked={p.username} class={provisional ? 'provisional' : ''}
                          onClick={() => (location.hash = playerLink(p.username))}>
                        <td>{p.rank ?? ''}</td>
                        <td><a href={playerLink(p.username)} onClick={(e) => e.stopPropagation()}>{p.username}</a></td>
                        <td title={provisional ? at.provisional : undefined}><b>{ratingText(p.rating, provisional)}</b></td>
                        <td class="muted">±{Math.round(p.rd)}</td>
                        <td>{p.games}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
          <section class="card">
            <h2>{at.computerLevels}</h2>
            <table class="games-table computer-levels" data-testid="computer-levels">
              <thead><tr><th>{at.level}</th><th>{at.rating}</th><th>{at.firstBeaten}</th></tr></thead>
              <tbody>
                {current.computer.map((c) => {
                  const f = firsts.get(c.level);
                  return (
                    <tr key={c.level} data-level={c.level}>
                      <td>{c.level}</td>
                      <td>{Math.round(c.rating)}</td>
                      <td>
                        {f
                          ? <span data-first-beaten={f.username}>
                              <a href={playerLink(f.username)}>{f.username}</a>{' '}
                              <a class="muted small" href={`#/game/${f.game_id}`}>{f.at.slice(0, 10)}</a>
                            </span>
                          : <span class="muted small">{at.notYetBeaten}</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        </div>
      )}
    </div>
  );
}
