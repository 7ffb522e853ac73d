// The lobby's card of open seeks, live: game, rules, clock, rated or casual, who and their rating; accept
// another's with one click, cancel one's own.
import { ratingText } from '../account/account_api';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import { LOBBY_TEXTS } from './lobby_texts';
import type { SeekView } from './lobby_api';
import { clockText } from './clock_label';
import { rulesInWords } from '../play/rules_view';

// `mine`: this browser's seeks (id -> token).
function SeeksTable({ seeks, mine, accept, cancel }: {
  seeks: SeekView[]; mine: Record<string, string>; accept: (id: string) => void; cancel: (id: string) => void;
}) {
  const { t, meta } = useTexts();
  const lt = useDict(LOBBY_TEXTS);
  const optionsOf = (game: string) => meta.find((m) => m.name === game)?.rule_options ?? [];
  const dict = t as unknown as Record<string, string>;
  return (
    <table class="games-table seeks-table" data-testid="seeks-table">
      <thead>
        <tr><th>{t.game}</th><th>{lt.rules}</th><th>{t.timeControl}</th><th>{lt.rated}</th><th>{lt.creator}</th><th></th></tr>
      </thead>
      <tbody>
        {seeks.map((s) => (
          <tr key={s.id} data-seek={s.id} data-mine={mine[s.id] ? '1' : undefined}>
            <td>{dict[s.game] ?? s.game}{s.color !== 'random' ? ` · ${dict[s.color] ?? s.color}` : ''}</td>
            <td class="muted" data-rules>{rulesInWords(t, optionsOf(s.game), s.rules ?? '') || lt.standard}</td>
            <td>{clockText(t, s)}<small class="seek-rated-inline">{s.rated ? lt.rated : lt.casual}</small></td>
            <td>{s.rated ? lt.rated : lt.casual}</td>
            <td>{s.username ?? lt.guest}{s.rating !== null ? ` (${ratingText(s.rating, s.provisional ?? false)})` : ''}</td>
            <td>
              {mine[s.id]
                ? <button class="danger" data-action="cancel-seek" onClick={() => cancel(s.id)}>{lt.cancel} ({lt.yours})</button>
                : <button class="primary" data-action="accept-seek" onClick={() => accept(s.id)}>{lt.accept}</button>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The card: the seeks or the word that there are none, the wait for one's own, the last refusal.
export function SeeksCard({ seeks, mine, accept, cancel, error }: {
  seeks: SeekView[] | null; mine: Record<string, string>; accept: (id: string) => void; cancel: (id: string) => void; error: unknown;
}) {
  const { t } = useTexts();
  const lt = useDict(LOBBY_TEXTS);
  const waiting = (seeks ?? []).some((s) => mine[s.id]);
  return (
    <section class="card">
      <h1>{lt.openSeeks}</h1>
      {seeks && seeks.length === 0 && <p class="muted" data-testid="no-seeks">{lt.noSeeks}</p>}
      {seeks && seeks.length > 0 && <SeeksTable seeks={seeks} mine={mine} accept={accept} cancel={cancel} />}
      {waiting && <p class="muted" data-testid="seek-waiting">{lt.waiting}</p>}
      {error !== null && <p class="error" role="alert" data-testid="lobby-error">{errorText(t, error)}</p>}
    </section>
  );
}
