import type { GameView } from '../api';
import type { Dict } from '../i18n';

export interface BoardProps {
  view: GameView;
  ply: number;        // the ply shown
  position: string;   // the position after `ply` plies
  prev: string | null;  // the position before it (null at ply 0, or not loaded yet)
  flipped: boolean;
  canMove: boolean;   // the user holds the side to move and is looking at the last position
  onMove: (move: string) => void;
  t: Dict;
}
