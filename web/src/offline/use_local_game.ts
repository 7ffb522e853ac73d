// useLocalGame(key): a game played in the page, for the game page as useGame gives a server game:
// the record from IndexedDB, the rules' state from the game's WebAssembly module in the engine
// worker (legal moves, the board, the end), the computer's moves from the same worker at the game's
// level. Every move is written to IndexedDB before it is shown; a finished game is queued for the
// account (uploader.ts).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../common/api';
import { useTexts } from '../common/texts_context';
import type { BrowserEngine } from '../engine/browser_engine';
import type { GameStateView } from '../engine/protocol';
import type { GameAction, GameState } from '../play/use_game';
import { LocalBoards } from './local_boards';
import { afterMove, computerToMove, newSeed, resign, rulesText, undone, viewOf, type LocalGame } from './local_game';
import { localGames } from './local_store';
import { onUploadChange, uploadQueued } from './uploader';

export interface LocalGameState extends GameState {
  record: LocalGame | null;
}

export function useLocalGame(key: string): LocalGameState {
  const { meta } = useTexts();
  const [rec, setRec] = useState<LocalGame | null>(null);
  const [st, setSt] = useState<GameStateView | null>(null);
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [finishedHere, setFinishedHere] = useState(false);
  const [, setLoaded] = useState(0);
  const recRef = useRef<LocalGame | null>(null);
  const engineRef = useRef<Promise<BrowserEngine> | null>(null);
  // Bumped by every change the player makes: a computer move searched before it is dropped.
  const gen = useRef(0);
  const engine = () => (engineRef.current ??=
    import('../engine/browser_engine').then((m) => new m.BrowserEngine(recRef.current?.game ?? '')));
  const boardsRef = useRef<LocalBoards | null>(null);
  boardsRef.current ??= new LocalBoards(engine, () => setLoaded((n) => n + 1));
  const stateOf = async (g: LocalGame) => (await engine()).state({ rules: rulesText(g.rules), moves: g.moves });

  const show = (g: LocalGame, s: GameStateView) => {
    recRef.current = g;
    boardsRef.current!.follow(rulesText(g.rules), g.moves);
    setRec(g);
    setSt(s);
  };
  // Kept first, shown after: a reload finds every move that was shown.
  const commit = async (g: LocalGame, s: GameStateView) => {
    const wasOn = recRef.current?.status === 'ongoing';
    await localGames.save(g);
    show(g, s);
    if (wasOn && g.status === 'finished') {
      setFinishedHere(true);
      void uploadQueued();
    }
  };
  const playing = useRef(false);  // a move is being checked and kept: a second click waits its turn
  const play = async (move: string, by: number) => {
    const g = recRef.current;
    if (!g || g.status !== 'ongoing' || playing.current) return;
    playing.current = true;
    try {
      const s = await stateOf({ ...g, moves: [...g.moves, move] });  // throws when the move is illegal
      if (by === gen.current) await commit(afterMove(g, move, s), s);
    } finally {
      playing.current = false;
    }
  };
  const stopThinking = () => {
    ++gen.current;
    engineRef.current?.then((e) => e.terminate());
    setThinking(false);
  };

  useEffect(() => {
    let live = true;
    localGames.get(key).then(async (g) => {
      if (!live) return;
      if (!g) return setError(new ApiError(404, 'no such game on this device', 'no_such_game'));
      recRef.current = g;
      const s = await stateOf(g);
      if (live) show(g, s);
    }).catch((e) => live && setError(e));
    const off = onUploadChange((g) => {
      if (g.key !== key || !recRef.current) return;
      recRef.current = { ...recRef.current, upload: g.upload, serverId: g.serverId, refusal: g.refusal };
      setRec(recRef.current);
    });
    return () => {
      live = false;
      off();
      engineRef.current?.then((e) => e.terminate());
    };
  }, [key]);

  // The computer's turn: its move at the game's level, from the worker.
  useEffect(() => {
    const g = recRef.current;
    if (!g || !st || !computerToMove(g, st)) return;
    const my = ++gen.current;
    setThinking(true);
    engine()
      .then((e) => e.bestMove({ rules: rulesText(g.rules), moves: g.moves }, { level: g.level, seed: newSeed(), fresh: g.moves.length < 2 }))
      .then((m) => (my === gen.current ? play(m.move, my) : undefined))
      .catch((e) => my === gen.current && setError(e))
      .finally(() => my === gen.current && setThinking(false));
  }, [st]);

  const entry = meta.find((m) => m.name === rec?.game);
  const sides: [string, string] = rec?.sides ?? entry?.sides ?? ['white', 'black'];
  const view = useMemo(() => {
    if (!rec || !st) return null;
    const v = viewOf(rec, st, sides, entry?.title ?? rec.game, thinking);
    boardsRef.current!.update(v);
    return v;
  }, [rec, st, thinking, entry]);

  // The console and the browser tests play a move as a click on the board does.
  useEffect(() => {
    const w = window as unknown as { oyinLocalMove?: (m: string) => void };
    w.oyinLocalMove = (m) => play(m, gen.current).catch((e: Error) => setError(new ApiError(422, e.message, 'illegal_move')));
    return () => delete w.oyinLocalMove;
  }, [key]);

  const act = (a: GameAction) => {
    const g = recRef.current;
    if (!g || !st || g.status !== 'ongoing') return;
    setError(null);
    if (a === 'resign') {
      stopThinking();
      void commit(resign(g, g.mode === 'ai' ? g.color : st.to_move, sides), st);
    } else if (a === 'undo') {
      stopThinking();
      const back = undone(g, st.to_move);
      stateOf(back).then((s) => commit(back, s)).catch(setError);
    }
  };
  return {
    view, me: rec ? (rec.mode === 'hotseat' ? 'both' : rec.color) : undefined, token: '', online: true, error, notice: '',
    chat: [], chatRefusal: null, finishedHere, dismissResult: () => setFinishedHere(false), boards: boardsRef.current,
    analysisPush: null, record: rec,
    move: (m) => {
      setError(null);
      play(m, gen.current).catch((e: Error) => setError(new ApiError(422, e.message, 'illegal_move')));
    },
    act,
    sendChat: () => false,
  };
}
