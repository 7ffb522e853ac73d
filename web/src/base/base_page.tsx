// The game base of one game (#/base/GAME): a board with the opening explorer beside it, the
// moves played so far (a click on a move in the explorer or on the board goes on), and the
// base's games that reached the position shown, searchable by player, event, year and result;
// a game opens in review with the engine.
import { useEffect, useState } from 'preact/hooks';
import { baseApi, type BaseFilters, type BaseGame, type ExplorerReply } from './base_api';
import { BASE_TEXTS } from './base_texts';
import { ExplorerPanel } from './explorer_panel';
import { errorText } from '../common/server_texts';
import { GameIcon } from '../play/new_game';
import { BOARDS } from '../boards';
import { useDict, useTexts } from '../common/texts_context';

const PAGE = 20;
const EVAL_DEPTH = 4;

export function BasePage({ game }: { game: string }) {
  const { t, meta } = useTexts();
  const b = useDict(BASE_TEXTS);
  const current = game || meta[0]?.name || '';
  const gameMeta = meta.find((m) => m.name === current);
  const [moves, setMoves] = useState<string[]>([]);
  const [reply, setReply] = useState<ExplorerReply | null>(null);
  const [filters, setFilters] = useState<BaseFilters>({});
  const [draft, setDraft] = useState<BaseFilters>({});
  const [page, setPage] = useState(0);
  const [games, setGames] = useState<BaseGame[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    setMoves([]);
    setFilters({});
    setDraft({});
  }, [current]);
  useEffect(() => {
    if (!current) return;
    let live = true;
    setError(null);
    baseApi.explorer(current, moves, EVAL_DEPTH).then((r) => live && setReply(r)).catch((e) => live && setError(e));
    return () => { live = false; };
  }, [current, moves.join(' ')]);
  useEffect(() => setPage(0), [current, moves.join(' '), JSON.stringify(filters)]);
  useEffect(() => {
    if (!current) return;
    let live = true;
    baseApi.search(current, moves, filters, page * PAGE, PAGE).then((r) => {
      if (!live) return;
      setGames(r.games);
      setTotal(r.total);
    }).catch((e) => live && setError(e));
    return () => { live = false; };
  }, [current, moves.join(' '), JSON.stringify(filters), page]);

  const play = (m: string) => setMoves([...moves, m]);
  const open = async (id: string) => {
    try {
      const r = await baseApi.review(id);
      location.hash = `#/game/${r.id}`;
    } catch (e) {
      setError(e);
    }
  };
  const dict = t as unknown as Record<string, string>;
  const Board = BOARDS[current]?.Board;
  const field = (key: keyof BaseFilters, label: string) => (
    <label>
      {label}
      <input value={draft[key] ?? ''} data-filter={key}
             onInput={(e) => setDraft({ ...draft, [key]: (e.target as HTMLInputElement).value })} />
    </label>
  );
  return (
    <div class={`base-page game-${current}`} data-testid="base-page" data-game={current}
         data-moves={reply && reply.history.length === moves.length ? reply.history.join(' ') : ''}>
      <nav class="base-games">
        <h1>{b.base}</h1>
        {meta.map((m) => (
          <a key={m.name} href={`#/base/${m.name}`} class={m.name === current ? 'active' : ''} data-base-game={m.name}>
            <GameIcon game={m.name} /> {dict[m.name] ?? m.title}
          </a>
        ))}
      </nav>
      <div class="base-main">
        <section class="board-column">
          {reply && Board && (
            <Board board={reply.board} desc={gameMeta?.board ?? {}} legal={reply.legal} live={!reply.over}
                   flipped={false} onMove={play} t={t} />
          )}
          <div class="card base-line">
            <button data-action="base-start" disabled={moves.length === 0} onClick={() => setMoves([])}>« {b.startPosition}</button>
            <button data-action="base-back" disabled={moves.length === 0} onClick={() => setMoves(moves.slice(0, -1))}>◀ {b.back}</button>
            <span class="base-moves" data-testid="base-moves">{(reply?.history ?? moves).join(' ')}</span>
          </div>
        </section>
        <aside class="side-panel">
          {error !== null && <p class="error" role="alert" data-testid="base-error">{errorText(t, error)}</p>}
          <ExplorerPanel reply={reply} onMove={play} />
        </aside>
      </div>
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
                  <td>{g.event}</td>
                  <td>{g.date}</td>
                  <td>{g.plies}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {total > PAGE && (
          <div class="pager">
            <button disabled={page === 0} onClick={() => setPage(page - 1)}>◀ {t.prev}</button>
            <span>{page + 1} / {Math.ceil(total / PAGE)}</span>
            <button disabled={(page + 1) * PAGE >= total} onClick={() => setPage(page + 1)}>{t.next} ▶</button>
          </div>
        )}
      </section>
    </div>
  );
}
