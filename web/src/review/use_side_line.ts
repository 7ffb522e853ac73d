// useSideLine: the analysis board of a game under review. From the position shown, a move played
// on the board starts a side line (or extends it); the page then draws the side line's position,
// offers its legal moves, and the engine's line for it streams in over the analysis channel
// (/ws/analysis, bounded by the server: a few searches in flight per client, each limited in
// time). The board and legal moves of any position come from GET /api/explorer (the rules replay
// the moves on the server). Going to another ply of the game leaves the side line.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardData, GameView, LegalMove } from '../common/api';
import { baseApi, type ExplorerReply } from '../base/base_api';
import { AnalysisChannel, type AnalysisLine } from '../play/analysis_channel';
import { movesTo, played, stepBack, type SideLineState } from './side_line';

// How long the engine thinks about a side-line position (ms).
export const SIDE_LINE_MOVETIME = 1500;

export interface SideLine {
  state: SideLineState | null;     // null: the game line
  board: BoardData | undefined;    // the side line's position (undefined on the game line)
  legal: LegalMove[];              // the moves playable on the board at the position shown
  at: ExplorerReply | null;        // the position shown, as the server replayed it
  line: AnalysisLine | null;       // the engine's line for the side line's position
  play: (move: string) => void;
  back: () => void;
  leave: () => void;
}

export function useSideLine(view: GameView | null, shown: number, enabled: boolean): SideLine {
  const [state, setState] = useState<SideLineState | null>(null);
  const [at, setAt] = useState<{ key: string; reply: ExplorerReply } | null>(null);
  const [line, setLine] = useState<AnalysisLine | null>(null);
  const channel = useRef<AnalysisChannel | null>(null);
  const asked = useRef('');  // the analysis request in flight
  useEffect(() => () => channel.current?.close(), []);

  // Another ply of the game (the move list, the keys, the graph) leaves the side line.
  const current = state && state.from === shown ? state : null;
  useEffect(() => {
    if (state && state.from !== shown) setState(null);
  }, [shown]);
  useEffect(() => setState(null), [view?.id]);

  const moves = view ? movesTo(view.moves, current, shown) : [];
  const key = `${view?.id}|${moves.join(' ')}`;
  useEffect(() => {
    if (!enabled || !view) return;
    let live = true;
    baseApi.position(view.game, view.rules, view.start_position, moves)
      .then((reply) => live && setAt({ key, reply }))
      .catch((e) => console.warn(`analysis board: ${(e as Error).message}`));
    return () => { live = false; };
  }, [enabled, key]);

  // The engine's line for a side line's position; the search of the one left behind is stopped.
  useEffect(() => {
    setLine(null);
    if (asked.current) channel.current?.stop(asked.current);
    asked.current = '';
    if (!enabled || !view || !current) return;
    channel.current ??= new AnalysisChannel();
    const ch = channel.current;
    const id = `side-${view.id}-${moves.length}-${Date.now()}`;
    asked.current = id;
    ch.analyse({ id, game: view.game, rules: view.rules, position: view.start_position, moves, movetime: SIDE_LINE_MOVETIME },
      (l) => asked.current === id && setLine(l))
      .then((l) => {
        if (asked.current !== id) return;
        asked.current = '';
        setLine(l);
      });
  }, [enabled, key, !!current]);

  const here = at && at.key === key ? at.reply : null;
  const legal = enabled && here && !here.over ? here.legal : [];
  return {
    state: current,
    board: current && here ? here.board : undefined,
    legal,
    at: here,
    line,
    // Only a move legal here (a board may send others for the server to explain).
    play: (move) => legal.some((l) => l.move === move) && setState(played(current, shown, move)),
    back: () => setState(stepBack(current)),
    leave: () => setState(null),
  };
}
