// The lobby's API: seeks (open challenges) over HTTP, and the live list over /ws/lobby. The
// tokens of the seeks this browser posted are kept in localStorage, so that the lobby socket
// can name them (the server then tells it when one is accepted) and they can be cancelled.
import { call, type ClockPreset } from './api';

export interface SeekView {
  id: string;
  game: string;
  rules: string;
  clock: { initial_s: number; increment_s: number } | null;
  speed: string | null;
  rated: boolean;
  color: 'random' | 'white' | 'black';
  username: string | null;
  rating: number | null;
}

export interface SeekRequest {
  game: string;
  rules: string;
  clock: Pick<ClockPreset, 'initial_s' | 'increment_s'> | null;
  rated: boolean;
  color: string;
}

const KEY = 'oyin.seeks';

export const mySeeks = {
  all: (): Record<string, string> => JSON.parse(localStorage.getItem(KEY) ?? '{}'),
  add(id: string, token: string) {
    localStorage.setItem(KEY, JSON.stringify({ ...mySeeks.all(), [id]: token }));
  },
  remove(id: string) {
    const all = mySeeks.all();
    delete all[id];
    localStorage.setItem(KEY, JSON.stringify(all));
  },
};

export const lobbyApi = {
  create: (req: SeekRequest) => call<{ id: string; token: string }>('POST', '/api/seeks', req),
  cancel: (id: string, token: string) => call<Record<string, never>>('POST', `/api/seeks/${encodeURIComponent(id)}/cancel`, { token }),
  accept: (id: string) =>
    call<{ game_id: string; token: string; color: string }>('POST', `/api/seeks/${encodeURIComponent(id)}/accept`,
                                                          { seek_tokens: Object.values(mySeeks.all()) }),
};

export interface StartedGame {
  seek_id: string;
  game_id: string;
  token: string;
}

// The live list, reconnecting after a drop; hello() names this browser's seeks again.
export function watchLobby(onSeeks: (s: SeekView[]) => void, onStarted: (g: StartedGame) => void) {
  let ws: WebSocket | null = null;
  let closed = false;
  let delay = 250;
  const hello = () => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'hello', seek_tokens: Object.values(mySeeks.all()) }));
  };
  const open = () => {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/lobby`);
    ws.onopen = () => {
      delay = 250;
      hello();
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === 'seeks') onSeeks(msg.seeks as SeekView[]);
      if (msg.type === 'game_started') onStarted(msg as StartedGame);
    };
    ws.onclose = () => {
      if (closed) return;
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  open();
  return {
    hello,
    close: () => {
      closed = true;
      ws?.close();
    },
  };
}
