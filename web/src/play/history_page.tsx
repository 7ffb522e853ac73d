// Saved games, newest first, paged; the games played in this browser; and importing a record for
// review.
import { useEffect, useState } from 'preact/hooks';
import { api, type ListedGame } from '../common/api';
import { errorText } from '../common/server_texts';
import { GameIcon } from './new_game';
import { useDict, useTexts } from '../common/texts_context';
import { Pager } from '../common/pager';
import { MyGames, seatIds } from './my_games';
import { TABLE_TEXTS } from './table_texts';
import { LocalGamesList } from '../offline/local_games_list';

const PAGE = 20;

export function HistoryPage() {
  const { t, meta } = useTexts();
  const tt = useDict(TABLE_TEXTS);
  // My games by default when this browser holds any; a visitor with none sees everyone's.
  const [scope, setScope] = useState<'mine' | 'all'>(() => (seatIds().length ? 'mine' : 'all'));
  const [page, setPage] = useState(0);
  const [games, setGames] = useState<ListedGame[] | null>(null);
  const [total, setTotal] = useState(0);
  const [chosen, setGame] = useState('');
  const game = chosen || meta[0]?.name || '';
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api.list(page * PAGE, PAGE).then((r) => {
      setGames(r.games);
      setTotal(r.total);
    }).catch((e) => setError(e));
  }, [page]);
  const doImport = async () => {
    setError(null);
    try {
      const r = await api.import(game, text);
      location.hash = `#/game/${r.id}`;
    } catch (e) {
      setError(e);
    }
  };
  const dict = t as unknown as Record<string, string>;
  return (
    <div class="history">
      <section class="card">
        <h1>{t.history}</h1>
        <div class="segmented history-scope" role="group">
          {(['mine', 'all'] as const).map((s) => (
            <button key={s} class={scope === s ? 'selected' : ''} data-scope={s} aria-pressed={scope === s}
                    onClick={() => setScope(s)}>{s === 'mine' ? tt.myGames : tt.allGames}</button>
          ))}
        </div>
        {scope === 'mine' && <MyGames />}
        {scope === 'all' && games && games.length === 0 && <p class="muted">{t.noGames}</p>}
        {scope === 'all' && games && games.length > 0 && (
          <table class="games-table" data-testid="games-table">
            <thead><tr><th>{t.game}</th><th>{t.mode}</th><th>{t.moves}</th><th>{t.status}</th><th>{t.date}</th></tr></thead>
            <tbody>
              {games.map((g) => (
                <tr key={g.id} data-game-row={g.id} onClick={() => (location.hash = `#/game/${g.id}`)}>
                  <td><GameIcon game={g.game} /> {dict[g.game] ?? g.title}</td>
                  <td>{dict[g.mode] ?? g.mode}{g.mode === 'ai' ? ` · ${g.level}` : ''}</td>
                  <td>{g.moves}</td>
                  {/* A game over without a result (no first move in time) is aborted, not in progress. */}
                  <td data-status={g.result !== '*' ? 'finished' : g.reason ? 'aborted' : 'ongoing'}>
                    {g.result !== '*' ? g.result : g.reason ? t.aborted : t.ongoing}
                  </td>
                  <td>{g.updated_at.replace('T', ' ').replace('Z', '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {scope === 'all' && <Pager page={page} size={PAGE} total={total} setPage={setPage} />}
      </section>
      <LocalGamesList />
      <section class="card import">
        <h2>{t.importRecord}</h2>
        <select value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
          {meta.map((m) => <option key={m.name} value={m.name}>{dict[m.name] ?? m.title}</option>)}
        </select>
        <textarea rows={6} value={text} data-testid="import-text" onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
                  placeholder={'[Event "…"]\n\n1. 76 36x 2. …'} />
        {error !== null && <p class="error" role="alert" data-testid="import-error">{errorText(t, error)}</p>}
        <button class="primary" data-action="import" onClick={doImport} disabled={!text.trim()}>{t.import}</button>
      </section>
    </div>
  );
}
