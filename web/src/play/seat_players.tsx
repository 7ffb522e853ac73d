// The players of a game's seats on the game page: their names (linking to their pages) and
// ratings beside the clocks, and each rating's change in the result dialog of a rated game.
import { deltaText, ratingText } from '../account/account_api';
import type { GameView, SeatPlayer } from '../common/api';
import { sideName } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import { ACCOUNT_TEXTS } from '../account/account_texts';

export function SeatName({ p }: { p: SeatPlayer | undefined }) {
  const at = useDict(ACCOUNT_TEXTS);
  if (!p || (!p.username && p.rating === null)) return null;
  const rating = ratingText(p.rating, !!p.provisional);
  return (
    <span class="seat-name" data-testid="seat-name">
      {p.username && <a href={`#/player/${encodeURIComponent(p.username)}`} data-seat-player={p.username}>{p.username}</a>}
      {rating && <span class="seat-rating" data-testid="seat-rating" title={p.provisional ? at.provisional : at.rating}>{rating}</span>}
    </span>
  );
}

export function RatingChanges({ view }: { view: GameView }) {
  const { t } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const changes = view.rating_change;
  if (!view.rated || !changes || !changes.some((c) => c)) return null;
  return (
    <div class="rating-changes" data-testid="rating-change">
      <h3>{at.ratingChange}</h3>
      {changes.map((c, i) => c && (
        <div key={i} class="rating-change-row" data-side={view.sides[i]}>
          <i class={`stone-dot ${view.sides[i]}`} />
          <span>{view.players?.[i]?.username ?? sideName(t, view.sides[i])}</span>
          <b class={`delta ${c.delta >= 0 ? 'up' : 'down'}`} data-testid={`delta-${view.sides[i]}`}>{deltaText(c.delta)}</b>
          <span class="muted small">{at.newRating}</span>
          <b data-testid={`new-rating-${view.sides[i]}`}>{Math.round(c.after)}</b>
        </div>
      ))}
    </div>
  );
}
