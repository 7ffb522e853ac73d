// Whether this user wants the players' chat: the one place the switch lives. For now it is a
// setting of this browser; when accounts carry a "chat" flag, this reads and writes that instead
// (and the game page does not change).
import { useEffect, useState } from 'preact/hooks';

const KEY = 'oyin.chat';
const listeners = new Set<(on: boolean) => void>();

export const chatSetting = {
  get: (): boolean => localStorage.getItem(KEY) !== 'off',
  set: (on: boolean) => {
    localStorage.setItem(KEY, on ? 'on' : 'off');
    for (const l of listeners) l(on);
  },
};

// The switch as state, following changes made elsewhere on the page.
export function useChatSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(chatSetting.get());
  useEffect(() => {
    listeners.add(setOn);
    return () => void listeners.delete(setOn);
  }, []);
  return [on, chatSetting.set];
}
