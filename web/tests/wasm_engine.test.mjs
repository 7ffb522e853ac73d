// The browser's engines against the native ones, game by game (no browser: the same .wasm files
// the web app ships, run by node): on random positions the legal moves, the position text and
// perft counts equal `oyin perft`'s; and the computer player at level N with a seed and a node
// budget plays the move `oyin move` plays, on a fresh engine each time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, oyin, randomLine, rng } from './wasm_engine.mjs';

// Per module: its game, the perft depth of the random positions, and the node budget of a move
// (playouts for capture Go's Monte-Carlo search). Togyz has two modules: plain and wasm SIMD.
const GAMES = {
  togyz: { game: 'togyz', perftDepth: 4, nodes: 4000 },
  togyz_simd: { game: 'togyz', variant: '_simd', perftDepth: 4, nodes: 4000 },
  tojmot: { game: 'tojmot', perftDepth: 2, nodes: 3000 },
  capgo: { game: 'capgo', perftDepth: 2, nodes: 300 },
};
const LEVELS = [0, 2, 5, 8, 10];

function nativeDivide(game, moves, position = '') {
  const args = ['perft', game, '-d', '1', '--divide'];
  if (position) args.push('--position', position);
  if (moves.length) args.push('--moves', moves.join(' '));
  const lines = oyin(args).stdout.split('\n').filter((l) => /^\S+: \d+$/.test(l));
  return lines.map((l) => l.split(':')[0]).sort();
}

function nativeCount(game, position, depth) {
  const out = oyin(['perft', game, '-d', String(depth), ...(position ? ['--position', position] : [])]).stdout;
  return Number(/Nodes searched: (\d+)/.exec(out)[1]);
}

for (const [name, cfg] of Object.entries(GAMES)) {
  const game = cfg.game;
  test(`${name}: legal moves, positions and perft of random positions match the native rules`, async () => {
    const e = await loadEngine(game, cfg.variant);
    assert.deepEqual(e.games(), [game]);
    const random = rng(0x5eed + name.length);
    for (let i = 0; i < 6; i++) {
      const moves = randomLine(e, random, 4 + Math.floor(random() * 40));
      const s = e.state(moves);
      const where = `${game} after ${moves.join(' ') || '(start)'}`;
      assert.deepEqual([...s.legal].sort(), nativeDivide(game, moves), `legal moves, ${where}`);
      // The position text means the same position to both: same moves from it.
      assert.deepEqual(nativeDivide(game, [], s.position), [...s.legal].sort(), `position ${s.position}`);
      assert.deepEqual([...e.state([], s.position).legal].sort(), [...s.legal].sort(), `position ${s.position} read back`);
      if (s.over) continue;
      const depth = cfg.perftDepth;
      assert.equal(e.perft(s.position, depth), nativeCount(game, s.position, depth), `perft ${depth}, ${where}`);
    }
  });

  test(`${name}: the computer player's move at each level equals oyin move's`, async () => {
    const e = await loadEngine(game, cfg.variant);
    const random = rng(0xbe57 + name.length);
    const lines = [[]];
    while (lines.length < 4) {
      const moves = randomLine(e, random, 6 + Math.floor(random() * 30));
      if (!e.state(moves).over) lines.push(moves);
    }
    let searched = 0;
    for (const moves of lines) {
      for (const level of LEVELS) {
        const seed = `${Math.floor(random() * 2 ** 32)}${level}`;
        const args = ['move', game, '--level', String(level), '--nodes', String(cfg.nodes), '--seed', seed];
        if (moves.length) args.push('--moves', moves.join(' '));
        const native = oyin(args).stdout.trim();
        const mine = e.bestMove(moves, level, cfg.nodes, seed);
        assert.equal(mine.move + (mine.book ? ' (book)' : ''), native,
          `${game} level ${level} seed ${seed} after ${moves.join(' ') || '(start)'}`);
        searched += mine.nodes > 0 ? 1 : 0;
      }
    }
    // Not only book moves and the random levels: real searches were compared.
    assert.ok(searched >= 8, `only ${searched} searched moves`);
  });
}
