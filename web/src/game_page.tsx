// One game: the board, players and status, the move list with navigation, the actions, the
// result dialog and the analysis panel. Follows the server over the game's WebSocket.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, PositionCache, seats, watchGame, type GameView, type MetaGame } from './api';
import { reasonText, sideName, type Dict } from './i18n';
import { TogyzBoard } from './boards/togyz';
import { TojmotBoard } from './boards/tojmot';
import { GoBoard, goTargets, parseGo } from './boards/capgo';
import type { BoardProps } from './boards/types';
import { AnalysisPanel } from './analysis_panel';

function Board(props: BoardProps) {
  if (props.view.game === 'togyz') return <TogyzBoard {...props} />;
  if (props.view.game === 'tojmot') return <TojmotBoard {...props} />;
  if (props.view.game === 'capgo') return <GoBoard {...props} />;
  return <pre>{props.view.position}</pre>;
}

export function resultText(t: Dict, v: GameView): string {
  if (v.result === '1/2-1/2') return t.draw;
  if (v.result === '1-0') return `${sideName(t, v.sides[0])} ${t.wins}`;
  if (v.result === '0-1') return `${sideName(t, v.sides[1])} ${t.wins}`;
  return '';
}

function MoveList({ view, ply, setPly, t }: { view: GameView; ply: number; setPly: (p: number) => void; t: Dict }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  }, [ply, view.moves.length]);
  const rows = [];
  for (let i = 0; i < view.moves.length; i += 2) {
    rows.push(
      <li key={i}>
        <span class="move-no">{i / 2 + 1}.</span>
        {[i, i + 1].map((k) => k < view.moves.length && (
          <button key={k} class={`move ${ply === k + 1 ? 'current' : ''}`} data-ply={k + 1} onClick={() => setPly(k + 1)}>
            {view.moves[k]}
          </button>
        ))}
      </li>,
    );
  }
  const last = view.moves.length;
  return (
    <div class="card moves-panel">
      <h3>{t.moves}</h3>
      <ol class="move-list" ref={ref} data-testid="move-list">{rows}</ol>
      <div class="nav-buttons">
        <button data-nav-ply="first" onClick={() => setPly(0)} disabled={ply === 0} title="⏮">|◀</button>
        <button data-nav-ply="prev" onClick={() => setPly(Math.max(0, ply - 1))} disabled={ply === 0} title={t.prev}>◀</button>
        <button data-nav-ply="next" onClick={() => setPly(Math.min(last, ply + 1))} disabled={ply === last} title={t.next}>▶</button>
        <button data-nav-ply="last" onClick={() => setPly(last)} disabled={ply === last} title="⏭">▶|</button>
      </div>
    </div>
  );
}

function GoCounters({ view, position, t }: { view: GameView; position: string; t: Dict }) {
  const pos = parseGo(position);
  const [tb, tw] = goTargets(view.rules);
  return (
    <div class="go-counters" data-testid="go-counters">
      <span><i class="stone-dot black" /> {t.captures}: <b data-captures="black">{pos.captures[0]}</b> / {tb}</span>
      <span><i class="stone-dot white" /> {t.captures}: <b data-captures="white">{pos.captures[1]}</b> / {tw}</span>
    </div>
  );
}

export function GamePage({ id, t, meta }: { id: string; t: Dict; meta: MetaGame[] }) {
  const [view, setView] = useState<GameView | null>(null);
  const [me, setMe] = useState<string | undefined>(undefined);
  const [ply, setPlyState] = useState<number | null>(null);  // null: follow the game
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [online, setOnline] = useState(true);
  const [showResult, setShowResult] = useState(false);
  const [copied, setCopied] = useState(false);
  const token = seats.get(id);
  const viewRef = useRef<GameView | null>(null);
  const [, setLoaded] = useState(0);  // bumped when fetched positions arrive
  const cacheRef = useRef<PositionCache | null>(null);
  if (cacheRef.current?.id !== id) cacheRef.current = new PositionCache(id, () => setLoaded((n) => n + 1));
  const positions = cacheRef.current;
  const lastShown = useRef('');

  const accept = useCallback((s: GameView, fresh = false) => {
    const cur = viewRef.current;
    if (cur && !fresh && s.version < cur.version) return;  // an older reply overtaken by a push
    if (cur && cur.status === 'ongoing' && s.status === 'finished') setShowResult(true);
    viewRef.current = s;
    positions.update(s);
    // The latest page of positions at once, so that stepping back through a game is instant.
    if (fresh) positions.ensure(s.ply - 499, s.ply).catch(() => undefined);
    setView(s);
  }, [positions]);

  useEffect(() => {
    api.get(id, token).then((s) => {
      setMe(s.you);
      accept(s, true);
    }).catch((e) => setError(e.message));
    return watchGame(id, token, (s, fresh) => accept(s, fresh), setOnline);
  }, [id]);

  const setPly = (p: number) => setPlyState(view && p >= view.ply ? null : p);
  const shownPly = view ? Math.min(ply ?? view.ply, view.ply) : 0;
  useEffect(() => {  // a past position not loaded yet: fetch its page
    if (view && (positions.get(shownPly) === undefined || (shownPly > 0 && positions.get(shownPly - 1) === undefined)))
      positions.ensure(shownPly - 1, shownPly).catch((e) => setError((e as Error).message));
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!view || (e.target as HTMLElement).tagName === 'INPUT') return;
      const cur = ply ?? view.ply;
      if (e.key === 'ArrowLeft') setPly(Math.max(0, cur - 1));
      if (e.key === 'ArrowRight') setPly(Math.min(view.ply, cur + 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (error && !view) return <section class="card"><p class="error" role="alert">{error}</p></section>;
  if (!view) return <section class="card loading">…</section>;

  const shown = shownPly;
  // Until a fetched position arrives the board keeps showing the one it showed.
  const position = positions.get(shown) ?? (lastShown.current || view.position);
  lastShown.current = position;
  const prevPosition = shown > 0 ? positions.get(shown - 1) ?? null : null;
  const mine = me === 'both' || (me !== undefined && me === view.to_move);
  const canMove = view.status === 'ongoing' && shown === view.ply && mine && !view.thinking && view.mode !== 'review';
  const isFlipped = flipped ?? (me === view.sides[1]);
  const invite = sessionStorage.getItem(`oyin.invite.${id}`);
  const run = async (p: Promise<GameView>) => {
    setError('');
    try {
      const s = await p;
      accept(s);
      if (s.draw_declined) setNotice(t.drawDeclined);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const onMove = (m: string) => {
    setNotice('');
    run(api.move(id, m, token));
  };
  const players = [0, 1].map((i) => {
    const side = view.sides[i];
    const who = view.computer === side ? `${t.computer} · ${t.level} ${view.level}`
      : me === side || me === 'both' ? t.you : me && view.mode !== 'review' ? t.friend : '';
    return { side, who, turn: view.status === 'ongoing' && view.to_move === side };
  });
  let status: string;
  if (view.status === 'finished') status = `${resultText(t, view)}${view.reason ? ` (${reasonText(t, view.reason)})` : ''}`;
  else if (view.thinking) status = t.thinking;
  else if (me === 'both') status = `${sideName(t, view.to_move)} ${t.toMove}`;
  else if (mine) status = t.yourMove;
  else if (me) status = t.waiting;
  else if (view.mode === 'review') status = t.review;
  else status = `${sideName(t, view.to_move)} ${t.toMove}`;
  const gameTitle = (t as unknown as Record<string, string>)[view.game] ?? view.title;
  const canAct = !!token && view.status === 'ongoing' && view.mode !== 'review';
  const offerFromOther = view.draw_offer && me && me !== 'both' && view.draw_offer !== me;

  return (
    <div class={`game-page game-${view.game}`} data-game-id={id} data-status={view.status} data-ply={view.ply}>
      <section class="board-column">
        <div class="player-bar top">
          <PlayerChip p={players[isFlipped ? 0 : 1]} t={t} />
        </div>
        <Board view={view} ply={shown} position={position} prev={prevPosition} flipped={isFlipped} canMove={canMove} onMove={onMove} t={t} />
        <div class="player-bar bottom">
          <PlayerChip p={players[isFlipped ? 1 : 0]} t={t} />
        </div>
        {view.game === 'capgo' && <GoCounters view={view} position={position} t={t} />}
      </section>
      <aside class="side-panel">
        <div class="card status-card">
          <div class="game-title">{gameTitle}{view.rules && <small>{view.rules}</small>}</div>
          <div class="status" data-testid="status" role="status">{status}</div>
          {!online && <div class="warn">{t.connection}</div>}
          {error && <div class="error" role="alert" data-testid="error">{error}</div>}
          {notice && <div class="notice">{notice}</div>}
          {view.draw_offer && view.status === 'ongoing' && <div class="notice">{t.drawOffered} {sideName(t, view.draw_offer)}</div>}
          {invite && view.mode === 'online' && (
            <div class="invite">
              <span>{t.invite}</span>
              <input readOnly value={invite} data-testid="invite" onFocus={(e) => (e.target as HTMLInputElement).select()} />
            </div>
          )}
        </div>
        <MoveList view={view} ply={shown} setPly={setPly} t={t} />
        <div class="card actions">
          {view.game === 'capgo' && canMove && view.legal_moves.some((m) => m.toLowerCase() === 'pass') && (
            <button data-action="pass" onClick={() => onMove('pass')}>{t.pass}</button>
          )}
          <button data-action="flip" onClick={() => setFlipped(!isFlipped)}>⇅ {t.flip}</button>
          {canAct && view.mode !== 'online' && (
            <button data-action="undo" onClick={() => run(api.action(id, 'undo', token))} disabled={view.ply === 0}>↶ {t.undo}</button>
          )}
          {canAct && (
            <button data-action="draw" onClick={() => run(api.action(id, 'draw', token))}>½ {offerFromOther ? t.acceptDraw : t.offerDraw}</button>
          )}
          {canAct && <button data-action="resign" class="danger" onClick={() => run(api.action(id, 'resign', token))}>⚑ {t.resign}</button>}
          <a class="button" data-action="export" href={api.recordUrl(id)} download>⤓ {t.exportRecord}</a>
          {invite && view.mode === 'online' && (
            <button data-action="copy-invite" onClick={() => {
              navigator.clipboard?.writeText(invite).catch(() => undefined);
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            }}>🔗 {copied ? t.copied : t.copyInvite}</button>
          )}
        </div>
        <AnalysisPanel view={view} positions={positions} ply={shown} setPly={setPly} t={t} engine={meta.find((m) => m.name === view.game)?.engine ?? ''} />
      </aside>
      {showResult && view.status === 'finished' && (
        <div class="modal-backdrop" onClick={() => setShowResult(false)}>
          <div class="modal" role="dialog" data-testid="result-dialog" onClick={(e) => e.stopPropagation()}>
            <h2>{t.gameOver}</h2>
            <p class="result-big">{bigResult(view)}</p>
            <p>{resultText(t, view)}</p>
            {view.reason && <p class="muted">{reasonText(t, view.reason)}</p>}
            <div class="modal-buttons">
              <a class="button" href="#/">{t.newGame}</a>
              <button class="primary" data-action="close-result" onClick={() => setShowResult(false)}>{t.close}</button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

// Go writes results as B+ / W+ (SGF), the other games as 1-0 / 0-1.
function bigResult(v: GameView): string {
  if (v.game !== 'capgo' || v.result === '1/2-1/2') return v.result;
  return v.result === '1-0' ? 'B+' : v.result === '0-1' ? 'W+' : v.result;
}

function PlayerChip({ p, t }: { p: { side: string; who: string; turn: boolean }; t: Dict }) {
  return (
    <div class={`player-chip ${p.turn ? 'turn' : ''}`}>
      <i class={`stone-dot ${p.side}`} />
      <b>{sideName(t, p.side)}</b>
      {p.who && <span class="who">{p.who}</span>}
    </div>
  );
}
