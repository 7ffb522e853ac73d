// Whether this user wants the players' chat: the one place the switch lives. A signed-in user's
// switch is the account's setting (GET/POST /api/account/settings: it follows them to every
// device, and the server then sends their game connections no chat); a guest's is this
// browser's. The game page does not know which.
import { useEffect, useState } from 'preact/hooks';
import { accountApi, type Account } from './account_api';
import { storage } from '../common/storage';

const KEY = 'oyin.chat';
const listeners = new Set<(on: boolean) => void>();
let account: Account | null = null;  // the signed-in user, whose setting wins

function tell(on: boolean) {
  for (const l of listeners) l(on);
}

export const chatSetting = {
  get: (): boolean => (account ? account.chat !== false : storage.text(KEY) !== 'off'),
  set: (on: boolean) => {
    if (account) {
      // Told once the server has it: a game page then reconnects and gets the chat, or none.
      account = { ...account, chat: on };
      accountApi.settings({ chat: on }).catch(() => undefined).finally(() => tell(on));
    } else {
      storage.setText(KEY, on ? 'on' : 'off');
      tell(on);
    }
  },
  // The app says who is signed in (null: a guest) whenever that changes.
  follow: (a: Account | null) => {
    account = a;
    tell(chatSetting.get());
  },
};

// The switch as state, following changes made elsewhere on the page.
export function useChatSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(chatSetting.get());
  useEffect(() => {
    listeners.add(setOn);
    setOn(chatSetting.get());
    return () => void listeners.delete(setOn);
  }, []);
  return [on, chatSetting.set];
}
