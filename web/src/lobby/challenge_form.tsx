// "Challenge" on a player's page: the game, clock, rated or casual and colour, sent to that
// player (POST /api/challenges). The form then waits on a lobby socket of its own that speaks for
// the challenge: the game opens when the player accepts, and a decline is said here.
import { useEffect, useRef, useState } from 'preact/hooks';
import { challengeApi, enterGame, mySeeks, watchLobby } from './lobby_api'
import { errorText } from '../common/server_texts';
import { useGuard } from '../common/guard';
import { timeControlText } from '../play/clock_text';
import { useDict, useTexts } from '../common/texts_context';
import { LOBBY_TEXTS } from './lobby_texts';
import { fillText } from '../common/i18n';

export function ChallengeForm({ to }: { to: string }) {
  const { t, meta } = useTexts();
  const lt = useDict(LOBBY_TEXTS);
  const dict = t as unknown as Record<string, string>;
  const [open, setOpen] = useState(false);
  const [game, setGame] = useState(meta[0]?.name ?? '');
  const [preset, setPreset] = useState(0);  // -1 untimed
  const [color, setColor] = useState('random');
  const [rated, setRated] = useState(false);
  const [sent, setSent] = useState<{ id: string; token: string } | null>(null);
  const [declined, setDeclined] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const socket = useRef<ReturnType<typeof watchLobby> | null>(null);
  useEffect(() => () => socket.current?.close(), []);

  const entry = meta.find((g) => g.name === game) ?? meta[0];
  const presets = entry?.clock_presets ?? [];
  const presetIndex = preset < presets.length ? preset : -1;
  const { busy, guard } = useGuard();
  const send = guard(async () => {
    if (!entry) return;
    setError(null);
    setDeclined(false);
    try {
      const p = presetIndex >= 0 ? presets[presetIndex] : undefined;
      const clock = p ? { initial_s: p.initial_s, increment_s: p.increment_s } : null;
      const r = await challengeApi.send({ to, game: entry.name, rules: '', clock, rated, color });
      mySeeks.add(r.id, r.token);
      setSent(r);
      socket.current?.close();
      socket.current = watchLobby(() => undefined, (g) => {
        mySeeks.remove(g.seek_id);
        enterGame(g.game_id, g.token);
      }, { onDeclined: (id) => {
        if (id !== r.id) return;
        setSent(null);
        setDeclined(true);
      } });
    } catch (e) {
      setError(e);
    }
  });
  const cancel = guard(async () => {
    if (!sent) return;
    await challengeApi.act(sent.id, 'cancel').catch(setError);
    mySeeks.remove(sent.id);
    setSent(null);
  });

  if (!open)
    return <button class="primary" data-action="challenge" onClick={() => setOpen(true)}>{lt.challenge}</button>;
  return (
    <div class="challenge-form" data-testid="challenge-form">
      {!sent && (
        <div class="seek-form">
          <label>{t.game}
            <select value={entry?.name ?? ''} data-challenge-opt="game" onChange={(e) => { setGame((e.target as HTMLSelectElement).value); setPreset(0); }}>
              {meta.map((g) => <option key={g.name} value={g.name}>{dict[g.name] ?? g.title}</option>)}
            </select>
          </label>
          <label>{t.timeControl}
            <select value={String(presetIndex)} data-challenge-opt="clock" onChange={(e) => setPreset(+(e.target as HTMLSelectElement).value)}>
              <option value="-1">{t.untimed}</option>
              {presets.map((p, i) => <option key={i} value={String(i)}>{timeControlText(t, p.initial_s, p.increment_s, p.speed)}</option>)}
            </select>
          </label>
          <label>{t.color}
            <select value={color} data-challenge-opt="color" onChange={(e) => setColor((e.target as HTMLSelectElement).value)}>
              {['random', 'white', 'black'].map((c) => <option key={c} value={c}>{dict[c] ?? c}</option>)}
            </select>
          </label>
          <label class="check">
            <input type="checkbox" checked={rated} data-challenge-opt="rated" onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />
            {lt.rated}
          </label>
          <button class="primary" data-action="send-challenge" disabled={busy} onClick={send}>{lt.sendChallenge}</button>
        </div>
      )}
      {sent && (
        <p class="muted" role="status" data-testid="challenge-sent">
          {fillText(lt.challengeSent, { name: to })}{' '}
          <button class="danger" data-action="cancel-challenge" disabled={busy} onClick={cancel}>{lt.cancel}</button>
        </p>
      )}
      {declined && <p class="error" role="status" data-testid="challenge-declined">{fillText(lt.challengeDeclined, { name: to })}</p>}
      {error !== null && <p class="error" role="alert" data-testid="challenge-error">{errorText(t, error)}</p>}
    </div>
  );
}
