// The game page's buttons: pass, flip, undo, draw, resign (asks first), rematch, claim, export,
// copy the position or the invite link; and the rematch button the result dialog shows too.
import { useState } from 'preact/hooks';
import { api, type GameView, type LegalMove } from '../common/api';
import { useTexts } from '../common/texts_context';
import type { GameRoles } from './game_roles';
import type { GameState } from './use_game';
import { Icon } from '../common/icons';

export function RematchButton({ game, roles }: { game: GameState; roles: GameRoles }) {
  const { t } = useTexts();
  const { rematch } = roles;
  if (!rematch || rematch.game_id) return null;
  const offeredToMe = !!rematch.offered_by && rematch.offered_by !== game.me;
  return (
    <button data-action="rematch" class={offeredToMe ? 'primary' : ''}
            disabled={rematch.offered_by === game.me} onClick={() => game.act('rematch')}>
      <Icon name="rematch" /> {offeredToMe ? t.acceptRematch : t.rematch}
    </button>
  );
}

export function GameActions({ id, view, game, roles, passMove, onFlip, onResign, invite }: {
  id: string; view: GameView; game: GameState; roles: GameRoles; passMove: LegalMove | undefined;
  onFlip: () => void; onResign: () => void; invite: string | null;
}) {
  const { t } = useTexts();
  const [copied, setCopied] = useState('');
  const { canAct } = roles;
  const copy = (what: string, text: string) => {
    navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(what);
    setTimeout(() => setCopied(''), 1500);
  };
  return (
    <div class="card actions">
      {passMove && <button data-action="pass" onClick={() => game.move(passMove.move)}>{t.pass}</button>}
      <button data-action="flip" onClick={onFlip}><Icon name="flip" /> {t.flip}</button>
      {canAct && view.mode !== 'online' && !view.rated && (
        <button data-action="undo" onClick={() => game.act('undo')} disabled={view.ply === 0}><Icon name="undo" /> {t.undo}</button>
      )}
      {canAct && !view.local && (
        <button data-action="draw" onClick={() => game.act('draw')}>½ {roles.offerFromOther ? t.acceptDraw : t.offerDraw}</button>
      )}
      {canAct && <button data-action="resign" class="danger" onClick={onResign}><Icon name="flag" /> {t.resign}</button>}
      <RematchButton game={game} roles={roles} />
      {roles.opponentAway && view.ply >= 2 && (
        <button data-action="claim" onClick={() => game.act('claim')}><Icon name="flagOpen" /> {t.claimVictory}</button>
      )}
      {!view.local && <a class="button" data-action="export" href={api.recordUrl(id)} download><Icon name="download" /> {t.exportRecord}</a>}
      <button data-action="copy-position" onClick={() => copy('position', view.position)}>
        {copied === 'position' ? t.copied : t.copyPosition}
      </button>
      {invite && view.mode === 'online' && view.status === 'ongoing' && (
        <button data-action="copy-invite" onClick={() => copy('invite', invite)}><Icon name="link" /> {copied === 'invite' ? t.copied : t.copyInvite}</button>
      )}
    </div>
  );
}
