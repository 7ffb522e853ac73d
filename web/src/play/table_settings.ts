// The table's two switches, kept in this browser (common/storage.ts): the animation speed
// (off / fast / normal; a system asking for reduced motion gets off whatever is kept), and the
// sound's mute switch, kept per account (the account settings API has no field for it: a
// signed-in user's switch is kept under their name, a guest's under the browser's).
import { useEffect, useState } from 'preact/hooks';
import { storage } from '../common/storage';
import { SPEEDS, type Speed } from './move_animation';

const SPEED_KEY = 'oyin.animation';
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((l) => l());

export function reducedMotion(): boolean {
  try {
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

// The speed kept (normal unless set).
export function keptSpeed(): Speed {
  const v = storage.text(SPEED_KEY) as Speed | null;
  return v && SPEEDS.includes(v) ? v : 'normal';
}

// The speed moves are drawn at: off under reduced motion.
export function effectiveSpeed(): Speed {
  return reducedMotion() ? 'off' : keptSpeed();
}

export function setSpeed(s: Speed) {
  storage.setText(SPEED_KEY, s);
  tell();
}

export function muteKey(username: string | null | undefined): string {
  return username ? `oyin.sound.${username.toLowerCase()}` : 'oyin.sound';
}

export function isMuted(username: string | null | undefined): boolean {
  return storage.text(muteKey(username)) === 'off';
}

export function setMuted(username: string | null | undefined, muted: boolean) {
  storage.setText(muteKey(username), muted ? 'off' : 'on');
  tell();
}

// Re-renders the caller when a switch changes anywhere on the page.
export function useTableSettings(): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    const l = () => setN((x) => x + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return n;
}
