import type { GameView } from '../api';
import type { Dict } from '../i18n';

export interface BoardProps {
  view: GameView;
  ply: number;        // the position shown: view.positions[ply]
  flipped: boolean;
  canMove: boolean;   // the user holds the side to move and is looking at the last position
  onMove: (move: string) => void;
  t: Dict;
}
