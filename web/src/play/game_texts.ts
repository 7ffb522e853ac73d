// The words of a game's state: its result, the status line, and the big result of the result
// dialog. Pure functions of the state and the texts.
import type { GameView, MetaGame } from '../common/api';
import { sideName, type Dict } from '../common/i18n';

export function resultText(t: Dict, v: GameView): string {
  if (v.result === '1/2-1/2') return t.draw;
  if (v.result === '1-0') return `${sideName(t, v.sides[0])} ${t.wins}`;
  if (v.result === '0-1') return `${sideName(t, v.sides[1])} ${t.wins}`;
  return '';
}

// The status line: the result and why, or whose move it is for this browser (`me` its seat,
// `mine` whether it is to move), `reason` the end's text.
export function statusText(t: Dict, v: GameView, me: string | undefined, mine: boolean, reason: string): string {
  if (v.status === 'finished') return `${resultText(t, v)}${reason ? ` (${reason})` : ''}`;
  if (v.thinking) return t.thinking;
  if (me === 'both') return `${sideName(t, v.to_move)} ${t.toMove}`;
  if (mine) return t.yourMove;
  if (me) return t.waiting;
  if (v.mode === 'review') return t.review;
  return `${sideName(t, v.to_move)} ${t.toMove}`;
}

// SGF games write results as B+ / W+ (the first letter of the winner), the others as 1-0 / 0-1.
export function bigResult(v: GameView, m: MetaGame | undefined): string {
  if (m?.record_format !== 'sgf' || v.result === '1/2-1/2') return v.result;
  const winner = v.result === '1-0' ? v.sides[0] : v.result === '0-1' ? v.sides[1] : '';
  return winner ? `${winner[0].toUpperCase()}+` : v.result;
}

// Who sits at each side, as the player chips say it: the computer and its level, "you", "friend".
export function seatLabel(t: Dict, v: GameView, me: string | undefined, side: string): string {
  if (v.computer === side) return `${t.computer} · ${t.level} ${v.level}`;
  if (me === side || me === 'both') return t.you;
  // The other player of an online game (lobby, pairing, challenge or invite): named by their
  // account when they have one (the chip shows it), else "Opponent".
  // A record imported for review names its players.
  if (v.mode === 'review') return v.record?.players[side] ?? '';
  if (!me) return '';
  const i = v.sides.indexOf(side);
  return v.players?.[i]?.username ? '' : t.opponent;
}
