// A game's WebSocket (/ws/games/ID): every state push and chat line of one game, over the one
// reconnecting socket (common/socket.ts).
import { api, ApiError, type ChatLine, type GameView } from '../common/api';
import { openSocket } from '../common/socket';

export interface GameSocket {
  close: () => void;
  // Sends a message ({"type": "chat", "text"}, ...) with the seat's token; false when the
  // connection is down.
  send: (msg: Record<string, unknown>) => boolean;
}

// Follows one game: every state push and chat line, reconnecting after a drop. A refused
// message comes back as an ApiError.
export function watchGame(id: string, token: string, on: {
  state: (s: GameView, fresh: boolean) => void;
  connection: (up: boolean) => void;
  chat?: (lines: ChatLine[], fresh: boolean) => void;
  // The count of spectators, pushed on its own (not with a whole state) as it changes.
  spectators?: (count: number) => void;
  // The computer analysis' progress (the queue's workers): {"status", "progress": {"done", "total"}}.
  analysis?: (push: { status: string; progress: { done: number; total: number } }) => void;
  error?: (e: ApiError, request: Record<string, unknown>) => void;
}): GameSocket {
  let known: string[] = [];  // the game's moves as this socket has them
  let first = true;          // the next state is the first on this connection
  const onState = (s: GameView & { moves_from?: number }) => {
    // A push carries the last moves only, from index moves_from: the ones before are those
    // this connection has. One that missed some reads the whole game again.
    if (s.moves_from !== undefined && s.moves_from > 0) {
      if (s.moves_from > known.length) {
        const wasFirst = first;
        first = false;
        api.get(id, token).then((full) => {
          known = full.moves;
          on.state(full, wasFirst);
        }).catch(() => { /* the next push or a reconnection brings it */ });
        return;
      }
      s.moves = known.slice(0, s.moves_from).concat(s.moves);
    }
    known = s.moves;
    if (first && s.chat) on.chat?.(s.chat, true);
    on.state(s, first);
    first = false;
  };
  // The seat's token goes as a subprotocol, not in the URL (which proxies' access logs keep).
  const socket = openSocket(`/ws/games/${encodeURIComponent(id)}`, {
    open: () => {
      first = true;
      on.connection(true);
    },
    message: (msg) => {
      if (msg.type === 'state') onState(msg.state);
      else if (msg.type === 'chat') on.chat?.(msg.lines as ChatLine[], false);
      else if (msg.type === 'spectators') on.spectators?.(msg.count as number);
      else if (msg.type === 'analysis') on.analysis?.({ status: msg.status, progress: msg.progress });
      else if (msg.type === 'error') on.error?.(new ApiError(msg.status, msg.error ?? '', msg.code ?? '', msg.params ?? {}), msg.request ?? {});
    },
    drop: () => on.connection(false),
  }, token ? ['oyin', `oyin.seat.${token}`] : undefined);
  return {
    close: socket.close,
    send: (msg) => socket.send({ ...msg, token }),
  };
}
