// A seek's or a challenge's clock as the lobby shows it: "3+2 · Blitz", or "Untimed".
import type { Dict } from '../common/i18n';
import { timeControlText } from '../play/clock_text';
import type { ChallengeView, SeekView } from './lobby_api';

export function clockText(t: Dict, s: SeekView | ChallengeView): string {
  return s.clock ? timeControlText(t, s.clock.initial_s, s.clock.increment_s, s.speed ?? undefined) : t.untimed;
}
