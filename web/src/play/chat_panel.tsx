// The players' chat beside an online game. Lines are drawn as text nodes (Preact escapes them):
// a line that looks like HTML shows as what was typed. The switch is the user's (chat_setting).
// A signed-in player may report a line of the other side (`onReport`, the game page asks); a
// refused line (muted, no chat with this player) is said under the lines (`refusal`).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatLine } from '../common/api';
import { sideName } from '../common/i18n';
import { useChatSetting } from '../account/chat_setting';
import { useTexts } from '../common/texts_context';
import { Icon } from '../common/icons';

export const CHAT_MAX = 300;  // the server's limit (GameService::kChatMaxChars)

export function ChatPanel({ lines, me, canWrite, send, canReport, onReport, reportLabel, refusal }: {
  lines: ChatLine[]; me?: string; canWrite: boolean; send: (text: string) => boolean;
  canReport?: (l: ChatLine) => boolean; onReport?: (l: ChatLine) => void; reportLabel?: string; refusal?: string;
}) {
  const { t } = useTexts();
  const [on, setOn] = useChatSetting();
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length, on]);
  return (
    <div class="card chat" data-testid="chat">
      <div class="chat-head">
        <h3>{t.chat}</h3>
        <label class="check chat-switch">
          <input type="checkbox" checked={on} data-action="chat-switch"
                 onChange={(e) => setOn((e.target as HTMLInputElement).checked)} />
          {t.chatSwitch}
        </label>
      </div>
      {on && (
        <>
          <ol class="chat-lines" ref={list} data-testid="chat-lines" aria-live="polite">
            {lines.map((l) => (
              <li key={l.seq} data-chat-seq={l.seq} class={`chat-line ${l.side === me ? 'mine' : ''}`}>
                <i class={`stone-dot ${l.side}`} title={sideName(t, l.side)} />
                <span class="chat-text">{l.text}</span>
                {onReport && canReport?.(l) && (
                  <button type="button" class="chat-report" data-action="report-line" title={reportLabel} aria-label={reportLabel}
                          onClick={() => onReport(l)}><Icon name="flag" /></button>
                )}
              </li>
            ))}
          </ol>
          {refusal && <p class="error small" role="alert" data-testid="chat-refusal">{refusal}</p>}
          {canWrite && (
            <form class="chat-form" onSubmit={(e) => {
              e.preventDefault();
              if (text.trim() && send(text)) setText('');
            }}>
              <input type="text" maxLength={CHAT_MAX} value={text} data-testid="chat-input" aria-label={t.chat}
                     placeholder={t.chatPlaceholder} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
              <button type="submit" data-action="chat-send" disabled={!text.trim()}>{t.send}</button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
