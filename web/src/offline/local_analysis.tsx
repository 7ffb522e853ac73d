// Analysis of a game played in the page, by the browser's own engine: no server, so it works
// offline. For the position shown, the full-strength engine (level 10) searches a fixed budget in
// a worker of its own (never the one playing the computer's moves) and shows its score, for the
// side to move, and the line it expects, in the game's record notation. A casual game against the
// computer may be analysed while it is played, as on the server; rated games never come here.
import { useEffect, useRef, useState } from 'preact/hooks';
import { sideName } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import type { BrowserEngine, EngineMove } from '../engine/browser_engine';
import { rulesText, type LocalGame } from './local_game';
import { OFFLINE_TEXTS } from './offline_texts';

// Nodes a position (playouts for capture Go's tree search): a few tenths of a second on a phone.
const BUDGET: Record<string, number> = { capgo: 4000 };
const DEFAULT_BUDGET = 150000;

interface Answer {
  ply: number;
  over?: boolean;
  toMove?: string;
  best?: EngineMove;
  line?: string[];  // record notation
}

function scoreText(m: EngineMove): string {
  if (m.mate_in !== undefined) return m.mate_in > 0 ? `#${m.mate_in}` : `#-${-m.mate_in}`;
  const s = m.score / 100;
  return `${s > 0 ? '+' : ''}${s.toFixed(2)}`;
}

export function LocalAnalysis({ game, ply }: { game: LocalGame | null; ply: number }) {
  const { t } = useTexts();
  const ot = useDict(OFFLINE_TEXTS);
  const [on, setOn] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const engineRef = useRef<Promise<BrowserEngine> | null>(null);
  const name = game?.game ?? '';
  const prefix = game ? game.moves.slice(0, ply) : [];

  useEffect(() => () => void engineRef.current?.then((e) => e.terminate()), []);
  useEffect(() => {
    if (!on || !game) return;
    let live = true;
    const engine = (engineRef.current ??= import('../engine/browser_engine').then((m) => new m.BrowserEngine(name)));
    const rules = rulesText(game.rules);
    (async () => {
      const e = await engine;
      const st = await e.state({ rules, moves: prefix });
      if (st.over) return { ply, over: true };
      const best = await e.bestMove({ rules, moves: prefix },
        { level: 10, nodes: BUDGET[name] ?? DEFAULT_BUDGET, seed: '1', fresh: true });
      const pv = best.pv?.length ? best.pv : [best.move];
      // The line in the notation the move list uses (the engine speaks the protocol's).
      const after = await e.state({ rules, moves: [...prefix, ...pv] }).catch(() => null);
      const line = after?.history ? after.history.slice(prefix.length) : pv;
      return { ply, toMove: st.to_move, best, line };
    })().then((a) => live && setAnswer(a)).catch(() => live && setAnswer(null));
    return () => { live = false; };
  }, [on, name, ply, prefix.join(' ')]);

  if (!game) return null;
  const ready = on && answer && answer.ply === ply ? answer : null;
  return (
    <div class="card local-analysis" data-testid="local-analysis"
         data-state={!on ? 'off' : !ready ? 'thinking' : ready.over ? 'over' : 'done'}
         data-first-move={ready?.best?.move ?? ''}>
      <button data-action="local-analysis" onClick={() => setOn(!on)}>{on ? ot.analysisOff : ot.analyseHere}</button>
      {on && !ready && <span class="muted"> {ot.analysing}</span>}
      {ready?.over && <p class="muted">{ot.analysisOver}</p>}
      {ready?.best && (
        <p>
          <strong data-testid="local-score">{scoreText(ready.best)}</strong> {ot.analysisFor} {sideName(t, ready.toMove ?? '')}
          {ready.best.depth > 0 && <span class="muted"> ({ot.analysisDepth} {ready.best.depth})</span>}
          <br />
          <span class="analysis-line" data-testid="local-line">{(ready.line ?? []).join(' ')}</span>
        </p>
      )}
    </div>
  );
}
