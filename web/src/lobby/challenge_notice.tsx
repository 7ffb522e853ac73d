// The header's notice of challenges to the signed-in player, on every page: a lobby socket of its
// own (signed in, so the server sends it the account's challenges) that also speaks for the
// challenges this browser sent, so their sender is taken into the game when one is accepted.
import { useEffect, useState } from 'preact/hooks';
import type { Account } from '../account/account_api';
import { enterGame, mySeeks, watchLobby } from './lobby_api'
import { useDict } from '../common/texts_context';
import { LOBBY_TEXTS } from './lobby_texts';
import { fillText } from '../common/i18n';
import { Icon } from '../common/icons';

export function ChallengeNotice({ account }: { account: Account | null | undefined }) {
  const lt = useDict(LOBBY_TEXTS);
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
  const text = fillText(lt.challengeNotice, { n: incoming });
  return <a class="challenge-notice" href="#/lobby" data-testid="challenge-notice" title={text} aria-label={text}><Icon name="swords" /> {incoming}</a>;
}
