// The signed-in player's pairing ban (GET /api/playban) at the top of the lobby: while banned, why
// (how many games left or sat out on the clock in the last days), what to do instead (resign), and
// when it ends; not banned but with one such game in the window, a warning of what the next one
// costs. Asks again when `check` changes (a refusal with the code "playban") and, while banned,
// every minute, so the banner goes when the ban does.
import { useEffect, useState } from 'preact/hooks';
import type { Account } from '../account/account_api';
import { fairPlayApi, timeText, type Playban } from './fair_play_api';
import { useDict, useTexts } from '../common/texts_context';
import { FAIR_TEXTS } from './fair_play_texts';
import { fillText } from '../common/i18n';

export function PlaybanBanner({ account, check = 0 }: {
  account: Account | null | undefined; check?: number;
}) {
  const { lang } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [ban, setBan] = useState<Playban | null>(null);
  const [asked, setAsked] = useState(0);  // Date.now() when `ban` was asked for
  const [tick, setTick] = useState(0);
  const key = account ? String(account.id) : '';
  useEffect(() => {
    if (!key) {
      setBan(null);
      return;
    }
    let gone = false;
    const at = Date.now();
    fairPlayApi.playban().then((b) => {
      if (gone) return;
      setAsked(at);
      setBan(b);
    }).catch(() => undefined);
    return () => { gone = true; };
  }, [key, check, tick]);
  useEffect(() => {
    if (!ban?.banned) return;
    const wait = Math.min(Math.max((ban.wait_s ?? 60) * 1000, 1000), 60_000);
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [ban]);
  if (!ban || !account) return null;
  const count = ban.bad_endings.length;
  // The server's moments on this device's clock: the server's "now" is when the ban ends less the wait.
  const serverNow = ban.until_ms !== null && ban.wait_s !== null ? ban.until_ms - ban.wait_s * 1000 : null;
  const local = (ms: number) => (serverNow === null ? ms : asked + (ms - serverNow));
  const endings = (
    <ul class="bad-endings" data-testid="bad-endings">
      {ban.bad_endings.map((b) => (
        <li key={b.game_id} data-bad-ending={b.kind}>
          <a href={`#/game/${encodeURIComponent(b.game_id)}`}>{timeText(local(b.at_ms), lang)}</a>
          {' · '}{b.kind === 'left' ? ft.endingLeft : ft.endingSat}
        </li>
      ))}
    </ul>
  );
  if (ban.banned && ban.until_ms !== null) {
    const minutes = Math.max(1, Math.ceil((ban.wait_s ?? 0) / 60));
    const endsAt = local(ban.until_ms);
    return (
      <section class="card playban-banner" role="alert" data-testid="playban-banner" data-minutes={minutes}>
        <h2>{fillText(ft.playbanTitle, { time: timeText(endsAt, lang) })}</h2>
        <p>{fillText(ft.playbanWhy, { days: ban.window_days, count, minutes })}</p>
        <p><b>{ft.playbanAdvice}</b></p>
        {endings}
        <p class="muted small">{ft.playbanOpen}</p>
      </section>
    );
  }
  if (count === 0) return null;
  return (
    <p class="warn playban-warning" role="status" data-testid="playban-warning">
      {fillText(ft.playbanWarning, { days: ban.window_days, minutes: ban.next_ban_minutes })}
    </p>
  );
}
