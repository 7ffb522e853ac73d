// The opening explorer beside the board: the moves the base played from the position shown,
// how often, how they scored for each side, the players' average rating and the engine's view.
// A click on a move plays it.
import type { ExplorerReply } from './base_api';
import { sideName } from '../common/i18n';
import { useDict, useTexts } from '../common/texts_context';
import { BASE_TEXTS } from './base_texts';

function pct(n: number, of: number): string {
  return of ? `${((100 * n) / of).toFixed(0)}%` : '';
}

function evalText(e: ExplorerReply['moves'][number]['eval']): string {
  if (!e) return '';
  if (e.mate_in !== undefined) return e.mate_in > 0 ? `#${e.mate_in}` : `#-${-e.mate_in}`;
  const s = (e.score_cp ?? 0) / 100;
  return `${s > 0 ? '+' : ''}${s.toFixed(2)}`;
}

export function ExplorerPanel({ reply, onMove }: {
  reply: ExplorerReply | null; onMove: (move: string) => void;
}) {
  const { t } = useTexts();
  const b = useDict(BASE_TEXTS);
  if (!reply) return <div class="card explorer" data-testid="explorer">…</div>;
  const total = reply.total.games;
  return (
    <div class="card explorer" data-testid="explorer" data-games={total}>
      <h2>{b.explorer}</h2>
      {reply.moves.length === 0 && <p class="muted" data-testid="explorer-empty">{b.notInBase}</p>}
      {reply.moves.length > 0 && (
        <table class="explorer-table">
          <thead>
            <tr>
              <th />
              <th>{b.gamesCount}</th>
              <th>{b.share}</th>
              <th>{sideName(t, reply.sides[0])} / {b.draws} / {sideName(t, reply.sides[1])}</th>
              <th>{b.rating}</th>
              <th>{b.evaluation}</th>
            </tr>
          </thead>
          <tbody>
            {reply.moves.map((m) => (
              <tr key={m.move} data-explorer-move={m.move} onClick={() => onMove(m.move)}>
                <td class="explorer-move">{m.move}</td>
                <td>{m.games}</td>
                <td>{pct(m.games, total)}</td>
                <td>
                  <div class="result-bar" title={`${m.first_wins} / ${m.draws} / ${m.second_wins}`}>
                    <span class="first" style={{ width: pct(m.first_wins, m.games) }}>{pct(m.first_wins, m.games)}</span>
                    <span class="drawn" style={{ width: pct(m.draws, m.games) }} />
                    <span class="second" style={{ width: pct(m.second_wins, m.games) }}>{pct(m.second_wins, m.games)}</span>
                  </div>
                </td>
                <td>{m.rating ?? ''}</td>
                <td data-eval>{evalText(m.eval)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
