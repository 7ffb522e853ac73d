// The account corner of the header: "Sign in" for a guest, the user's name with a small menu (my
// page, the moderators' page for a moderator, the chat switch of the account, change password,
// sign out, sign out everywhere) once signed in; and the sign-in / sign-up dialog, which shows
// the server's error codes in the user's language.
import { useEffect, useRef, useState } from 'preact/hooks';
import { accountApi, type Account } from './account_api';
import { errorText } from '../common/server_texts';
import { useChatSetting } from './chat_setting';
import { useDict, useTexts } from '../common/texts_context';
import { ACCOUNT_TEXTS } from './account_texts';
import { usernameProblem } from './user_name';
import { FAIR_TEXTS } from '../fair_play/fair_play_texts';
import { REVIEW_TEXTS } from '../review/review_texts';

export function AccountMenu({ account, setAccount }: {
  account: Account | null | undefined; setAccount: (a: Account | null) => void;
}) {
  const { t } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const ft = useDict(FAIR_TEXTS);
  const rt = useDict(REVIEW_TEXTS);
  const [dialog, setDialog] = useState<'in' | 'up' | null>(null);
  const [open, setOpen] = useState(false);
  const [passwordDialog, setPasswordDialog] = useState(false);
  const [chatOn, setChatOn] = useChatSetting();  // the account's setting once signed in
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const close = () => setOpen(false);
    document.addEventListener('click', away);
    window.addEventListener('hashchange', close);
    return () => {
      document.removeEventListener('click', away);
      window.removeEventListener('hashchange', close);
    };
  }, [open]);
  if (account === undefined) return <span class="account-menu" data-account="loading" />;
  if (account === null)
    return (
      <span class="account-menu" data-account="guest">
        <button class="account-button" data-action="sign-in" onClick={() => setDialog('in')}>{at.signIn}</button>
        {dialog && <AccountDialog mode={dialog} setMode={setDialog} onDone={(a) => { setDialog(null); setAccount(a); }} />}
      </span>
    );
  const signOut = async (everywhere: boolean) => {
    setOpen(false);
    await (everywhere ? accountApi.logoutAll() : accountApi.logout()).catch(() => undefined);
    setAccount(await accountApi.current().catch(() => null));
  };
  return (
    <div class="account-menu" data-account="user" ref={ref}>
      <button class="account-button" data-testid="account-name" aria-haspopup="menu" aria-expanded={open}
              onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <circle cx="10" cy="7" r="4" fill="currentColor" /><path d="M2 19c0-5 4-7 8-7s8 2 8 7z" fill="currentColor" />
        </svg>
        {account.username} ▾
      </button>
      {open && (
        <div class="account-dropdown" role="menu">
          <a role="menuitem" href={`#/player/${encodeURIComponent(account.username)}`} data-action="my-page"
             onClick={() => setOpen(false)}>{at.myPage}</a>
          <a role="menuitem" href="#/mistakes" data-action="my-mistakes" onClick={() => setOpen(false)}>{rt.learnFromMistakes}</a>
          {account.moderator && (
            <a role="menuitem" href="#/mod" data-action="mod-page" onClick={() => setOpen(false)}>{ft.moderation}</a>
          )}
          <label class="check" role="menuitemcheckbox" aria-checked={chatOn}>
            <input type="checkbox" checked={chatOn} data-action="account-chat"
                   onChange={(e) => setChatOn((e.target as HTMLInputElement).checked)} />
            {t.chatSwitch}
          </label>
          <button role="menuitem" data-action="change-password" onClick={() => { setOpen(false); setPasswordDialog(true); }}>
            {at.changePassword}
          </button>
          <button role="menuitem" data-action="sign-out" onClick={() => signOut(false)}>{at.signOut}</button>
          <button role="menuitem" data-action="sign-out-everywhere" onClick={() => signOut(true)}>{at.signOutEverywhere}</button>
        </div>
      )}
      {passwordDialog && <PasswordDialog onClose={() => setPasswordDialog(false)} />}
    </div>
  );
}

function AccountDialog({ mode, setMode, onDone }: {
  mode: 'in' | 'up'; setMode: (m: 'in' | 'up' | null) => void; onDone: (a: Account) => void;
}) {
  const { t } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(await (mode === 'up' ? accountApi.register : accountApi.login)(username.trim(), password));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const title = mode === 'up' ? at.signUp : at.signIn;
  // Why the name typed cannot be an account's, said as it is typed (never cut to fit).
  const nameProblem = mode === 'up' ? usernameProblem(at, username.trim()) : '';
  return (
    <div class="modal-backdrop" onClick={() => setMode(null)}>
      <form class="modal account-form" role="dialog" aria-label={title} data-testid="account-dialog" data-mode={mode}
            onClick={(e) => e.stopPropagation()} onSubmit={submit}>
        <h2>{title}</h2>
        <label>{at.username}
          <input name="username" autocomplete="username" required value={username}
                 aria-invalid={nameProblem ? 'true' : undefined} aria-describedby="username-note"
                 onInput={(e) => setUsername((e.target as HTMLInputElement).value)} />
          {mode === 'up' && (
            <small id="username-note" class={nameProblem ? 'error' : 'muted'} data-testid="username-note"
                   data-problem={nameProblem ? 'yes' : 'no'}>{nameProblem || at.usernameHint}</small>
          )}
        </label>
        <label>{at.password}
          <input name="password" type="password" required value={password}
                 autocomplete={mode === 'up' ? 'new-password' : 'current-password'}
                 onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
          {mode === 'up' && <small class="muted">{at.passwordHint}</small>}
        </label>
        {error !== null && <p class="error" role="alert" data-testid="account-error">{errorText(t, error)}</p>}
        <div class="modal-buttons">
          <button type="button" onClick={() => setMode(null)}>{t.cancel}</button>
          <button type="submit" class="primary" data-action="account-submit" disabled={busy}>{title}</button>
        </div>
        <p class="small muted switch-mode">
          {mode === 'up' ? at.haveAccount : at.noAccount}{' '}
          <button type="button" class="link" data-action={mode === 'up' ? 'to-sign-in' : 'to-sign-up'}
                  onClick={() => { setError(null); setMode(mode === 'up' ? 'in' : 'up'); }}>
            {mode === 'up' ? at.signIn : at.signUp}
          </button>
        </p>
      </form>
    </div>
  );
}

// The current password and a new one; once changed, the dialog says so (the other devices are
// signed out by the server, this one stays signed in).
function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTexts();
  const at = useDict(ACCOUNT_TEXTS);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await accountApi.changePassword(current, next);
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="modal-backdrop" onClick={onClose}>
      <form class="modal account-form" role="dialog" aria-label={at.changePassword} data-testid="password-dialog"
            onClick={(e) => e.stopPropagation()} onSubmit={submit}>
        <h2>{at.changePassword}</h2>
        {done ? <p role="status" data-testid="password-changed">{at.passwordChanged}</p> : (
          <>
            <label>{at.currentPassword}
              <input name="current" type="password" required autocomplete="current-password" value={current}
                     onInput={(e) => setCurrent((e.target as HTMLInputElement).value)} />
            </label>
            <label>{at.newPassword}
              <input name="new" type="password" required autocomplete="new-password" value={next}
                     onInput={(e) => setNext((e.target as HTMLInputElement).value)} />
              <small class="muted">{at.passwordHint}</small>
            </label>
          </>
        )}
        {error !== null && <p class="error" role="alert" data-testid="password-error">{errorText(t, error)}</p>}
        <div class="modal-buttons">
          <button type="button" onClick={onClose}>{done ? t.close : t.cancel}</button>
          {!done && <button type="submit" class="primary" data-action="password-submit" disabled={busy}>{at.changePassword}</button>}
        </div>
      </form>
    </div>
  );
}
