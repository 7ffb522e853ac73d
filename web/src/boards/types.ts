import type { BoardData, LegalMove } from '../common/api';
import type { Dict } from '../common/i18n';
import type { Speed } from '../play/move_animation';

// A move being animated: the board drawn before it, the time it takes, at which speed, and the
// ply it leads to (the board prop is the position after it).
export interface BoardAnim {
  prev: BoardData;
  ms: number;
  speed: Speed;
  ply: number;
}

export interface BoardProps {
  board: BoardData;                  // the position shown, as the server describes it
  desc: Record<string, unknown>;     // the game's board description from /api/meta
  legal: LegalMove[];                // the moves the user may make here (empty: look only)
  live: boolean;                     // the game is on and this is its current position
  flipped: boolean;
  onMove: (move: string) => void;
  t: Dict;
  marks?: string[];                  // cells, points or pits to highlight (lessons): "E5", "D4", "w3"
  // On the player's turn a click on a point that is not legal is sent as a move too, for the
  // server to say why (the game page); otherwise such a click does nothing.
  explainIllegal?: boolean;
  anim?: BoardAnim | null;           // the move to `board` is being animated
  mover?: string;                    // the side `legal` is for, when not the side to move (a premove)
}

// Keyboard play: Enter (or Space) on a focused pit, cell or point does what a click does.
export function onEnter(action: (() => void) | undefined) {
  return (e: KeyboardEvent) => {
    if (!action || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    action();
  };
}
