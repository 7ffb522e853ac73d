// A game played in the browser, on its page: where it is kept (this device, the account) and, when
// the server refused it, why — the game stays here either way.
import { ApiError } from '../common/api';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import type { LocalGame } from './local_game';
import { OFFLINE_TEXTS } from './offline_texts';

export function LocalGameCard({ game }: { game: LocalGame | null }) {
  const { t } = useTexts();
  const ot = useDict(OFFLINE_TEXTS);
  if (!game) return null;
  const state = game.status === 'ongoing' ? 'playing' : game.upload;
  return (
    <div class="card local-game muted" data-testid="local-game" data-upload={state} data-server-id={game.serverId ?? ''}>
      {state === 'playing' && ot.playedHere}
      {(state === 'queued' || state === 'none') && ot.savedHere}
      {state === 'uploaded' && (
        <>{ot.uploaded} <a href={`#/game/${game.serverId}`} data-testid="uploaded-game">{ot.openUploaded}</a></>
      )}
      {state === 'refused' && game.refusal && (
        <span class="error" role="alert" data-testid="upload-refused" data-code={game.refusal.code}>
          {ot.refused} {errorText(t, new ApiError(422, game.refusal.message, game.refusal.code, game.refusal.params))}
        </span>
      )}
    </div>
  );
}
