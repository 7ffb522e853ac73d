// Which sound a game event makes (pure: the unit tests check it), and the hook that plays them
// as the page draws the game: a move (a capture, a check or an atari louder), the start and the
// end of a game, a chat line from the other side. The low-time warning sounds from the clock.
import { useEffect, useRef } from 'preact/hooks';
import type { BoardData, CapgoBoardData, ChatLine, GameView, TogyzBoardData, TojmotBoardData } from '../common/api';
import { sound, type SoundKind } from '../common/sound';

// Some group of the side to move on a capture Go board has one liberty left.
export function goAtari(b: CapgoBoardData): boolean {
  const rows = b.rows;
  const size = rows.length;
  const mine = b.to_move === 'black' ? 'X' : 'O';
  const seen = new Set<number>();
  for (let r0 = 0; r0 < size; ++r0)
    for (let c0 = 0; c0 < size; ++c0) {
      if (rows[r0][c0] !== mine || seen.has(r0 * size + c0)) continue;
      const libs = new Set<number>();
      const stack = [[r0, c0]];
      seen.add(r0 * size + c0);
      while (stack.length) {
        const [r, c] = stack.pop()!;
        for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= size || cc >= size) continue;
          const k = rr * size + cc;
          if (rows[rr][cc] === '.') libs.add(k);
          else if (rows[rr][cc] === mine && !seen.has(k)) {
            seen.add(k);
            stack.push([rr, cc]);
          }
        }
      }
      if (libs.size === 1) return true;
    }
  return false;
}

// The sound of the move that led to `board`.
export function moveSound(game: string, board: BoardData): SoundKind {
  if (game === 'togyz') {
    const last = (board as TogyzBoardData).last;
    return last && (last.gained > 0 || last.tuzdyk) ? 'capture' : 'move';
  }
  if (game === 'tojmot') {
    const b = board as TojmotBoardData;
    return b.check ? 'check' : b.last?.captured ? 'capture' : 'move';
  }
  if (game === 'capgo') {
    const b = board as CapgoBoardData;
    if ((b.last?.captured ?? 0) > 0) return 'capture';
    return Array.isArray(b.rows) && goAtari(b) ? 'check' : 'move';
  }
  return 'move';
}

// Plays the sounds of the game as drawn: `drawn` is the newest state on the board (the one being
// animated to, or the one shown).
export function useGameSounds(drawn: GameView | null, chat: ChatLine[], me: string | undefined) {
  const prev = useRef<GameView | null>(null);
  const chatSeen = useRef(-1);  // the chat's length as last seen (-1: not yet)
  useEffect(() => {
    const old = prev.current;
    prev.current = drawn;
    if (!drawn) return;
    if (!old) {
      if (drawn.status === 'ongoing' && drawn.ply === 0) sound.play('start');
      return;
    }
    if (old.id !== drawn.id) return;
    // Moves drawn together (no animation, both states in one render) are heard once, as the last.
    if (drawn.ply > old.ply) sound.play(moveSound(drawn.game, drawn.board));
    if (old.status === 'ongoing' && drawn.status === 'finished') sound.play('end');
  }, [drawn]);
  useEffect(() => {
    // One line more is a line just written; the chat so far comes as a batch (not heard).
    const newest = chat.length ? chat[chat.length - 1] : null;
    if (chatSeen.current >= 0 && chat.length === chatSeen.current + 1 && newest && newest.side !== me) sound.play('chat');
    chatSeen.current = chat.length;
  }, [chat]);
}
