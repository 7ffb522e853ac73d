// #/mistakes, "Learn from your mistakes": the signed-in player's mistakes and blunders from their
// analysed games, one position at a time, to find a better move in. The analysis judged the
// game's positions only, so a move is accepted when it is the computer's move (or leads to the
// same position), and that is said; after a wrong try the player tries again or sees the answer
// (its pit, cells or point marked on the board).
import { useEffect, useState } from 'preact/hooks';
import type { Account } from '../account/account_api';
import { BOARDS, BoardCounters, isFlipped } from '../boards';
import { errorText } from '../common/server_texts';
import { fillText, sideName } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import { reviewApi, type Mistake } from './review_api';
import { accepted, markOf, moveMarks } from './review_logic';
import { REVIEW_TEXTS } from './review_texts';
import './review.css';

type Phase = 'asking' | 'wrong' | 'right' | 'answer';

export function MistakesPage({ account }: { account: Account | null | undefined }) {
  const { t, meta } = useTexts();
  const rt = useDict(REVIEW_TEXTS);
  const [game, setGame] = useState('');
  const [list, setList] = useState<Mistake[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [at, setAt] = useState(0);
  const [phase, setPhase] = useState<Phase>('asking');
  const [tried, setTried] = useState('');
  useEffect(() => {
    if (!account) return;
    setList(null);
    reviewApi.mistakes(game).then((r) => {
      setList(r.mistakes);
      setAt(0);
      setPhase('asking');
    }).catch(setError);
  }, [account?.username, game]);

  if (account === undefined) return <section class="card loading">…</section>;
  if (account === null) return <section class="card" data-testid="mistakes-sign-in"><p>{rt.signInForMistakes}</p></section>;
  const item = list?.[at];
  const Board = item ? BOARDS[item.game]?.Board : undefined;
  const desc = item ? meta.find((m) => m.name === item.game)?.board ?? {} : {};
  const textOf = (move: string) => item?.legal.find((l) => l.move === move) ?? null;
  const onMove = (move: string) => {
    if (!item || phase === 'right' || phase === 'answer') return;
    const ok = accepted(move, item.accepted);
    setTried(move);
    setPhase(ok ? 'right' : 'wrong');
  };
  const shownMove = phase === 'right' ? textOf(tried) : phase === 'answer' ? item?.best_move : null;
  const marks = item && shownMove ? moveMarks(item.game, shownMove, item.side) : [];
  const triedText = tried === item?.best ? item.best_text : tried;
  const classText = (c: string) => (rt as Record<string, string>)[c] ?? c;
  const next = () => {
    setAt((i) => i + 1);
    setPhase('asking');
    setTried('');
  };
  return (
    <div class={`lesson-page mistakes-page ${item ? `game-${item.game}` : ''}`} data-testid="mistakes-page"
         data-exercise={item?.id ?? ''} data-phase={phase} data-count={list?.length ?? ''}>
      <section class="board-column lesson-board">
        {item && Board && (
          <Board board={item.board} desc={desc} legal={phase === 'asking' || phase === 'wrong' ? item.legal : []}
                 live={phase !== 'answer'} flipped={isFlipped(item.game, item.side)} onMove={onMove} t={t} marks={marks} />
        )}
        {item && <BoardCounters game={item.game} board={item.board} t={t} />}
      </section>
      <aside class="side-panel">
        <div class="card">
          <h1 class="lesson-title">{rt.learnFromMistakes}</h1>
          <p class="muted small">{rt.mistakesIntro}</p>
          <nav class="puzzle-games">
            {[{ name: '', title: rt.allGames }, ...meta.filter((m) => BOARDS[m.name])].map((m) => (
              <button key={m.name} class={`small${m.name === game ? ' primary' : ''}`} data-mistakes-game={m.name}
                      onClick={() => setGame(m.name)}>{m.name ? (t as Record<string, string>)[m.name] ?? m.title : m.title}</button>
            ))}
          </nav>
          {error !== null && <p class="error" role="alert">{errorText(t, error)}</p>}
          {list && list.length === 0 && <p data-testid="no-mistakes">{rt.noMistakes}</p>}
          {item && (
            <div class="exercise-text" data-testid="exercise">
              <div class="muted small">{fillText(rt.exerciseOf, { n: at + 1, total: list!.length })}</div>
              <div data-testid="to-move"><b>{sideName(t, item.side)}</b> {t.toMove}</div>
              <p data-testid="you-played">
                {fillText(rt.youPlayed, { move: `${item.move_text}${markOf(item.class)}`, class: classText(item.class) })}
              </p>
              {phase === 'wrong' && <p class="wrong" role="alert" data-testid="wrong">{fillText(rt.wrong, { move: triedText })}</p>}
              {phase === 'right' && <p class="right" data-testid="right">{fillText(rt.right, { move: triedText })}</p>}
              {phase === 'answer' && <p data-testid="answer">{fillText(rt.answer, { move: item.best_text || item.best })}</p>}
              <div class="button-row">
                {phase === 'wrong' && <button data-action="show-answer" onClick={() => setPhase('answer')}>{rt.showAnswer}</button>}
                {at + 1 < list!.length && <button class="primary" data-action="next-mistake" onClick={next}>{rt.next}</button>}
                <a class="button small" href={`#/game/${item.game_id}`} data-action="open-game">{rt.openGame}</a>
              </div>
              <p class="muted small">{rt.honest}</p>
            </div>
          )}
        </div>
      </aside>
    </div>
  );
}
