// The lobby (#/lobby): "Play now" (quick pairing with someone near one's rating), the open
// challenges, live, with one-click accept, a form to post one, and a signed-in player's direct
// challenges (to accept or decline, or one's own to cancel). A posted seek or a play-now request
// stays while this page is open (the lobby socket speaks for it); when someone is paired with it,
// the server tells the socket and the page goes into the game. A player banned from pairing
// (games left or sat out on the clock) sees why and until when at the top (PlaybanBanner).
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, seats } from '../common/api';
import { ratingText, type Account } from '../account/account_api';
import type { Dict } from '../common/i18n';
import { LOBBY_TEXTS } from './lobby_texts';
import { challengeApi, enterGame, fill, lobbyApi, mySeeks, pairingApi, watchLobby, type Challenges, type ChallengeView, type SeekView } from './lobby_api';
import { errorText } from '../common/server_texts';
import { timeControlText } from '../play/clock_text';
import { PlaybanBanner } from '../fair_play/playban_banner';
import { useDict, useTexts } from '../common/texts_context';
import { ACCOUNT_TEXTS } from '../account/account_texts';

function clockText(t: Dict, s: SeekView | ChallengeView): string {
  return s.clock ? timeControlText(t, s.clock.initial_s, s.clock.increment_s, s.speed ?? undefined) : t.untimed;
}


// One challenge's line: the game and clock, and the buttons for it.
function ChallengeRow({ c, incoming, act }: {
  c: ChallengeView; incoming: boolean; act: (c: ChallengeView, a: 'accept' | 'decline' | 'cancel') => void;
}) {
  const { t } = useTexts();
  const lt = useDict(LOBBY_TEXTS);
  const dict = t as unknown as Record<string, string>;
  return (
    <tr data-challenge={c.id}>
      <td>{incoming ? c.from : c.to}</td>
      <td>{dict[c.game] ?? c.game}{c.color !== 'random' ? ` · ${dict[c.color] ?? c.color}` : ''}</td>
      <td>{clockText(t, c)}</td>
      <td>{c.rated ? lt.rated : lt.casual}</td>
      <td>
        {incoming
          ? <>
              <button class="primary" data-action="accept-challenge" onClick={() => act(c, 'accept')}>{lt.accept}</button>{' '}
              <button data-action="decline-challenge" onClick={() => act(c, 'decline')}>{lt.decline}</button>
            </>
          : <button class="danger" data-action="cancel-challenge" onClick={() => act(c, 'cancel')}>{lt.cancel}</button>}
      </td>
    </tr>
  );
}

export function LobbyPage({ account }: { account: Account | null | undefined }) {
  const { t, meta } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const lt = useDict(LOBBY_TEXTS);
  const dict = t as unknown as Record<string, string>;
  const [seeks, setSeeks] = useState<SeekView[] | null>(null);
  const [mine, setMine] = useState<Record<string, string>>(mySeeks.all());
  const [game, setGame] = useState(meta[0]?.name ?? '');
  const [preset, setPreset] = useState<Record<string, number>>({});  // per game; -1 untimed
  const [color, setColor] = useState('random');
  const [rated, setRated] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const lobby = useRef<ReturnType<typeof watchLobby> | null>(null);
  const [quick, setQuick] = useState<{ id: string; token: string } | null>(null);  // a play-now request waiting
  const quickRef = useRef(quick);
  quickRef.current = quick;
  const [challenges, setChallenges] = useState<Challenges>({ incoming: [], outgoing: [] });
  const [declined, setDeclined] = useState<string | null>(null);
  // Counts the server's "playban" refusals: the banner asks again.
  const [banCheck, setBanCheck] = useState(0);
  const refused = (e: unknown) => {
    setError(e);
    if (e instanceof ApiError && e.code === 'playban') setBanCheck((n) => n + 1);
  };

  useEffect(() => {
    const w = watchLobby(setSeeks, (g) => {
      mySeeks.remove(g.seek_id);
      enterGame(g.game_id, g.token);
    }, { onChallenges: setChallenges, onDeclined: (_id, to) => setDeclined(to) });
    lobby.current = w;
    return () => {
      w.close();
      // A play-now request is this page's: leaving the page withdraws it.
      const q = quickRef.current;
      if (q) {
        mySeeks.remove(q.id);
        pairingApi.cancel(q.id, q.token).catch(() => undefined);
      }
    };
  }, []);

  const entry = meta.find((g) => g.name === game) ?? meta[0];
  const presets = entry?.clock_presets ?? [];
  const presetIndex = entry ? preset[entry.name] ?? (presets.length ? 0 : -1) : -1;
  // As in the new-game dialog: only a signed-in user's seek on a clock can be rated (the server
  // refuses the others).
  const canRate = !!account && presetIndex >= 0;

  // Posting a seek and asking to play now: the chosen game, clock and rating, one request at a time.
  const withChoice = async (send: (game: string, clock: { initial_s: number; increment_s: number } | null, rated: boolean) => Promise<void>) => {
    if (!entry) return;
    setBusy(true);
    setError(null);
    try {
      const p = presetIndex >= 0 ? presets[presetIndex] : undefined;
      await send(entry.name, p ? { initial_s: p.initial_s, increment_s: p.increment_s } : null, rated && canRate);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };
  const post = () => withChoice(async (game, clock, asRated) => {
    const r = await lobbyApi.create({ game, rules: '', clock, rated: asRated, color });
    mySeeks.add(r.id, r.token);
    setMine(mySeeks.all());
    lobby.current?.hello();
  });
  const playNow = () => withChoice(async (game, clock, asRated) => {
    const r = await pairingApi.play({ game, rules: '', clock, rated: asRated });
    if ('game_id' in r) return enterGame(r.game_id, r.token);
    mySeeks.add(r.id, r.token);
    setQuick({ id: r.id, token: r.token });
    lobby.current?.hello();
  });
  const stopSearching = async () => {
    if (!quick) return;
    setError(null);
    try {
      await pairingApi.cancel(quick.id, quick.token);
    } catch (e) {
      setError(e);
    }
    mySeeks.remove(quick.id);
    setQuick(null);
  };
  const actOn = async (c: ChallengeView, action: 'accept' | 'decline' | 'cancel') => {
    setError(null);
    try {
      const r = await challengeApi.act(c.id, action);
      if (action === 'cancel') mySeeks.remove(c.id);
      if (r.game_id && r.token) enterGame(r.game_id, r.token);
    } catch (e) {
      refused(e);
    }
  };
  const accept = async (id: string) => {
    setError(null);
    try {
      const r = await lobbyApi.accept(id);
      seats.set(r.game_id, r.token);
      location.hash = `#/game/${r.game_id}`;
    } catch (e) {
      refused(e);
    }
  };
  const cancel = async (id: string) => {
    setError(null);
    try {
      await lobbyApi.cancel(id, mine[id]);
    } catch (e) {
      setError(e);
    }
    mySeeks.remove(id);
    setMine(mySeeks.all());
  };
  const waiting = (seeks ?? []).some((s) => mine[s.id]);

  return (
    <div class="lobby" data-testid="lobby">
      <PlaybanBanner account={account} check={banCheck} />
      {account && (challenges.incoming.length > 0 || challenges.outgoing.length > 0 || declined) && (
        <section class="card lobby-challenges" data-testid="challenges">
          <h2>{lt.challenges}</h2>
          {declined && <p class="muted" role="status" data-testid="challenge-declined">{fill(lt.challengeDeclined, { name: declined })}</p>}
          {challenges.incoming.length > 0 && (
            <>
              <h3>{lt.incoming}</h3>
              <table class="games-table" data-testid="incoming-challenges"><tbody>
                {challenges.incoming.map((c) => <ChallengeRow key={c.id} c={c} incoming act={actOn} />)}
              </tbody></table>
            </>
          )}
          {challenges.outgoing.length > 0 && (
            <>
              <h3>{lt.outgoing}</h3>
              <table class="games-table" data-testid="outgoing-challenges"><tbody>
                {challenges.outgoing.map((c) => <ChallengeRow key={c.id} c={c} incoming={false} act={actOn} />)}
              </tbody></table>
            </>
          )}
        </section>
      )}
      <section class="card">
        <h1>{lt.openSeeks}</h1>
        {seeks && seeks.length === 0 && <p class="muted" data-testid="no-seeks">{lt.noSeeks}</p>}
        {seeks && seeks.length > 0 && (
          <table class="games-table seeks-table" data-testid="seeks-table">
            <thead>
              <tr><th>{t.game}</th><th>{lt.rules}</th><th>{t.timeControl}</th><th>{lt.rated}</th><th>{lt.creator}</th><th></th></tr>
            </thead>
            <tbody>
              {seeks.map((s) => (
                <tr key={s.id} data-seek={s.id} data-mine={mine[s.id] ? '1' : undefined}>
                  <td>{dict[s.game] ?? s.game}{s.color !== 'random' ? ` · ${dict[s.color] ?? s.color}` : ''}</td>
                  <td class="muted">{s.rules || lt.standard}</td>
                  <td>{clockText(t, s)}</td>
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
        )}
        {waiting && <p class="muted" data-testid="seek-waiting">{lt.waiting}</p>}
        {error !== null && <p class="error" role="alert" data-testid="lobby-error">{errorText(t, error)}</p>}
      </section>
      <section class="card">
        <h2>{lt.createSeek}</h2>
        <div class="seek-form">
          <label>{t.game}
            <select value={entry?.name ?? ''} data-seek-opt="game" onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
              {meta.map((g) => <option key={g.name} value={g.name}>{dict[g.name] ?? g.title}</option>)}
            </select>
          </label>
          <label>{t.timeControl}
            <select value={String(presetIndex)} data-seek-opt="clock"
                    onChange={(e) => entry && setPreset({ ...preset, [entry.name]: +(e.target as HTMLSelectElement).value })}>
              <option value="-1">{t.untimed}</option>
              {presets.map((p, i) => <option key={i} value={String(i)}>{timeControlText(t, p.initial_s, p.increment_s, p.speed)}</option>)}
            </select>
          </label>
          <label>{t.color}
            <select value={color} data-seek-opt="color" onChange={(e) => setColor((e.target as HTMLSelectElement).value)}>
              {['random', 'white', 'black'].map((c) => <option key={c} value={c}>{dict[c] ?? c}</option>)}
            </select>
          </label>
          <label class={`check rated-choice ${canRate ? '' : 'disabled'}`}>
            <input type="checkbox" checked={rated && canRate} disabled={!canRate} data-seek-opt="rated"
                   onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />
            {lt.rated}
            {!canRate && <small class="muted" data-testid="rated-hint">{!account ? at.ratedNeedsAccount : at.ratedNeedsClock}</small>}
          </label>
          <button class="primary" data-action="play-now" disabled={busy || !entry || quick !== null} onClick={playNow}>{lt.playNow}</button>
          <button data-action="post-seek" disabled={busy || !entry} onClick={post}>{lt.post}</button>
        </div>
        {quick
          ? <p class="muted" role="status" data-testid="play-now-waiting">
              {lt.searching}{' '}
              <button class="danger" data-action="cancel-play-now" onClick={stopSearching}>{lt.cancel}</button>
            </p>
          : <p class="muted small">{lt.playNowHint}</p>}
      </section>
    </div>
  );
}
