// On the page of a tournament's game: the way back to the tournament, and for an arena player
// before their first move the berserk button (half the clock for a point more on a win).
import { useEffect, useState } from 'preact/hooks';
import type { GameView } from '../common/api';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import { tournamentsApi, type Format } from './tournaments_api';
import { TOURNAMENT_TEXTS } from './tournaments_texts';

// Whether the seat `me` may still go berserk in `view` (an arena's game, before its first move).
export function mayBerserk(view: GameView, me: string | undefined, format: Format | null): boolean {
  const side = me ? view.sides.indexOf(me) : -1;
  return format === 'arena' && side >= 0 && view.status === 'ongoing' && !!view.clock &&
    view.ply <= side && !view.tournament?.berserk[side];
}

export function TournamentGameCard({ view, me }: { view: GameView; me: string | undefined }) {
  const tt = useDict(TOURNAMENT_TEXTS);
  const { t } = useTexts();
  const id = view.tournament?.id ?? null;
  const [format, setFormat] = useState<Format | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    tournamentsApi.get(id).then((tournament) => { if (live) setFormat(tournament.format as Format); }).catch(() => undefined);
    return () => { live = false; };
  }, [id]);
  if (!id || !view.tournament) return null;
  const berserk = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    tournamentsApi.berserk(id, view.id)
      .catch((e: unknown) => setError(e))
      .finally(() => setBusy(false));
  };
  const cut = view.sides.filter((_, i) => view.tournament?.berserk[i]);
  return (
    <div class="card tournament-game" data-testid="tournament-game">
      <a href={`#/tournament/${id}`} data-testid="back-to-tournament">{tt.backToTournament}</a>
      {mayBerserk(view, me, format) && (
        <button data-action="berserk" title={tt.berserkHint} disabled={busy} onClick={berserk}>{tt.berserk}</button>
      )}
      {cut.map((side) => <div key={side} class="muted" data-testid={`berserk-${side}`}>{tt.berserked}</div>)}
      {error !== null && <div class="error" role="alert">{errorText(t, error)}</div>}
    </div>
  );
}
