// The moderators' page (#/mod): the open reports grouped by the reported player (who reported,
// why, their text, the reported chat line, a link to the game), each closed with an outcome; per
// reported player their standing and the actions: mute for 1 h or 24 h (or lift it), close the
// account (after a confirmation) or reopen it, each with a reason that goes to the audit log.
// Tabs for the closed reports and the audit log, newest first. Anyone else sees that the page is
// for moderators (the server refuses them too: not_moderator).
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../common/api';
import type { Account } from '../account/account_api';
import { modApi, timeText, type AuditEntry, type PlayerStanding, type Report, type ReportReason } from './fair_play_api';
import type { FairDict } from './fair_play_texts';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import { FAIR_TEXTS } from './fair_play_texts';
import { fillText } from '../common/i18n';

type Tab = 'open' | 'closed' | 'audit';

// The server's "2026-12-05T14:05:09Z" (or with a space) as "2026-12-05 14:05".
function stamp(s: string | null | undefined): string {
  return s ? s.replace('T', ' ').slice(0, 16) : '';
}

function reasonText(ft: FairDict, r: string): string {
  return ft.reasons[r as ReportReason] ?? r;
}

function PlayerLink({ name }: { name: string }) {
  return <a href={`#/player/${encodeURIComponent(name)}`} data-player-link={name}>{name}</a>;
}

export function ModPage({ account }: { account: Account | null | undefined }) {
  const ft = useDict(FAIR_TEXTS);
  const [tab, setTab] = useState<Tab>('open');
  const [denied, setDenied] = useState(false);
  if (account === undefined) return <section class="card loading">…</section>;
  if (!account || !account.moderator || denied)
    return <section class="card"><p class="muted" data-testid="mod-only">{ft.forModerators}</p></section>;
  const onError = (e: unknown) => {
    if (e instanceof ApiError && (e.code === 'not_moderator' || e.status === 401)) setDenied(true);
  };
  return (
    <div class="mod-page" data-testid="mod-page">
      <section class="card">
        <h1>{ft.moderation}</h1>
        <div class="segmented">
          {(['open', 'closed', 'audit'] as Tab[]).map((k) => (
            <button key={k} class={tab === k ? 'selected' : ''} data-mod-tab={k} onClick={() => setTab(k)}>
              {k === 'open' ? ft.openReports : k === 'closed' ? ft.closedReports : ft.auditLog}
            </button>
          ))}
        </div>
      </section>
      {tab === 'open' && <OpenReports onError={onError} />}
      {tab === 'closed' && <ClosedReports onError={onError} />}
      {tab === 'audit' && <AuditLog onError={onError} />}
    </div>
  );
}

function OpenReports({ onError }: { onError: (e: unknown) => void }) {
  const { t } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [reports, setReports] = useState<Report[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = () => modApi.reports('open').then((r) => setReports(r.reports)).catch((e) => {
    setError(e);
    onError(e);
  });
  useEffect(() => { load(); }, []);
  if (error !== null && !reports) return <section class="card"><p class="error" role="alert">{errorText(t, error)}</p></section>;
  if (!reports) return <section class="card loading">…</section>;
  if (reports.length === 0) return <section class="card"><p class="muted" data-testid="no-reports">{ft.noReports}</p></section>;
  // The reports of each player together, in the order of their first report.
  const players: string[] = [];
  for (const r of reports) if (!players.includes(r.player)) players.push(r.player);
  return (
    <>
      {players.map((p) => (
        <section key={p} class="card mod-player" data-mod-player={p}>
          <h2><PlayerLink name={p} /></h2>
          <PlayerTools name={p} />
          {reports.filter((r) => r.player === p).map((r) => (
            <ReportCard key={r.id} r={r} onClosed={() => setReports((list) => (list ?? []).filter((x) => x.id !== r.id))} />
          ))}
        </section>
      ))}
    </>
  );
}

function ReportCard({ r, onClosed }: { r: Report; onClosed: () => void }) {
  const { t } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [outcome, setOutcome] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const close = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await modApi.closeReport(r.id, outcome.trim());
      onClosed();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <article class="report" data-report={r.id} data-reason={r.reason}>
      <div class="report-head">
        <b class="report-reason">{reasonText(ft, r.reason)}</b>
        <span class="muted small">#{r.id} · {stamp(r.created_at)} · {ft.reportedBy} <PlayerLink name={r.reporter} /></span>
      </div>
      {r.text && <p class="report-text" data-testid="report-text">{r.text}</p>}
      {r.chat_line && (
        <p class="report-chat"><span class="muted small">{ft.chatLine}:</span>{' '}
          <q class="reported-line" data-testid="report-chat-line">{r.chat_line.text}</q></p>
      )}
      {r.game_id && <p class="small"><a href={`#/game/${encodeURIComponent(r.game_id)}`} data-testid="report-game">{ft.openGame}</a></p>}
      <form class="report-close" onSubmit={close}>
        <input type="text" value={outcome} maxLength={300} placeholder={ft.outcomeHint} aria-label={ft.outcome}
               data-report-outcome onInput={(e) => setOutcome((e.target as HTMLInputElement).value)} />
        <button type="submit" data-action="close-report" disabled={busy}>{ft.closeReport}</button>
      </form>
      {error !== null && <p class="error" role="alert">{errorText(t, error)}</p>}
    </article>
  );
}

// A reported player's standing and the moderator's actions on them, each with a reason.
function PlayerTools({ name }: { name: string }) {
  const { t, lang } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [standing, setStanding] = useState<PlayerStanding | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  useEffect(() => {
    modApi.player(name).then(setStanding).catch(setError);
  }, [name]);
  const act = async (p: () => Promise<PlayerStanding>) => {
    setBusy(true);
    setError(null);
    try {
      setStanding(await p());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const why = reason.trim();
  const muted = standing?.muted_until_ms ?? null;
  const closed = !!standing?.closed_at;
  return (
    <div class="mod-tools" data-testid="mod-tools" data-muted={muted ? '1' : '0'} data-closed={closed ? '1' : '0'}>
      {standing && (
        <ul class="standing">
          {muted !== null && <li class="warn" data-testid="standing-muted">{fillText(ft.mutedUntil, { time: timeText(muted, lang) })}</li>}
          {closed && <li class="error" data-testid="standing-closed">{ft.accountClosed}</li>}
          {standing.playban_until_ms !== null &&
            <li class="warn">{fillText(ft.playbanUntil, { time: timeText(standing.playban_until_ms, lang) })}</li>}
          {standing.bad_endings.length > 0 && <li class="muted small">{fillText(ft.badEndings, { n: standing.bad_endings.length })}</li>}
        </ul>
      )}
      <div class="mod-actions">
        <input type="text" value={reason} maxLength={300} placeholder={ft.actionReasonHint} aria-label={ft.actionReason}
               data-mod-reason onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
        <button data-action="mute-1h" disabled={busy || closed} onClick={() => act(() => modApi.mute(name, 60, why))}>{ft.mute1h}</button>
        <button data-action="mute-24h" disabled={busy || closed} onClick={() => act(() => modApi.mute(name, 24 * 60, why))}>{ft.mute24h}</button>
        {muted !== null && <button data-action="unmute" disabled={busy} onClick={() => act(() => modApi.mute(name, 0, why))}>{ft.unmute}</button>}
        {closed
          ? <button data-action="reopen-account" disabled={busy} onClick={() => act(() => modApi.reopen(name, why))}>{ft.reopenAccount}</button>
          : <button class="danger" data-action="close-account" disabled={busy} onClick={() => setConfirmClose(true)}>{ft.closeAccount}</button>}
      </div>
      {error !== null && <p class="error" role="alert" data-testid="mod-error">{errorText(t, error)}</p>}
      {confirmClose && (
        <div class="modal-backdrop" onClick={() => setConfirmClose(false)}>
          <div class="modal" role="alertdialog" data-testid="close-confirm" onClick={(e) => e.stopPropagation()}>
            <p>{fillText(ft.closeConfirm, { name })}</p>
            {why && <p class="muted small">{ft.actionReason}: {why}</p>}
            <div class="modal-buttons">
              <button data-action="close-cancel" onClick={() => setConfirmClose(false)}>{t.cancel}</button>
              <button class="danger" data-action="close-confirm" onClick={() => {
                setConfirmClose(false);
                act(() => modApi.close(name, why));
              }}>{ft.closeAccount}</button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

function ClosedReports({ onError }: { onError: (e: unknown) => void }) {
  const { t } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [reports, setReports] = useState<Report[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    modApi.reports('closed').then((r) => setReports(r.reports)).catch((e) => {
      setError(e);
      onError(e);
    });
  }, []);
  if (error !== null) return <section class="card"><p class="error" role="alert">{errorText(t, error)}</p></section>;
  if (!reports) return <section class="card loading">…</section>;
  return (
    <section class="card">
      <h2>{ft.closedReports}</h2>
      {reports.length === 0 ? <p class="muted" data-testid="no-reports">{ft.noReports}</p> : (
        <table class="games-table mod-table" data-testid="closed-reports">
          <thead><tr><th>#</th><th>{ft.reportedPlayer}</th><th>{ft.reason}</th><th>{ft.outcome}</th><th>{ft.when}</th></tr></thead>
          <tbody>
            {reports.map((r) => (
              <tr key={r.id} data-report={r.id}>
                <td>{r.id}</td>
                <td><PlayerLink name={r.player} /><br /><small class="muted">{ft.reportedBy} {r.reporter}</small></td>
                <td>{reasonText(ft, r.reason)}{r.chat_line && <><br /><q class="small">{r.chat_line.text}</q></>}{r.text && <><br /><small>{r.text}</small></>}</td>
                <td>{r.outcome}<br /><small class="muted">{fillText(ft.closedBy, { name: r.closed_by ?? '' })}</small></td>
                <td class="muted small">{stamp(r.closed_at ?? r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const AUDIT_PAGE = 50;

function AuditLog({ onError }: { onError: (e: unknown) => void }) {
  const { t } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const load = (before?: number) => modApi.audit(AUDIT_PAGE, before).then((r) => {
    setEntries((old) => (before ? [...(old ?? []), ...r.entries] : r.entries));
    setMore(r.entries.length === AUDIT_PAGE);
  }).catch((e) => {
    setError(e);
    onError(e);
  });
  useEffect(() => { load(); }, []);
  if (error !== null && !entries) return <section class="card"><p class="error" role="alert">{errorText(t, error)}</p></section>;
  if (!entries) return <section class="card loading">…</section>;
  return (
    <section class="card">
      <h2>{ft.auditLog}</h2>
      {entries.length === 0 ? <p class="muted">{ft.noAudit}</p> : (
        <table class="games-table mod-table" data-testid="audit-log">
          <thead><tr><th>{ft.when}</th><th>{ft.who}</th><th>{ft.what}</th><th>{ft.target}</th><th>{ft.detail}</th></tr></thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-audit={e.id} data-audit-action={e.action}>
                <td class="muted small">{stamp(e.at)}</td>
                <td>{e.actor}</td>
                <td>{ft.actions[e.action] ?? e.action}</td>
                <td>{e.target}</td>
                <td class="small">{e.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && <button data-action="audit-more" onClick={() => load(entries[entries.length - 1]?.id)}>{ft.loadMore}</button>}
    </section>
  );
}
