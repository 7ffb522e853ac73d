// A report to the moderators (POST /api/reports), as a small dialog: of a player (a reason chosen
// from the server's list and an optional text), or of one chat line of a game (the reason is
// "chat", the line is quoted). Once sent it says so; a refusal (too many reports today, ...) is
// shown in the user's language.
import { useState } from 'preact/hooks';
import { fairPlayApi, REPORT_REASONS, type ReportReason } from './fair_play_api';
import { errorText } from '../common/server_texts';
import { useDict, useTexts } from '../common/texts_context';
import { FAIR_TEXTS } from './fair_play_texts';
import { fillText } from '../common/i18n';

export function ReportDialog({ username, chatLine, gameId, onClose }: {
  username: string;
  chatLine?: { seq: number; text: string };
  gameId?: string;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const [reason, setReason] = useState<ReportReason>(chatLine ? 'chat' : 'cheating');
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await fairPlayApi.report({
        username, reason, text: text.trim() || undefined,
        game_id: gameId, chat_seq: chatLine?.seq,
      });
      setSent(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const title = chatLine ? fillText(ft.reportLineTitle, { name: username }) : fillText(ft.reportTitle, { name: username });
  return (
    <div class="modal-backdrop" onClick={onClose}>
      <form class="modal report-form" role="dialog" aria-label={title} data-testid="report-dialog"
            onClick={(e) => e.stopPropagation()} onSubmit={submit}>
        <h2>{title}</h2>
        {sent ? <p class="notice" role="status" data-testid="report-sent">{ft.reportSent}</p> : (
          <>
            {chatLine && <blockquote class="reported-line" data-testid="reported-line">{chatLine.text}</blockquote>}
            {!chatLine && (
              <label>{ft.reason}
                <select value={reason} data-report-opt="reason" onChange={(e) => setReason((e.target as HTMLSelectElement).value as ReportReason)}>
                  {REPORT_REASONS.map((r) => <option key={r} value={r}>{ft.reasons[r]}</option>)}
                </select>
              </label>
            )}
            <label>{ft.reportText}
              <textarea rows={3} maxLength={500} value={text} data-report-opt="text"
                        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
            </label>
          </>
        )}
        {error !== null && <p class="error" role="alert" data-testid="report-error">{errorText(t, error)}</p>}
        <div class="modal-buttons">
          <button type="button" data-action="report-close" onClick={onClose}>{sent ? t.close : t.cancel}</button>
          {!sent && <button type="submit" class="danger" data-action="report-send" disabled={busy}>{ft.reportSend}</button>}
        </div>
      </form>
    </div>
  );
}
