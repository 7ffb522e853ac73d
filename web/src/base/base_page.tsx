// The game base of one game (#/base/GAME): a board with the opening explorer beside it, the
// moves played so far (a click on a move in the explorer or on the board goes on), and the
// base's games that reached the position shown, searchable by player, event, year and result;
// a game opens in review with the engine. One source or all (people's, the computer's, a file's).
import { useEffect, useState } from 'preact/hooks';
import { baseApi, type ExplorerReply } from './base_api';
import { BaseSearch } from './base_search';
import { BASE_TEXTS } from './base_texts';
import { ExplorerPanel } from './explorer_panel';
import { SourceChoice } from './source_choice';
import { errorText } from '../common/server_texts';
import { GameIcon } from '../play/new_game';
import { BOARDS } from '../boards';
import { useDict, useTexts } from '../common/texts_context';

const EVAL_DEPTH = 4;

export function BasePage({ game }: { game: string }) {
  const { t, meta } = useTexts();
  const b = useDict(BASE_TEXTS);
  const current = game || meta[0]?.name || '';
  const gameMeta = meta.find((m) => m.name === current);
  const [moves, setMoves] = useState<string[]>([]);
  const [answer, setReply] = useState<ExplorerReply | null>(null);
  // The last answer until the next one comes, but never another game's (its board would not fit
  // this game's).
  const reply = answer && answer.game === current ? answer : null;
  const [error, setError] = useState<unknown>(null);
  const [source, setSource] = useState('');
  const [sources, setSources] = useState<string[]>([]);

  useEffect(() => {
    setMoves([]);
    setSource('');
  }, [current]);
  useEffect(() => {
    if (!current) return;
    let live = true;
    setError(null);
    baseApi.explorer(current, moves, EVAL_DEPTH, source).then((r) => live && setReply(r)).catch((e) => live && setError(e));
    return () => { live = false; };
  }, [current, moves.join(' '), source]);

  const play = (m: string) => setMoves([...moves, m]);
  const dict = t as unknown as Record<string, string>;
  const Board = BOARDS[current]?.Board;
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
          <SourceChoice sources={sources} value={source} onChange={setSource} />
          <ExplorerPanel reply={reply} onMove={play} />
        </aside>
      </div>
      <BaseSearch game={current} moves={moves} source={source} onSources={setSources} onError={setError} />
    </div>
  );
}
