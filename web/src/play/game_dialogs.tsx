// The game page's two dialogs: "Resign?" before resigning, and the result when the game ends
// while the page is open (the result, why, the rating changes, rematch or a new game).
import type { GameView } from '../common/api';
import { useTexts, useGameMeta } from '../common/texts_context';
import { bigResult, resultText } from './game_texts';
import { RatingChanges } from './seat_players';
import type { ComponentChildren } from 'preact';
import { Icon } from '../common/icons';

export function ResignConfirm({ onCancel, onResign }: { onCancel: () => void; onResign: () => void }) {
  const { t } = useTexts();
  return (
    <div class="modal-backdrop" onClick={onCancel}>
      <div class="modal" role="alertdialog" aria-labelledby="resign-q" data-testid="resign-confirm"
           onClick={(e) => e.stopPropagation()}>
        <h2 id="resign-q">{t.resignConfirm}</h2>
        <div class="modal-buttons">
          <button data-action="resign-cancel" onClick={onCancel} autoFocus>{t.cancel}</button>
          <button class="danger" data-action="resign-confirm" onClick={onResign}><Icon name="flag" /> {t.resign}</button>
        </div>
      </div>
    </div>
  );
}

// `rematch`: the rematch button, when there is one to show.
export function ResultDialog({ view, reason, onClose, rematch }: {
  view: GameView; reason: string; onClose: () => void; rematch: ComponentChildren;
}) {
  const { t } = useTexts();
  const gameMeta = useGameMeta(view.game);
  return (
    <div class="modal-backdrop" onClick={onClose}>
      <div class="modal" role="dialog" data-testid="result-dialog" onClick={(e) => e.stopPropagation()}>
        <h2>{t.gameOver}</h2>
        <p class="result-big">{bigResult(view, gameMeta)}</p>
        <p>{resultText(t, view)}</p>
        {reason && <p class="muted" data-testid="end-reason">{reason}</p>}
        <RatingChanges view={view} />
        <div class="modal-buttons">
          {rematch}
          <a class="button" href="#/">{t.newGame}</a>
          <button class="primary" data-action="close-result" onClick={onClose}>{t.close}</button>
        </div>
      </div>
    </div>
  );
}
