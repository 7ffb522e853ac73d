// One game: the board, players and status, the move list with navigation, the actions, the
// result dialog and the analysis panel. Follows the server over the game's WebSocket. The board
// shown is the state's board at the current ply, and past plies' boards come from the server by
// range (BoardCache): the page parses no position.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, seats, watchGame, type BoardData, type ChatLine, type GameSocket, type GameView, type MetaGame, type Presence, type SeatPlayer } from '../common/api';
import { sideName, type Dict } from '../common/i18n';
import { endText, errorText } from '../common/server_texts';
import { BOARDS, BoardCounters, isFlipped } from '../boards';
import { AnalysisPanel } from './analysis_panel';
import { BoardCache } from './board_cache';
import { RulesSummary } from './rules_view';
import { ClockChip } from './clock_view';
import { ChatPanel } from './chat_panel';
import { useChatSetting } from '../account/chat_setting';
import { RatingChanges, SeatName } from './seat_players';
import type { Account } from '../account/account_api';
import { ReportDialog } from '../fair_play/report_dialog';
import { useDict, useTexts } from '../common/texts_context';
import { ACCOUNT_TEXTS } from '../account/account_texts';
import { FAIR_TEXTS } from '../fair_play/fair_play_texts';

export function resultText(t: Dict, v: GameView): string {
  if (v.result === '1/2-1/2') return t.draw;
  if (v.result === '1-0') return `${sideName(t, v.sides[0])} ${t.wins}`;
  if (v.result === '0-1') return `${sideName(t, v.sides[1])} ${t.wins}`;
  return '';
}

// The move list: rows of two plies, drawn only near what is in view (a game may have 160,000
// plies), with a fixed row height so that the scroll position tells which rows those are.
const ROW_H = 28;
const ROWS_AROUND = 40;

function MoveList({ view, ply, setPly }: { view: GameView; ply: number; setPly: (p: number) => void }) {
  const { t } = useTexts();
  const ref = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState(0);
  const nRows = Math.ceil(view.moves.length / 2);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const y = Math.max(0, Math.floor((ply - 1) / 2)) * ROW_H;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = y + ROW_H - el.clientHeight;
    setTop(el.scrollTop);
  }, [ply, view.moves.length]);
  const first = Math.max(0, Math.floor(top / ROW_H) - ROWS_AROUND);
  const last = Math.min(nRows, Math.floor(top / ROW_H) + 2 * ROWS_AROUND);
  const rows = [];
  for (let r = first; r < last; ++r) {
    const i = 2 * r;
    rows.push(
      <li key={i} class={r % 2 ? 'odd' : 'even'} style={`height:${ROW_H}px`}>
        <span class="move-no">{r + 1}.</span>
        {[i, i + 1].map((k) => k < view.moves.length && (
          <button key={k} class={`move ${ply === k + 1 ? 'current' : ''}`} data-ply={k + 1} onClick={() => setPly(k + 1)}>
            {view.moves[k]}
          </button>
        ))}
      </li>,
    );
  }
  const end = view.ply;
  return (
    <div class="card moves-panel">
      <h3>{t.moves}</h3>
      <ol class="move-list" ref={ref} data-testid="move-list" data-rows={nRows}
          onScroll={(e) => setTop((e.currentTarget as HTMLOListElement).scrollTop)}>
        {first > 0 && <li class="spacer" aria-hidden="true" style={`height:${first * ROW_H}px`} />}
        {rows}
        {last < nRows && <li class="spacer" aria-hidden="true" style={`height:${(nRows - last) * ROW_H}px`} />}
      </ol>
      <div class="nav-buttons">
        <button data-nav-ply="first" onClick={() => setPly(0)} disabled={ply === 0} title="⏮">|◀</button>
        <button data-nav-ply="prev" onClick={() => setPly(Math.max(0, ply - 1))} disabled={ply === 0} title={t.prev}>◀</button>
        <button data-nav-ply="next" onClick={() => setPly(Math.min(end, ply + 1))} disabled={ply === end} title={t.next}>▶</button>
        <button data-nav-ply="last" onClick={() => setPly(end)} disabled={ply === end} title="⏭">▶|</button>
      </div>
    </div>
  );
}

export function GamePage({ id, account }: {
  id: string; account?: Account | null;
}) {
  const { t, meta } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const ft = useDict(FAIR_TEXTS);
  const [view, setView] = useState<GameView | null>(null);
  const [me, setMe] = useState<string | undefined>(undefined);
  const [ply, setPlyState] = useState<number | null>(null);  // null: follow the game
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [online, setOnline] = useState(true);
  const [showResult, setShowResult] = useState(false);
  const [copied, setCopied] = useState('');
  const [confirmResign, setConfirmResign] = useState(false);
  const [chat, setChat] = useState<ChatLine[]>([]);
  // A chat line the server refused (muted, no chat with this player, too many lines): said in the chat.
  const [chatRefusal, setChatRefusal] = useState<unknown>(null);
  const [reportLine, setReportLine] = useState<{ line: ChatLine; username: string } | null>(null);
  const [chatOn] = useChatSetting();
  const [rematchTo, setRematchTo] = useState<string | null>(null);
  const socket = useRef<GameSocket | null>(null);
  const [, setLoaded] = useState(0);
  const token = seats.get(id);
  const viewRef = useRef<GameView | null>(null);
  const cacheRef = useRef<BoardCache | null>(null);
  cacheRef.current ??= new BoardCache(id, () => setLoaded((n) => n + 1));
  const cache = cacheRef.current;
  const lastDrawn = useRef<BoardData | null>(null);

  const accept = useCallback((s: GameView, fresh = false) => {
    const cur = viewRef.current;
    if (cur && !fresh && s.version < cur.version) return;  // an older reply overtaken by a push
    if (cur && cur.status === 'ongoing' && s.status === 'finished') setShowResult(true);
    if (cur && !cur.rematch?.game_id && s.rematch?.game_id) setRematchTo(s.rematch.game_id);
    // A notice or an error about the position before ("The computer plays on", a refused move)
    // no longer applies once the game has moved on.
    if (cur && (s.ply !== cur.ply || s.status !== cur.status)) {
      setNotice('');
      setError(null);
    }
    viewRef.current = s;
    cache.update(s);
    setView(s);
  }, []);

  useEffect(() => {
    // The reply to this request may come after the socket's states (the other player arrived, a
    // move): then it is older than what is shown and must not replace it.
    let pushed = false;
    api.get(id, token).then((s) => {
      setMe(s.you);
      accept(s, !pushed);
    }).catch((e) => setError(e));
    const ws = watchGame(id, token, {
      state: (s, fresh) => {
        pushed = true;
        accept(s, fresh);
      },
      // Back online: an error of the lost connection ("Failed to fetch") no longer applies.
      connection: (up) => {
        setOnline(up);
        if (up) setError((e: unknown) => (e instanceof ApiError ? e : null));
      },
      chat: (lines, fresh) => setChat((old) => {
        if (fresh) return lines;
        const seen = new Set(old.map((l) => l.seq));
        return [...old, ...lines.filter((l) => !seen.has(l.seq))];
      }),
      spectators: (count) => setView((v) => (v ? { ...v, spectators: count } : v)),
      error: (e, request) => (request?.type === 'chat' ? setChatRefusal(e) : setError(e)),
    });
    socket.current = ws;
    return () => ws.close();
  }, [id, chatOn]);  // the server sends chat to a connection by the account's switch when it opens

  // Both agreed to a rematch while this page was open: each seat goes to the new game with the
  // token it holds (an old game opened from History stays where it is).
  useEffect(() => {
    if (!rematchTo || !token || !me || me === 'both') return;
    seats.set(rematchTo, token);
    location.hash = `#/game/${rematchTo}`;
  }, [rematchTo, me]);

  const setPly = (p: number) => setPlyState(view && p >= view.ply ? null : Math.max(0, p));
  // Keys read the ply and the game at the moment they are pressed: a listener that closed over
  // an earlier render would step from a ply the page no longer shows (a key pressed right after
  // End stepped back from the ply shown before it).
  const plyRef = useRef<number | null>(null);
  plyRef.current = ply;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement).tagName;
      const v = viewRef.current;
      if (!v || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      const cur = Math.min(plyRef.current ?? v.ply, v.ply);
      let next: number;
      if (e.key === 'ArrowLeft') next = Math.max(0, cur - 1);
      else if (e.key === 'ArrowRight') next = Math.min(v.ply, cur + 1);
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = v.ply;
      else return;
      e.preventDefault();
      plyRef.current = next >= v.ply ? null : next;
      setPlyState(plyRef.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shown = view ? Math.min(ply ?? view.ply, view.ply) : 0;
  const cached = view ? (shown === view.ply ? view.board : cache.get(shown)) : undefined;
  useEffect(() => {
    if (view && cached === undefined) cache.load(shown);
  }, [shown, view, cached]);

  if (error !== null && !view) return <section class="card"><p class="error" role="alert">{errorText(t, error)}</p></section>;
  if (!view) return <section class="card loading">…</section>;

  // While a past board is on its way the last one drawn stays (marked as loading).
  const board = cached ?? lastDrawn.current ?? view.board;
  if (cached) lastDrawn.current = cached;
  const gameMeta = meta.find((m) => m.name === view.game);
  const mine = me === 'both' || (me !== undefined && me === view.to_move);
  const canMove = view.status === 'ongoing' && shown === view.ply && mine && !view.thinking && view.mode !== 'review';
  const legal = canMove ? view.legal : [];
  const turned = flipped ?? isFlipped(view.game, me);
  // The creator's invite link comes with the state in any of their tabs.
  const invite = view.invite ? `${location.origin}${view.invite}` : sessionStorage.getItem(`oyin.invite.${id}`);
  const run = async (p: Promise<GameView>) => {
    setError(null);
    try {
      const s = await p;
      accept(s);
      if (s.draw_declined) setNotice(t.drawDeclined);
    } catch (e) {
      setError(e);
    }
  };
  const onMove = (m: string) => {
    setNotice('');
    run(api.move(id, m, token));
  };
  const sendChat = (text: string) => {
    setError(null);
    setChatRefusal(null);
    return socket.current?.send({ type: 'chat', text }) ?? false;
  };
  const copy = (what: string, text: string) => {
    navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(what);
    setTimeout(() => setCopied(''), 1500);
  };
  const players = [0, 1].map((i) => {
    const side = view.sides[i];
    const who = view.computer === side ? `${t.computer} · ${t.level} ${view.level}`
      : me === side || me === 'both' ? t.you : me && view.mode !== 'review' ? t.friend : '';
    return { side, who, turn: view.status === 'ongoing' && view.to_move === side, presence: view.presence?.[side], player: view.players?.[i] };
  });
  const reason = view.end ? endText(t, view.end, view.sides) : '';
  let status: string;
  if (view.status === 'finished') status = `${resultText(t, view)}${reason ? ` (${reason})` : ''}`;
  else if (view.thinking) status = t.thinking;
  else if (me === 'both') status = `${sideName(t, view.to_move)} ${t.toMove}`;
  else if (mine) status = t.yourMove;
  else if (me) status = t.waiting;
  else if (view.mode === 'review') status = t.review;
  else status = `${sideName(t, view.to_move)} ${t.toMove}`;
  const gameTitle = (t as unknown as Record<string, string>)[view.game] ?? view.title;
  // A seat's token in this browser, or a seat of the signed-in account (played from another device).
  const canAct = (!!token || !!view.you) && view.status === 'ongoing' && view.mode !== 'review';
  const offerFromOther = view.draw_offer && me && me !== 'both' && view.draw_offer !== me;
  const passMove = legal.find((m) => m.pass);
  // A timed online game whose opponent's connection is gone: after a minute it can be claimed.
  const opponent = me && me !== 'both' ? view.sides.find((s) => s !== me) : undefined;
  const opponentAway = canAct && view.mode === 'online' && !!view.clock && !!opponent && view.presence?.[opponent]?.connected === false;
  const Board = BOARDS[view.game]?.Board;
  const seated = !!me && view.mode !== 'review';
  const watching = !seated && view.mode !== 'review';
  const isPlayer = seated && me !== 'both';
  // No engine for the players of an online game being played (the server refuses it too).
  // No engine while a game between people, or a rated game against the computer, is played (the
  // server refuses it too: analysis_in_play).
  const analysisClosed = (view.mode === 'online' || (view.mode === 'ai' && view.rated)) && view.status === 'ongoing';
  // A signed-in player may report a line of the other seat's account to the moderators.
  const authorOf = (l: ChatLine) => view.players?.[view.sides.indexOf(l.side)]?.username ?? null;
  const canReport = (l: ChatLine) => {
    const author = authorOf(l);
    return !!account && isPlayer && l.side !== me && !!author && author.toLowerCase() !== account.username.toLowerCase();
  };
  const rematch = view.mode === 'online' && view.status === 'finished' && isPlayer ? view.rematch : null;
  const rematchButton = rematch && !rematch.game_id && (
    <button data-action="rematch" class={rematch.offered_by && rematch.offered_by !== me ? 'primary' : ''}
            disabled={rematch.offered_by === me} onClick={() => run(api.action(id, 'rematch', token))}>
      ⟳ {rematch.offered_by && rematch.offered_by !== me ? t.acceptRematch : t.rematch}
    </button>
  );

  return (
    <div class={`game-page game-${view.game}`} data-game-id={id} data-status={view.status} data-ply={view.ply}
         data-shown={shown} data-board-ready={cached ? 'yes' : 'no'}>
      <section class="board-column">
        <div class="player-bar top">
          <PlayerChip p={players[turned ? 0 : 1]} />
          <ClockChip view={view} side={players[turned ? 0 : 1].side} />
        </div>
        <div class={cached ? '' : 'board-loading'}>
          {Board
            ? <Board board={board} desc={gameMeta?.board ?? {}} legal={legal} live={view.status === 'ongoing' && shown === view.ply}
                     flipped={turned} onMove={onMove} t={t} explainIllegal />
            : <pre>{JSON.stringify(board, null, 1)}</pre>}
        </div>
        <div class="player-bar bottom">
          <PlayerChip p={players[turned ? 1 : 0]} />
          <ClockChip view={view} side={players[turned ? 1 : 0].side} />
        </div>
        <BoardCounters game={view.game} board={board} t={t} />
      </section>
      <aside class="side-panel">
        <div class="card status-card">
          <div class="game-title">{gameTitle}{view.rated && <span class="rated-tag" data-testid="rated-tag">{at.rated}</span>}</div>
          <RulesSummary options={gameMeta?.rule_options ?? []} values={view.rules_values ?? {}} />
          <div class="status" data-testid="status" role="status">{status}</div>
          {view.book_move && !view.thinking && view.status === 'ongoing' &&
            <div class="muted book-move" data-testid="book-move">{t.bookMove}</div>}
          {!online && <div class="warn">{t.connection}</div>}
          {error !== null && <div class="error" role="alert" data-testid="error">{errorText(t, error)}</div>}
          {notice && <div class="notice">{notice}</div>}
          {view.draw_offer && view.status === 'ongoing' && <div class="notice">{t.drawOffered} {sideName(t, view.draw_offer)}</div>}
          {opponentAway && <div class="notice" data-testid="opponent-away">{t.opponentAway}</div>}
          {watching && <div class="watching-label" data-testid="you-are-watching">👁 {t.youAreWatching}</div>}
          {view.mode === 'online' && (
            <div class="muted spectators" data-testid="spectators" data-count={view.spectators ?? 0}>
              👁 {view.spectators ?? 0} {t.watching}
            </div>
          )}
          {rematch?.offered_by && rematch.offered_by !== me && !rematch.game_id && (
            <div class="notice" data-testid="rematch-offered">{t.rematchOffered}</div>
          )}
          {rematch && rematch.offered_by === me && !rematch.game_id && <div class="notice" data-testid="rematch-sent">{t.rematchSent}</div>}
          {view.rematch?.game_id && !isPlayer && (
            <a class="button" data-testid="to-rematch" href={`#/game/${view.rematch.game_id}`}>{t.toRematch}</a>
          )}
          {invite && view.mode === 'online' && view.status === 'ongoing' && (
            <div class="invite">
              <span>{t.invite}</span>
              <input readOnly value={invite} data-testid="invite" onFocus={(e) => (e.target as HTMLInputElement).select()} />
            </div>
          )}
        </div>
        <MoveList view={view} ply={shown} setPly={setPly} />
        <div class="card actions">
          {passMove && <button data-action="pass" onClick={() => onMove(passMove.move)}>{t.pass}</button>}
          <button data-action="flip" onClick={() => setFlipped(!turned)}>⇅ {t.flip}</button>
          {canAct && view.mode !== 'online' && !view.rated && (
            <button data-action="undo" onClick={() => run(api.action(id, 'undo', token))} disabled={view.ply === 0}>↶ {t.undo}</button>
          )}
          {canAct && (
            <button data-action="draw" onClick={() => run(api.action(id, 'draw', token))}>½ {offerFromOther ? t.acceptDraw : t.offerDraw}</button>
          )}
          {canAct && <button data-action="resign" class="danger" onClick={() => setConfirmResign(true)}>⚑ {t.resign}</button>}
          {rematchButton}
          {opponentAway && view.ply >= 2 && (
            <button data-action="claim" onClick={() => run(api.action(id, 'claim', token))}>⚐ {t.claimVictory}</button>
          )}
          <a class="button" data-action="export" href={api.recordUrl(id)} download>⤓ {t.exportRecord}</a>
          <button data-action="copy-position" onClick={() => copy('position', view.position)}>
            {copied === 'position' ? t.copied : t.copyPosition}
          </button>
          {invite && view.mode === 'online' && view.status === 'ongoing' && (
            <button data-action="copy-invite" onClick={() => copy('invite', invite)}>🔗 {copied === 'invite' ? t.copied : t.copyInvite}</button>
          )}
        </div>
        {view.mode === 'online' && (
          <ChatPanel lines={chat} me={me} canWrite={isPlayer} send={sendChat}
                     canReport={canReport} reportLabel={ft.reportLine}
                     onReport={(line) => setReportLine({ line, username: authorOf(line) ?? '' })}
                     refusal={chatRefusal === null ? undefined : errorText(t, chatRefusal)} />
        )}
        {analysisClosed
          ? <div class="card analysis muted" data-testid="analysis-closed">{t.analysisAfterGame}</div>
          : <AnalysisPanel view={view} ply={shown} setPly={setPly} engine={gameMeta?.engine ?? ''}
                           resultLabel={view.status === 'finished' ? status : ''} />}
      </aside>
      {reportLine && (
        <ReportDialog username={reportLine.username} chatLine={{ seq: reportLine.line.seq, text: reportLine.line.text }}
                      gameId={id} onClose={() => setReportLine(null)} />
      )}
      {confirmResign && view.status === 'ongoing' && (
        <div class="modal-backdrop" onClick={() => setConfirmResign(false)}>
          <div class="modal" role="alertdialog" aria-labelledby="resign-q" data-testid="resign-confirm"
               onClick={(e) => e.stopPropagation()}>
            <h2 id="resign-q">{t.resignConfirm}</h2>
            <div class="modal-buttons">
              <button data-action="resign-cancel" onClick={() => setConfirmResign(false)} autoFocus>{t.cancel}</button>
              <button class="danger" data-action="resign-confirm" onClick={() => {
                setConfirmResign(false);
                run(api.action(id, 'resign', token));
              }}>⚑ {t.resign}</button>
            </div>
          </div>
        </div>
      )}
      {showResult && view.status === 'finished' && (
        <div class="modal-backdrop" onClick={() => setShowResult(false)}>
          <div class="modal" role="dialog" data-testid="result-dialog" onClick={(e) => e.stopPropagation()}>
            <h2>{t.gameOver}</h2>
            <p class="result-big">{bigResult(view, gameMeta)}</p>
            <p>{resultText(t, view)}</p>
            {reason && <p class="muted" data-testid="end-reason">{reason}</p>}
            <RatingChanges view={view} />
            <div class="modal-buttons">
              {rematchButton}
              <a class="button" href="#/">{t.newGame}</a>
              <button class="primary" data-action="close-result" onClick={() => setShowResult(false)}>{t.close}</button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

// SGF games write results as B+ / W+ (the first letter of the winner), the others as 1-0 / 0-1.
function bigResult(v: GameView, m: MetaGame | undefined): string {
  if (m?.record_format !== 'sgf' || v.result === '1/2-1/2') return v.result;
  const winner = v.result === '1-0' ? v.sides[0] : v.result === '0-1' ? v.sides[1] : '';
  return winner ? `${winner[0].toUpperCase()}+` : v.result;
}

function PlayerChip({ p }: { p: { side: string; who: string; turn: boolean; presence?: Presence; player?: SeatPlayer } }) {
  const { t } = useTexts();
  return (
    <div class={`player-chip ${p.turn ? 'turn' : ''}`} data-side={p.side}>
      <i class={`stone-dot ${p.side}`} />
      <b>{sideName(t, p.side)}</b>
      <SeatName p={p.player} />
      {p.who && <span class="who">{p.who}</span>}
      {p.presence && (
        <span class={`presence ${p.presence.connected ? 'on' : 'off'}`} data-presence={p.side}
              data-connected={p.presence.connected ? 'yes' : 'no'}>
          {p.presence.connected ? t.connected : t.away}
        </span>
      )}
    </div>
  );
}
