// The game base's search (#/base/GAME, under the board): the base's games that reached the
// position shown, or all of them, filtered by player, event, year and result, a page at a time;
// a click opens a game in review with the engine.
import { useEffect, useState } from 'preact/hooks';
import { useDict, useTexts } from '../common/texts_context';
import { baseApi, type BaseFilters, type BaseGame } from './base_api';
import { BASE_TEXTS } from './base_texts';
import { Pager } from '../common/pager';
import { SourceBadge } from './source_choice';

const PAGE = 20;

// `game`: the game's name; `moves`: the moves from the start to the position shown.
export function BaseSearch({ game, moves, source, onSources, onError }: {
  game: string; moves: string[]; source: string; onSources: (sources: string[]) => void; onError: (e: unknown) => void;
}) {
  const { t } = useTexts();
  const b = useDict(BASE_TEXTS);
  const [filters, setFilters] = useState<BaseFilters>({});
  const [draft, setDraft] = useState<BaseFilters>({});
  const [page, setPage] = useState(0);
  const [games, setGames] = useState<BaseGame[] | null>(null);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    setFilters({});
    setDraft({});
  }, [game]);
  useEffect(() => setPage(0), [game, moves.join(' '), JSON.stringify(filters), source]);
  useEffect(() => {
    if (!game) return;
    let live = true;
    baseApi.search(game, moves, { ...filters, source }, page * PAGE, PAGE).then((r) => {
      if (!live) return;
      setGames(r.games);
      setTotal(r.total);
      onSources(r.sources ?? []);
    }).catch((e) => live && onError(e));
    return () => { live = false; };
  }, [game, moves.join(' '), JSON.stringify(filters), source, page]);

  const open = async (id: string) => {
    try {
      const r = await baseApi.review(id);
      location.hash = `#/game/${r.id}`;
    } catch (e) {
      onError(e);
    }
  };
  const field = (key: keyof BaseFilters, label: string) => (
    <label>
      {label}
      <input value={draft[key] ?? ''} data-filter={key}
             onInput={(e) => setDraft({ ...draft, [key]: (e.target as HTMLInputElement).value })} />
    </label>
  );
  return (
    <section class="card base-search">
      <h2>{moves.length ? b.positionGames : b.searchGames}</h2>
      <form class="base-filters" onSubmit={(e) => { e.preventDefault(); setFilters(draft); }}>
        {field('player', b.player)}
        {field('event', b.event)}
        {field('year', b.year)}
        <select value={draft.result ?? ''} data-filter="result"
                onChange={(e) => setDraft({ ...draft, result: (e.target as HTMLSelectElement).value })}>
          <option value="">{b.anyResult}</option>
          <option value="1-0">1-0</option>
          <option value="0-1">0-1</option>
          <option value="1/2-1/2">½-½</option>
        </select>
        <button class="primary" type="submit" data-action="base-search">{b.search}</button>
      </form>
      {games && games.length === 0 && <p class="muted" data-testid="base-none">{b.noBaseGames}</p>}
      {games && games.length > 0 && (
        <table class="games-table" data-testid="base-table" data-total={total}>
          <thead>
            <tr><th>{b.white}</th><th>{b.black}</th><th>{t.result}</th><th>{b.event}</th><th>{t.date}</th><th>{t.moves}</th></tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.id} data-base-row={g.id} title={b.openReview} onClick={() => open(g.id)}>
                <td>{g.white}{g.white_elo ? ` (${g.white_elo})` : ''}</td>
                <td>{g.black}{g.black_elo ? ` (${g.black_elo})` : ''}</td>
                <td>{g.result}</td>
                <td>{g.event} <SourceBadge source={g.source} /></td>
                <td>{g.date}</td>
                <td>{g.plies}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} size={PAGE} total={total} setPage={setPage} />
    </section>
  );
}
