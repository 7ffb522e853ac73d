// The header's notice of challenges to the signed-in player, on every page: a lobby socket of its
// own (signed in, so the server sends it the account's challenges) that also speaks for the
// challenges this browser sent, so their sender is taken into the game when one is accepted.
import { useEffect, useState } from 'preact/hooks';
import type { Account } from '../account/account_api';
import type { LobbyDict } from './lobby_texts';
import { enterGame, fill, mySeeks, watchLobby } from './lobby_api';

export function ChallengeNotice({ account, lt }: { account: Account | null | undefined; lt: LobbyDict }) {
  const [incoming, setIncoming] = useState(0);
  useEffect(() => {
    setIncoming(0);
    if (!account) return;
    const w = watchLobby(() => undefined, (g) => {
      mySeeks.remove(g.seek_id);
      enterGame(g.game_id, g.token);
    }, { onChallenges: (c) => setIncoming(c.incoming.length) });
    return () => w.close();
  }, [account?.username]);
  if (!account || incoming === 0) return null;
  const text = fill(lt.challengeNotice, { n: incoming });
  return <a class="challenge-notice" href="#/lobby" data-testid="challenge-notice" title={text} aria-label={text}>⚔ {incoming}</a>;
}
