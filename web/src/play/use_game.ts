// useGame(id): one game as the page shows it, kept from the server: the first read over HTTP,
// then every push on the game's socket (states, chat lines, spectators, refusals), the replies to
// this page's own actions, and the boards of past plies (BoardCache). The page draws; this owns
// the state and the order in which answers may replace it.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, seats, type ChatLine, type GameView } from '../common/api';
import { watchGame, type GameSocket } from './game_socket';
import { useTexts } from '../common/texts_context';
import { useChatSetting } from '../account/chat_setting';
import { BoardCache, type BoardSource } from './board_cache';
import type { AnalysisPush } from '../review/use_review';

export type GameAction = 'resign' | 'undo' | 'draw' | 'claim' | 'rematch';

export interface GameState {
  view: GameView | null;
  me: string | undefined;            // this browser's seat ('both' at a shared device), if any
  token: string;                     // the seat's token kept in this browser ('' for none)
  online: boolean;                   // the game's socket is connected
  error: unknown;                    // the last refusal or failure (null: none)
  notice: string;                    // a passing word about the last action ("The computer plays on")
  chat: ChatLine[];
  chatRefusal: unknown;              // a chat line the server refused (muted, too many lines): said in the chat
  finishedHere: boolean;             // the game ended while this page was open (the result dialog opens)
  dismissResult: () => void;
  boards: BoardSource;
  analysisPush: AnalysisPush | null;  // the last progress of the game's computer analysis pushed
  move: (move: string) => void;
  act: (action: GameAction) => void;
  sendChat: (text: string) => boolean;
}

// Chat lines pushed after the first batch are added once each (a reconnection sends some again).
function mergeChat(old: ChatLine[], lines: ChatLine[], fresh: boolean): ChatLine[] {
  if (fresh) return lines;
  const seen = new Set(old.map((l) => l.seq));
  return [...old, ...lines.filter((l) => !seen.has(l.seq))];
}

export function useGame(id: string): GameState {
  const { t } = useTexts();
  const [view, setView] = useState<GameView | null>(null);
  const [me, setMe] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [online, setOnline] = useState(true);
  const [finishedHere, setFinishedHere] = useState(false);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [chatRefusal, setChatRefusal] = useState<unknown>(null);
  const [rematchTo, setRematchTo] = useState<string | null>(null);
  const [analysisPush, setAnalysisPush] = useState<AnalysisPush | null>(null);
  const [chatOn] = useChatSetting();
  const [, setLoaded] = useState(0);
  const socket = useRef<GameSocket | null>(null);
  const viewRef = useRef<GameView | null>(null);
  const cacheRef = useRef<BoardCache | null>(null);
  cacheRef.current ??= new BoardCache(id, () => setLoaded((n) => n + 1));
  const boards = cacheRef.current;
  const token = seats.get(id);

  const accept = useCallback((s: GameView, fresh = false) => {
    const cur = viewRef.current;
    if (cur && !fresh && s.version < cur.version) return;  // an older reply overtaken by a push
    if (cur && cur.status === 'ongoing' && s.status === 'finished') setFinishedHere(true);
    if (cur && !cur.rematch?.game_id && s.rematch?.game_id) setRematchTo(s.rematch.game_id);
    // A notice or an error about the position before ("The computer plays on", a refused move)
    // no longer applies once the game has moved on.
    if (cur && (s.ply !== cur.ply || s.status !== cur.status)) {
      setNotice('');
      setError(null);
    }
    viewRef.current = s;
    boards.update(s);
    setView(s);
  }, []);

  useEffect(() => {
    // The reply to this request may come after the socket's states (the other player arrived, a
    // move): then it is older than what is shown and must not replace it.
    let pushed = false;
    let dropped = false;
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
      // Back after a drop, the game is read again (the moves, the clocks and the presence as they
      // are now), besides the state the socket sends.
      connection: (up) => {
        setOnline(up);
        if (up) setError((e: unknown) => (e instanceof ApiError ? e : null));
        if (up && dropped) api.get(id, token).then((s) => accept(s)).catch(() => undefined);
        if (!up) dropped = true;
      },
      chat: (lines, fresh) => setChat((old) => mergeChat(old, lines, fresh)),
      spectators: (count) => setView((v) => (v ? { ...v, spectators: count } : v)),
      analysis: (push) => setAnalysisPush(push as AnalysisPush),
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

  const run = async (p: Promise<GameView>) => {
    setError(null);
    try {
      const s = await p;
      accept(s);
      if (s.draw_declined) setNotice(t.drawDeclined);
    } catch (e) {
      setError(e);
      // "It is not your turn" passes: it goes after a few seconds (or as soon as the game moves).
      if (e instanceof ApiError && e.code === 'not_your_turn') setTimeout(() => setError((cur: unknown) => (cur === e ? null : cur)), 4000);
    }
  };
  return {
    view, me, token, online, error, notice, chat, chatRefusal, finishedHere, boards, analysisPush,
    dismissResult: () => setFinishedHere(false),
    move: (m) => {
      setNotice('');
      run(api.move(id, m, token));
    },
    act: (action) => run(api.action(id, action, token)),
    sendChat: (text) => {
      setError(null);
      setChatRefusal(null);
      return socket.current?.send({ type: 'chat', text }) ?? false;
    },
  };
}
