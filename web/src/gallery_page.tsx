// #/gallery: each board drawn from a fixed position, without a server game. Shows how the
// boards look (and lets the browser tests photograph them) even before a game is registered.
import type { GameView } from './api';
import type { Dict } from './i18n';
import { TogyzBoard } from './boards/togyz';
import { TojmotBoard } from './boards/tojmot';
import { GoBoard } from './boards/capgo';

function sample(game: string, position: string, extra: Partial<GameView> = {}): GameView {
  return {
    id: `gallery-${game}`, game, title: game, rules: '', mode: 'review', level: 0,
    sides: game === 'capgo' ? ['black', 'white'] : ['white', 'black'],
    start_position: position, position, previous_position: null, moves: [], ply: 0, version: 0,
    status: 'ongoing', result: '*', reason: '', to_move: 'white', legal_moves: [], computer: null,
    thinking: false, draw_offer: null, ...extra,
  };
}

const TOJMOT_START = 'w W:1G1,XE3,7G3,XI3,2B4,5D4,8F4,9H4,6J4,4L4,3N4,IIA5,VC5,VIIIE5,IXG5,VII5,IVK5,IIIM5 ' +
  'B:1G17,XE15,7G15,XI15,2N14,5L14,8J14,9H14,6F14,4D14,3B14,IIM13,VK13,VIIII13,IXG13,VIE13,IVC13,IIIA13 0 1';
const TOGYZ_BEFORE = '3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40';
const GO_BEFORE = '9 ........./..O....../..XO.X.../...XO..../....X..../..O..O.../..X....../........./......... b 1 0 0';
const GO_AFTER = '9 ........./..O....../..XO.X.../...XO..../....X..../..O.XO.../..X....../........./......... w 1 0 0';

export function GalleryPage({ t }: { t: Dict }) {
  const togyz = sample('togyz', TOGYZ_BEFORE);
  const tojmot = sample('tojmot', TOJMOT_START, {
    legal_moves: ['l4l6', 'l4l8', 'l4l10', 'l4l12', 'l4l14', 'j4l8', 'j4h8', 'g5h6', 'g5f6'],
  });
  const go = sample('capgo', GO_AFTER, { previous_position: GO_BEFORE, moves: ['E4'], ply: 1, rules: 'size=9,target=3,pass=1' });
  const none = () => undefined;
  return (
    <div class="gallery">
      <section class="card" data-gallery="togyz">
        <h2>{t.togyz}</h2>
        <TogyzBoard view={togyz} ply={0} position={togyz.position} prev={null} flipped={false} canMove={false} onMove={none} t={t} />
      </section>
      <section class="card" data-gallery="tojmot">
        <h2>{t.tojmot}</h2>
        <TojmotBoard view={tojmot} ply={0} position={tojmot.position} prev={null} flipped={false} canMove={true} onMove={none} t={t} />
      </section>
      <section class="card" data-gallery="capgo">
        <h2>{t.capgo}</h2>
        <GoBoard view={go} ply={1} position={go.position} prev={go.previous_position} flipped={false} canMove={false} onMove={none} t={t} />
      </section>
    </div>
  );
}
