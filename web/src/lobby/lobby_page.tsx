// The lobby (#/lobby): "Play now" (quick pairing with someone near one's rating), the open
// challenges, live, with one-click accept, a form to post one, and a signed-in player's direct
// challenges (to accept or decline, or one's own to cancel). A posted seek or a play-now request
// stays while this page is open (the lobby socket speaks for it); when someone is paired with it,
// the server tells the socket and the page goes into the game. A player banned from pairing
// (games left or sat out on the clock) sees why and until when at the top (PlaybanBanner).
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, seats } from '../common/api';
import type { Account } from '../account/account_api';
import { PlaybanBanner } from '../fair_play/playban_banner';
import { challengeApi, enterGame, lobbyApi, mySeeks, pairingApi, watchLobby, type Challenges, type ChallengeView, type SeekView } from './lobby_api';
import { ChallengesCard, type ChallengeAction } from './challenges_card';
import { SeeksCard } from './seeks_card';
import { SeekForm, type SeekChoice } from './seek_form';
import { OnlineCard } from './online_card';
import { useGuard } from '../common/guard';

export function LobbyPage({ account }: { account: Account | null | undefined }) {
  const [seeks, setSeeks] = useState<SeekView[] | null>(null);
  const [mine, setMine] = useState<Record<string, string>>(mySeeks.all());
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const lobby = useRef<ReturnType<typeof watchLobby> | null>(null);
  const [quick, setQuick] = useState<{ id: string; token: string } | null>(null);  // a play-now request waiting
  const quickRef = useRef(quick);
  quickRef.current = quick;
  const [challenges, setChallenges] = useState<Challenges>({ incoming: [], outgoing: [] });
  const [declined, setDeclined] = useState<string | null>(null);
  // Counts the server's "playban" refusals: the banner asks again.
  const [banCheck, setBanCheck] = useState(0);
  const refused = (e: unknown) => {
    setError(e);
    if (e instanceof ApiError && e.code === 'playban') setBanCheck((n) => n + 1);
  };

  useEffect(() => {
    const w = watchLobby(setSeeks, (g) => {
      mySeeks.remove(g.seek_id);
      enterGame(g.game_id, g.token);
    }, { onChallenges: setChallenges, onDeclined: (_id, to) => setDeclined(to) });
    lobby.current = w;
    return () => {
      w.close();
      // A play-now request is this page's: leaving the page withdraws it.
      const q = quickRef.current;
      if (q) {
        mySeeks.remove(q.id);
        pairingApi.cancel(q.id, q.token).catch(() => undefined);
      }
    };
  }, []);

  // Posting a seek and asking to play now: one request at a time.
  const busyWith = async (send: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await send();
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };
  const post = (c: SeekChoice) => busyWith(async () => {
    const r = await lobbyApi.create({ game: c.game, rules: '', clock: c.clock, rated: c.rated, color: c.color });
    mySeeks.add(r.id, r.token);
    setMine(mySeeks.all());
    lobby.current?.hello();
  });
  const playNow = (c: SeekChoice) => busyWith(async () => {
    const r = await pairingApi.play({ game: c.game, rules: '', clock: c.clock, rated: c.rated });
    if ('game_id' in r) return enterGame(r.game_id, r.token);
    mySeeks.add(r.id, r.token);
    setQuick({ id: r.id, token: r.token });
    lobby.current?.hello();
  });
  const stopSearching = async () => {
    if (!quick) return;
    setError(null);
    try {
      await pairingApi.cancel(quick.id, quick.token);
    } catch (e) {
      setError(e);
    }
    mySeeks.remove(quick.id);
    setQuick(null);
  };
  // One answer at a time: a double click accepts (or cancels) once.
  const { guard } = useGuard();
  const actOn = guard(async (c: ChallengeView, action: ChallengeAction) => {
    setError(null);
    try {
      const r = await challengeApi.act(c.id, action);
      if (action === 'cancel') mySeeks.remove(c.id);
      if (r.game_id && r.token) enterGame(r.game_id, r.token);
    } catch (e) {
      refused(e);
    }
  });
  const accept = guard(async (id: string) => {
    setError(null);
    try {
      const r = await lobbyApi.accept(id);
      seats.set(r.game_id, r.token);
      location.hash = `#/game/${r.game_id}`;
    } catch (e) {
      refused(e);
    }
  });
  const cancel = guard(async (id: string) => {
    setError(null);
    try {
      await lobbyApi.cancel(id, mine[id]);
    } catch (e) {
      setError(e);
    }
    mySeeks.remove(id);
    setMine(mySeeks.all());
  });

  return (
    <div class="lobby" data-testid="lobby">
      <PlaybanBanner account={account} check={banCheck} />
      {account && (challenges.incoming.length > 0 || challenges.outgoing.length > 0 || declined) && (
        <ChallengesCard challenges={challenges} declined={declined} act={actOn} />
      )}
      <SeeksCard seeks={seeks} mine={mine} accept={accept} cancel={cancel} error={error} />
      <SeekForm account={account} busy={busy} searching={quick !== null} onPost={post} onPlayNow={playNow}
                onStopSearching={stopSearching} />
      <OnlineCard />
    </div>
  );
}
