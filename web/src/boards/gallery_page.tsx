// #/gallery: each board drawn from fixed board data, without a server game. Shows how the
// boards look (and lets the browser tests photograph them). The boards are written as the server
// sends them; the board descriptions (Tojmot's cells, Go's columns) come from /api/meta.
import type { BoardData, CapgoBoardData, LegalMove, TogyzBoardData, TojmotBoardData } from '../common/api';
import { BOARDS } from './index';
import { useTexts } from '../common/texts_context';

// Endgame position A of the rules file: each side has a tuzdyk, Black to move.
const TOGYZ: TogyzBoardData = {
  pits: [[0, 0, 1, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 2, 0, 0, 0, 3]],
  kazans: [77, 75],
  tuzdyks: [6, 5],
  to_move: 'black',
  move_number: 40,
  last: null,
};

const piece = (side: string) => (s: string) => {
  const [cell, p] = s.split('=');
  return { cell, piece: p, side };
};
// The start position.
const TOJMOT: TojmotBoardData = {
  pieces: [
    ...'G1=1 E3=X G3=7 I3=X B4=2 D4=5 F4=8 H4=9 J4=6 L4=4 N4=3 A5=II C5=V E5=VIII G5=IX I5=VI K5=IV M5=III'
      .split(' ').map(piece('white')),
    ...'G17=1 E15=X G15=7 I15=X N14=2 L14=5 J14=8 H14=9 F14=6 D14=4 B14=3 M13=II K13=V I13=VIII G13=IX E13=VI C13=IV A13=III'
      .split(' ').map(piece('black')),
  ],
  to_move: 'white',
  check: null,
  clock: 0,
  move_number: 1,
  last: null,
};
const TOJMOT_LEGAL: LegalMove[] = ['L4-L6', 'L4-L8', 'L4-L10', 'L4-L12', 'L4-L14', 'J4-L8', 'J4-H8', 'G5-H6', 'G5-F6']
  .map((m) => {
    const [from, to] = m.split('-');
    return { move: `${from}${to}`.toLowerCase(), from, to };
  });

// A 9x9 capture race after Black's E4, Black one capture ahead, targets 3.
const GO: CapgoBoardData = {
  size: 9,
  rows: ['.........', '..O......', '..XO.X...', '...XO....', '....X....', '..O.XO...', '..X......', '.........', '.........'],
  to_move: 'white',
  captures: [1, 0],
  targets: [3, 3],
  passes: 0,
  pass_allowed: true,
  last: { side: 'black', point: 'E4', captured: 0 },
};

// The boards shown, in order: a still position, or one with the moves a click would show.
const SAMPLES: { game: 'togyz' | 'tojmot' | 'capgo'; board: BoardData; legal: LegalMove[]; live: boolean }[] = [
  { game: 'togyz', board: TOGYZ, legal: [], live: false },
  { game: 'tojmot', board: TOJMOT, legal: TOJMOT_LEGAL, live: true },
  { game: 'capgo', board: GO, legal: [], live: false },
];

export function GalleryPage() {
  const { t, meta } = useTexts();
  const desc = (g: string) => meta.find((m) => m.name === g)?.board ?? {};
  const none = () => undefined;
  return (
    <div class="gallery">
      {SAMPLES.map(({ game, board, legal, live }) => {
        const { Board } = BOARDS[game];
        return (
          <section key={game} class="card" data-gallery={game}>
            <h2>{t[game]}</h2>
            <Board board={board} desc={desc(game)} legal={legal} live={live} flipped={false} onMove={none} t={t} />
          </section>
        );
      })}
    </div>
  );
}
