// The game page's status card: the game and its rules, the status line, and every notice of the
// moment (refusal, draw offer, absent opponent, spectators, rematch, invite link).
import type { GameView } from '../common/api';
import { sideName } from '../common/i18n';
import { errorText } from '../common/server_texts';
import { useDict, useTexts, useGameMeta } from '../common/texts_context';
import { ACCOUNT_TEXTS } from '../account/account_texts';
import { RulesSummary } from './rules_view';
import type { GameRoles } from './game_roles';
import type { GameState } from './use_game';
import { Icon } from '../common/icons';

export function StatusCard({ view, game, roles, status, invite }: {
  view: GameView; game: GameState; roles: GameRoles; status: string; invite: string | null;
}) {
  const { t } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const gameMeta = useGameMeta(view.game);
  const { me, error, notice } = game;
  const { rematch, isPlayer } = roles;
  const gameTitle = (t as unknown as Record<string, string>)[view.game] ?? view.title;
  return (
    <div class="card status-card">
      <div class="game-title">{gameTitle}{view.rated && <span class="rated-tag" data-testid="rated-tag">{at.rated}</span>}</div>
      <RulesSummary options={gameMeta?.rule_options ?? []} values={view.rules_values ?? {}} />
      <div class="status" data-testid="status" role="status">{status}</div>
      {view.book_move && !view.thinking && view.status === 'ongoing' &&
        <div class="muted book-move" data-testid="book-move">{t.bookMove}</div>}
      {error !== null && <div class="error" role="alert" data-testid="error">{errorText(t, error)}</div>}
      {notice && <div class="notice">{notice}</div>}
      {view.draw_offer && view.status === 'ongoing' && <div class="notice">{t.drawOffered} {sideName(t, view.draw_offer)}</div>}
      {roles.opponentAway && <div class="notice" data-testid="opponent-away">{t.opponentAway}</div>}
      {roles.watching && <div class="watching-label" data-testid="you-are-watching"><Icon name="eye" /> {t.youAreWatching}</div>}
      {view.mode === 'online' && (
        <div class="muted spectators" data-testid="spectators" data-count={view.spectators ?? 0}>
          <Icon name="eye" /> {view.spectators ?? 0} {t.watching}
        </div>
      )}
      {rematch?.offered_by && rematch.offered_by !== me && !rematch.game_id && (
        <div class="notice" data-testid="rematch-offered">{t.rematchOffered}</div>
      )}
      {rematch && rematch.offered_by === me && !rematch.game_id && <div class="notice" data-testid="rematch-sent">{t.rematchSent}</div>}
      {view.rematch?.game_id && !isPlayer && (
        <a class="button" data-testid="to-rematch" href={`#/game/${view.rematch.game_id}`}>{t.toRematch}</a>
      )}
      {invite && view.mode === 'online' && view.status === 'ongoing' && (
        <div class="invite">
          <span>{t.invite}</span>
          <input readOnly value={invite} data-testid="invite" onFocus={(e) => (e.target as HTMLInputElement).select()} />
        </div>
      )}
    </div>
  );
}
