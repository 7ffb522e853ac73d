// A seat's chip above or under the board: the side, the account's name and rating, who sits
// there for this browser, and in an online game whether that player is connected.
import type { Presence, SeatPlayer } from '../common/api';
import { sideName } from '../common/i18n';
import { useTexts } from '../common/texts_context';
import { SeatName } from './seat_players';

export interface Seat {
  side: string;
  who: string;           // "Computer · Level 3", "You", "Friend" or ''
  turn: boolean;
  presence?: Presence;
  player?: SeatPlayer;
}

export function PlayerChip({ p }: { p: Seat }) {
  const { t } = useTexts();
  return (
    <div class={`player-chip ${p.turn ? 'turn' : ''}`} data-side={p.side}>
      <i class={`stone-dot ${p.side}`} />
      <b>{sideName(t, p.side)}</b>
      <SeatName p={p.player} />
      {p.who && <span class="who">{p.who}</span>}
      {p.presence && (
        <span class={`presence ${p.presence.connected ? 'on' : 'off'}`} data-presence={p.side}
              data-connected={p.presence.connected ? 'yes' : 'no'}>
          {p.presence.connected ? t.connected : t.away}
        </span>
      )}
    </div>
  );
}
