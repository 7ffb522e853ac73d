// The lobby's API: seeks (open challenges), quick pairing and direct challenges over HTTP, and
// the live list (and a signed-in account's challenges) over /ws/lobby. The tokens of the seeks,
// play-now requests and challenges this browser made are kept in localStorage, so that the
// lobby socket can name them (the server then tells it when one is accepted) and they can be
// cancelled.
import { call, seats, type ClockPreset } from '../common/api';
import { storage } from '../common/storage';
import { openSocket } from '../common/socket';

// What a seek and a challenge both offer: the game, its rules and clock, rated or not, a colour.
export interface GameTerms {
  game: string;
  rules: string;
  clock: { initial_s: number; increment_s: number } | null;
  speed: string | null;
  rated: boolean;
  color: 'random' | 'white' | 'black';
}

export interface SeekView extends GameTerms {
  id: string;
  username: string | null;
  rating: number | null;  // a signed-in seeker's current rating for this game and speed
  rd: number | null;
  provisional: boolean | null;
}

export interface SeekRequest {
  game: string;
  rules: string;
  clock: Pick<ClockPreset, 'initial_s' | 'increment_s'> | null;
  rated: boolean;
  color: string;
}

const KEY = 'oyin.seeks';
// The server takes at most this many tokens in a hello (kMaxHelloTokens): the newest are kept.
const MAX_TOKENS = 16;

// Goes into a game this browser has a seat in.
export function enterGame(gameId: string, token: string) {
  seats.set(gameId, token);
  location.hash = `#/game/${gameId}`;
}

export const mySeeks = {
  all: (): Record<string, string> => storage.object<Record<string, string>>(KEY),
  add(id: string, token: string) {
    const all = Object.entries(mySeeks.all()).filter(([k]) => k !== id);
    all.push([id, token]);
    storage.setJson(KEY, Object.fromEntries(all.slice(-MAX_TOKENS)));
  },
  remove(id: string) {
    const all = mySeeks.all();
    delete all[id];
    storage.setJson(KEY, all);
  },
};

export const lobbyApi = {
  create: (req: SeekRequest) => call<{ id: string; token: string }>('POST', '/api/seeks', req),
  cancel: (id: string, token: string) => call<Record<string, never>>('POST', `/api/seeks/${encodeURIComponent(id)}/cancel`, { token }),
  accept: (id: string) =>
    call<{ game_id: string; token: string; color: string }>('POST', `/api/seeks/${encodeURIComponent(id)}/accept`,
                                                          { seek_tokens: Object.values(mySeeks.all()) }),
};

// A direct challenge, as GET /api/challenges and the lobby socket give it.
export interface ChallengeView extends GameTerms {
  id: string;
  from: string;
  to: string;
}

export interface Challenges {
  incoming: ChallengeView[];
  outgoing: ChallengeView[];
}

// POST /api/pairing: a game at once, or a waiting request (its token goes into mySeeks).
export type PairingReply = { game_id: string; token: string; color: string } | { id: string; token: string };

export const pairingApi = {
  play: (req: Omit<SeekRequest, 'color'>) =>
    call<PairingReply>('POST', '/api/pairing', { ...req, seek_tokens: Object.values(mySeeks.all()) }),
  cancel: (id: string, token: string) =>
    call<Record<string, never>>('DELETE', `/api/pairing/${encodeURIComponent(id)}`, undefined, token),
};

export const challengeApi = {
  send: (req: SeekRequest & { to: string }) => call<{ id: string; token: string }>('POST', '/api/challenges', req),
  list: () => call<Challenges>('GET', '/api/challenges'),
  act: (id: string, action: 'accept' | 'decline' | 'cancel') =>
    call<{ game_id?: string; token?: string; color?: string }>('POST', `/api/challenges/${encodeURIComponent(id)}/${action}`),
};

export interface StartedGame {
  seek_id: string;
  game_id: string;
  token: string;
}

// The live list, reconnecting after a drop; hello() names this browser's seeks again.
export interface LobbyEvents {
  onChallenges?: (c: Challenges) => void;  // a signed-in socket: the account's open challenges
  onDeclined?: (seekId: string, to: string) => void;  // a challenge this browser sent
}

export function watchLobby(onSeeks: (s: SeekView[]) => void, onStarted: (g: StartedGame) => void, events: LobbyEvents = {}) {
  const hello = () => socket.send({ type: 'hello', seek_tokens: Object.values(mySeeks.all()) });
  const socket = openSocket('/ws/lobby', {
    open: hello,
    message: (msg) => {
      if (msg.type === 'seeks') onSeeks(msg.seeks as SeekView[]);
      if (msg.type === 'game_started') onStarted(msg as StartedGame);
      if (msg.type === 'challenges') events.onChallenges?.(msg as Challenges);
      if (msg.type === 'challenge_declined') {
        mySeeks.remove(msg.seek_id);
        events.onDeclined?.(msg.seek_id, msg.to);
      }
    },
  });
  return {
    hello: () => void hello(),
    close: socket.close,
  };
}
