// The boards, by game name: the one map every page draws a game with (game page, lessons,
// puzzles, rules diagrams, game base, gallery), with the game's counters under the board where
// it has any, the flip rule and the board geometry.
import type { ComponentType } from 'preact';
import type { BoardData } from '../common/api';
import type { Dict } from '../common/i18n';
import { TogyzBoard } from './togyz';
import { TojmotBoard } from './tojmot';
import { GoBoard, GoCounters } from './capgo';
import type { BoardProps } from './types';

export interface BoardEntry {
  Board: ComponentType<BoardProps>;
  // Shown under the board (capture Go's captures against the targets).
  Counters?: ComponentType<{ board: BoardData; t: Dict }>;
}

export const BOARDS: Record<string, BoardEntry> = {
  togyz: { Board: TogyzBoard },
  tojmot: { Board: TojmotBoard },
  capgo: { Board: GoBoard, Counters: GoCounters },
};

// The game's counters for this board, or nothing for a game that has none.
export function BoardCounters({ game, board, t }: { game: string; board: BoardData; t: Dict }) {
  const Counters = BOARDS[game]?.Counters;
  return Counters ? <Counters board={board} t={t} /> : null;
}

export { isFlipped, sideToMove } from './flip';
export type { BoardProps } from './types';
