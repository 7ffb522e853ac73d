// The lobby's card of a signed-in player's direct challenges: those to them (accept, decline),
// their own (cancel), and the word that one was declined.
import { useDict, useTexts } from '../common/texts_context';
import { LOBBY_TEXTS } from './lobby_texts';
import { type Challenges, type ChallengeView } from './lobby_api'
import { clockText } from './clock_label';
import { fillText } from '../common/i18n';

export type ChallengeAction = 'accept' | 'decline' | 'cancel';

// One challenge's line: the game and clock, and the buttons for it.
function ChallengeRow({ c, incoming, act }: { c: ChallengeView; incoming: boolean; act: (c: ChallengeView, a: ChallengeAction) => void }) {
  const { t } = useTexts();
  const lt = useDict(LOBBY_TEXTS);
  const dict = t as unknown as Record<string, string>;
  return (
    <tr data-challenge={c.id}>
      <td>{incoming ? c.from : c.to}</td>
      <td>{dict[c.game] ?? c.game}{c.color !== 'random' ? ` · ${dict[c.color] ?? c.color}` : ''}</td>
      <td>{clockText(t, c)}</td>
      <td>{c.rated ? lt.rated : lt.casual}</td>
      <td>
        {incoming
          ? <>
              <button class="primary" data-action="accept-challenge" onClick={() => act(c, 'accept')}>{lt.accept}</button>{' '}
              <button data-action="decline-challenge" onClick={() => act(c, 'decline')}>{lt.decline}</button>
            </>
          : <button class="danger" data-action="cancel-challenge" onClick={() => act(c, 'cancel')}>{lt.cancel}</button>}
      </td>
    </tr>
  );
}

// `declined`: the name of the player who declined this browser's challenge, if one did.
export function ChallengesCard({ challenges, declined, act }: {
  challenges: Challenges; declined: string | null; act: (c: ChallengeView, a: ChallengeAction) => void;
}) {
  const lt = useDict(LOBBY_TEXTS);
  return (
    <section class="card lobby-challenges" data-testid="challenges">
      <h2>{lt.challenges}</h2>
      {declined && <p class="muted" role="status" data-testid="challenge-declined">{fillText(lt.challengeDeclined, { name: declined })}</p>}
      {challenges.incoming.length > 0 && (
        <>
          <h3>{lt.incoming}</h3>
          <table class="games-table" data-testid="incoming-challenges"><tbody>
            {challenges.incoming.map((c) => <ChallengeRow key={c.id} c={c} incoming act={act} />)}
          </tbody></table>
        </>
      )}
      {challenges.outgoing.length > 0 && (
        <>
          <h3>{lt.outgoing}</h3>
          <table class="games-table" data-testid="outgoing-challenges"><tbody>
            {challenges.outgoing.map((c) => <ChallengeRow key={c.id} c={c} incoming={false} act={act} />)}
          </tbody></table>
        </>
      )}
    </section>
  );
}
