// A live diagram on a rules page: a lesson step's real position (from the server, checked by
// the rules core) drawn by the game's play board; a move on it is played by the server and the
// position after it shown, until Reset.
import { useEffect, useState } from 'preact/hooks';
import type { BoardData } from '../common/api';
import { BOARDS, BoardCounters, isFlipped, sideToMove } from '../boards';
import { type LessonFull, lessonsApi, pick, type Texts } from './learn_api';
import { useDict, useTexts } from '../common/texts_context';
import { LEARN_TEXTS } from './learn_texts';

const cache = new Map<string, Promise<LessonFull>>();
function lesson(id: string): Promise<LessonFull> {
  let p = cache.get(id);
  if (!p) {
    p = lessonsApi.get(id);
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}

export interface DiagramRef {
  lesson: string;
  step: number;       // 1-based
  caption: Texts;
}

export function RulesDiagram({ game, d }: { game: string; d: DiagramRef }) {
  const { t, meta } = useTexts();
  const lt = useDict(LEARN_TEXTS);
  const [full, setFull] = useState<LessonFull | null>(null);
  const [after, setAfter] = useState<BoardData | null>(null);
  const [moved, setMoved] = useState('');
  useEffect(() => {
    lesson(d.lesson).then(setFull).catch(() => setFull(null));
  }, [d.lesson]);
  const step = full?.steps[d.step - 1];
  const Board = BOARDS[game]?.Board;
  if (!step || !Board) return <div class="rules-diagram muted">…</div>;
  const desc = meta.find((m) => m.name === game)?.board ?? {};
  const board = after ?? step.board;
  const onMove = (move: string) => {
    lessonsApi.attempt(d.lesson, d.step, move).then((a) => {
      if (!a.board) return;
      setAfter(a.reply_board ?? a.board);
      setMoved(a.move ?? '');
    }).catch(() => undefined);
  };
  return (
    <figure class="rules-diagram" data-diagram={`${d.lesson}/${d.step}`}>
      <Board board={board} desc={desc} legal={after ? [] : step.legal} live={!after}
             flipped={isFlipped(game, sideToMove(step.board))} onMove={onMove} t={t}
             marks={step.marks} />
      <BoardCounters game={game} board={board} t={t} />
      <figcaption class="caption">{pick(d.caption, t.lang)} {after ? <b>{moved}</b> : lt.diagramTry}
        {after && <button class="link" data-action="reset-diagram" onClick={() => setAfter(null)}>{lt.reset}</button>}</figcaption>
    </figure>
  );
}
