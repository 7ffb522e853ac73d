// The one WebSocket of the UI that stays open: it connects to a path of this server, reconnects
// after every drop (Backoff: 250 ms doubling to 5 s), and hands each message on parsed. The game
// page, the lobby and the analysis channel all talk through it.
import { Backoff } from './backoff';

// A message as the server sends it: each listener reads the fields of the types it knows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Message = Record<string, any>;

export interface SocketEvents {
  open?: () => void;                 // each (re)connection, before any message on it
  message: (msg: Message) => void;
  drop?: () => void;                 // the connection is lost; a new one is on its way
}

export interface Socket {
  // Sends a message as JSON; false when the connection is down (the message is not kept).
  send: (msg: unknown) => boolean;
  // Resolves once the connection is up (at once if it is).
  whenOpen: () => Promise<void>;
  // Closes for good: no reconnection.
  close: () => void;
}

export function wsUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

// `protocols`: e.g. a seat's token as a subprotocol (never in the URL, which proxies' logs keep).
export function openSocket(path: string, on: SocketEvents, protocols?: string[]): Socket {
  const backoff = new Backoff();
  let ws: WebSocket | null = null;
  let closed = false;
  let waiting: (() => void)[] = [];
  const connect = () => {
    if (closed) return;  // closed while waiting to reconnect
    const socket = new WebSocket(wsUrl(path), protocols);
    ws = socket;
    socket.onopen = () => {
      backoff.reset();
      on.open?.();
      const ready = waiting;
      waiting = [];
      ready.forEach((f) => f());
    };
    socket.onmessage = (ev) => on.message(JSON.parse(ev.data));
    socket.onclose = () => {
      if (closed) return;
      on.drop?.();
      setTimeout(connect, backoff.next());
    };
  };
  connect();
  return {
    send: (msg) => {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(msg));
      return true;
    },
    whenOpen: () => (ws?.readyState === WebSocket.OPEN ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    close: () => {
      closed = true;
      ws?.close();
    },
  };
}
