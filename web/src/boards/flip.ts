// The one flip rule: a board is drawn from the side of whoever plays it on that page (the seat on
// the game page, the side to move in a lesson, a puzzle or a rules diagram). Togyz Kumalak and
// Tojmot turn for Black, the second side; a goban looks the same from both sides and never turns.
// Where nobody plays (the gallery, the game base) the board is not turned.
const TURNS_FOR: Record<string, string> = { togyz: 'black', tojmot: 'black' };

export function isFlipped(game: string, player: string | undefined | null): boolean {
  return !!player && TURNS_FOR[game] === player;
}

// The side to move in a board as the server sends it ('' when the board does not say): in a
// lesson, a puzzle or a rules diagram, the side the learner plays.
export function sideToMove(board: unknown): string {
  return String((board as { to_move?: unknown } | null)?.to_move ?? '');
}
