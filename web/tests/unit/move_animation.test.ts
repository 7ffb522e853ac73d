// A move as it is drawn: the sowing's frames (Togyz Kumalak), the durations by speed, and the
// playback queue that holds the computer's reply until your move's animation ends.
import { describe, expect, test } from 'vitest';
import type { GameView, TogyzBoardData } from '../../src/common/api';
import { arrive, EMPTY_PLAYBACK, finish, flush, moveMs, sowStepMs, togyzSowFrames, type Playback } from '../../src/play/move_animation';

function togyz(pits: [number[], number[]], extra: Partial<TogyzBoardData> = {}): TogyzBoardData {
  return { pits, kazans: [0, 0], tuzdyks: [0, 0], to_move: 'white', move_number: 1, last: null, ...extra };
}
const nine = () => Array(9).fill(9);

describe('togyzSowFrames', () => {
  test('the opening w6: nine kumalaks from w6 to b5, one per pit, then the capture, then the board after', () => {
    const prev = togyz([nine(), nine()]);
    const next = togyz([[9, 9, 9, 9, 9, 1, 10, 10, 10], [10, 10, 10, 10, 0, 9, 9, 9, 9]], {
      kazans: [10, 0], to_move: 'black',
      last: { side: 'white', pit: 6, landing: { side: 'black', pit: 5 }, gained: 10, tuzdyk: false },
    });
    const frames = togyzSowFrames(prev, next);
    expect(frames.length).toBe(12);  // the hand, 9 drops, the capture, the end
    expect(frames[0].at).toBe(5);
    expect(frames[0].board.pits[0][5]).toBe(0);
    // The first kumalak goes back into w6, then w7, w8, w9, b1 ... b5.
    expect(frames.slice(1, 10).map((f) => f.at)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(frames[1].board.pits[0][5]).toBe(1);
    expect(frames[9].board.pits[1][4]).toBe(10);
    expect(frames[10]).toMatchObject({ at: 13, capture: true });
    expect(frames[11].board).toBe(next);
    // Each frame drops one kumalak: the count on the board grows by one (the hand holds the rest).
    const total = (b: TogyzBoardData) => b.pits[0].concat(b.pits[1]).reduce((a, x) => a + x, 0) + b.kazans[0] + b.kazans[1];
    for (let i = 1; i < 10; ++i) expect(total(frames[i].board)).toBe(total(frames[i - 1].board) + 1);
  });

  test('a single kumalak goes to the next pit; one falling in a tuzdyk goes to its owner\'s kazan', () => {
    // White's tuzdyk is Black's pit 1: what White sows into b1 goes to White's kazan.
    const prev = togyz([[0, 0, 0, 0, 0, 0, 0, 3, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0]], { tuzdyks: [1, 0] });
    const single = togyzSowFrames(prev, togyz(prev.pits, { last: { side: 'white', pit: 9, landing: { side: 'black', pit: 1 }, gained: 0, tuzdyk: false } }));
    expect(single.map((f) => f.at)).toEqual([8, 9, -1]);
    expect(single[1].board.kazans[0]).toBe(1);  // w9's kumalak fell into White's tuzdyk on b1
    const three = togyzSowFrames(prev, togyz(prev.pits, { last: { side: 'white', pit: 8, landing: { side: 'black', pit: 1 }, gained: 0, tuzdyk: false } }));
    expect(three.map((f) => f.at)).toEqual([7, 7, 8, 9, -1]);
    expect(three[3].board.kazans[0]).toBe(1);
    expect(three[3].board.pits[0][8]).toBe(2);
  });

  test('a sowing that does not land where the server says is not retraced: only the board after', () => {
    const prev = togyz([nine(), nine()]);
    const next = togyz([nine(), nine()], { last: { side: 'white', pit: 6, landing: { side: 'black', pit: 7 }, gained: 0, tuzdyk: false } });
    expect(togyzSowFrames(prev, next)).toEqual([{ board: next, at: -1 }]);
  });

  test('a tuzdyk made is shown as a capture before the end', () => {
    const prev = togyz([[0, 0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 0, 0, 0, 0, 0]]);
    const next = togyz([[0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0]],
      { kazans: [3, 0], tuzdyks: [2, 0], last: { side: 'white', pit: 9, landing: { side: 'black', pit: 1 }, gained: 3, tuzdyk: true } });
    // 2 kumalaks from w9: one back in w9, one in b1 (making 1, not 3) — landing b1.
    const frames = togyzSowFrames(prev, next);
    expect(frames.at(-2)).toMatchObject({ at: 9, capture: true });
  });
});

function view(ply: number, board: object, game = 'capgo'): GameView {
  return { ply, game, board } as unknown as GameView;
}

describe('moveMs and sowStepMs', () => {
  const last = { last: { point: 'A1', captured: 0 } };
  test('off draws at once; fast is quicker than normal; only the next ply is animated', () => {
    expect(moveMs(view(0, {}), view(1, last), 'off')).toBe(0);
    expect(moveMs(view(0, {}), view(1, last), 'fast')).toBeGreaterThan(0);
    expect(moveMs(view(0, {}), view(1, last), 'fast')).toBeLessThan(moveMs(view(0, {}), view(1, last), 'normal'));
    expect(moveMs(view(0, {}), view(2, last), 'normal')).toBe(0);  // a jump
    expect(moveMs(view(3, {}), view(2, last), 'normal')).toBe(0);  // an undo
    expect(moveMs(view(1, last), view(1, last), 'normal')).toBe(0);  // same ply (a clock, a draw offer)
    expect(moveMs(view(0, {}), view(1, { last: { pass: true, captured: 0 } }), 'normal')).toBe(0);
  });
  test('a long sowing keeps its total under the cap', () => {
    expect(sowStepMs('normal', 12)).toBe(150);
    expect(sowStepMs('normal', 101) * 100).toBeLessThanOrEqual(2000);
    expect(sowStepMs('off', 12)).toBe(0);
  });
});

describe('the playback queue', () => {
  const ms = (a: number, b: number) => (b === a + 1 ? 100 : 0);  // states as plies: the next one animates
  test('the first state is shown at once; the next animates; one arriving meanwhile waits its turn', () => {
    let p: Playback<number> = arrive(EMPTY_PLAYBACK, 0, ms);
    expect(p).toEqual({ shown: 0, next: null, ms: 0, queue: [] });
    p = arrive(p, 1, ms);  // your move
    expect(p).toMatchObject({ shown: 0, next: 1, ms: 100 });
    p = arrive(p, 2, ms);  // the computer's reply, 5 ms later
    expect(p).toMatchObject({ shown: 0, next: 1, queue: [2] });
    p = finish(p, ms);     // your move drawn: the reply starts only now
    expect(p).toMatchObject({ shown: 1, next: 2, queue: [] });
    p = finish(p, ms);
    expect(p).toEqual({ shown: 2, next: null, ms: 0, queue: [] });
  });
  test('states that need no animation pass at once, in order', () => {
    let p: Playback<number> = arrive(EMPTY_PLAYBACK, 5, ms);
    p = arrive(p, 6, ms);
    p = arrive(p, 6, ms);
    p = arrive(p, 9, ms);
    p = arrive(p, 10, ms);
    p = finish(p, ms);  // 6 shown, 6 again at once, 9 (a jump) at once, then 10 animates from 9
    expect(p).toMatchObject({ shown: 9, next: 10, queue: [] });
  });
  test('flush shows the newest at once', () => {
    let p: Playback<number> = arrive(arrive(arrive(EMPTY_PLAYBACK, 0, ms), 1, ms), 2, ms);
    p = flush(p);
    expect(p).toEqual({ shown: 2, next: null, ms: 0, queue: [] });
    expect(finish(p, ms)).toBe(p);
  });
});
