// History's list of the games played in this browser, newest first, each with where it is kept
// (this device, the account) and, for one the server refused, why: none is lost from sight.
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../common/api';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import { GameIcon } from '../play/new_game';
import type { LocalGame } from './local_game';
import { localGames } from './local_store';
import { OFFLINE_TEXTS } from './offline_texts';
import { onUploadChange } from './uploader';

export function LocalGamesList() {
  const { t } = useTexts();
  const ot = useDict(OFFLINE_TEXTS);
  const [games, setGames] = useState<LocalGame[]>([]);
  useEffect(() => {
    const read = () => localGames.all().then((all) => setGames(all.sort((a, b) => b.playedAt.localeCompare(a.playedAt))))
      .catch(() => undefined);  // no IndexedDB here: no games of this kind
    read();
    return onUploadChange(read);
  }, []);
  if (!games.length) return null;
  const dict = t as unknown as Record<string, string>;
  const state = (g: LocalGame) => g.status === 'ongoing' ? ot.statePlaying : g.upload === 'uploaded' ? ot.stateUploaded
    : g.upload === 'refused' ? ot.stateRefused : ot.stateQueued;
  return (
    <section class="card" data-testid="local-games">
      <h2>{ot.onThisDevice}</h2>
      <table class="games-table">
        <thead><tr><th>{t.game}</th><th>{t.opponent}</th><th>{t.result}</th><th>{t.moves}</th><th>{t.status}</th></tr></thead>
        <tbody>
          {games.map((g) => (
            <tr key={g.key} data-local-game={g.key} data-upload={g.upload} onClick={() => (location.hash = `#/local/${g.key}`)}>
              <td><GameIcon game={g.game} /> {dict[g.game] ?? g.game}</td>
              <td>{g.mode === 'ai' ? `${t.computer} · ${t.level} ${g.level}` : t.hotseat}</td>
              <td>{g.result}</td>
              <td>{g.moves.length}</td>
              <td class={g.upload === 'refused' ? 'error' : 'muted'} title={g.refusal ? errorText(t, new ApiError(422, g.refusal.message, g.refusal.code, g.refusal.params)) : ''}>
                {state(g)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
