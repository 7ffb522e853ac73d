// Action buttons that ask the server once per click, however fast the clicks: `guard(f)` runs f
// unless a call of it is still on its way (a double click on "Send challenge" sends one), and
// `busy` says so for the button's disabled state. Escape closes the open dialog (`closeOnEscape`).
import { useRef, useState } from 'preact/hooks';

// f, made to run one call at a time: a call while one is on its way is dropped. `busy(b)` is told
// when a call starts and ends.
export function oneAtATime<A extends unknown[]>(f: (...a: A) => Promise<unknown> | unknown, busy: (b: boolean) => void = () => undefined,
  running: { current: boolean } = { current: false }): (...a: A) => Promise<void> {
  return async (...a: A) => {
    if (running.current) return;
    running.current = true;
    busy(true);
    try {
      await f(...a);
    } finally {
      running.current = false;
      busy(false);
    }
  };
}

export function useGuard(): { busy: boolean; guard: <A extends unknown[]>(f: (...a: A) => Promise<unknown> | unknown) => (...a: A) => Promise<void> } {
  const running = useRef(false);  // set at once: a second click in the same tick sees it
  const [busy, setBusy] = useState(false);
  const guard = <A extends unknown[]>(f: (...a: A) => Promise<unknown> | unknown) => oneAtATime(f, setBusy, running);
  return { busy, guard };
}

// Escape closes the topmost dialog as a click beside it does (every dialog's backdrop closes it).
export function closeOnEscape(): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const backdrops = document.querySelectorAll<HTMLElement>('.modal-backdrop');
    const top = backdrops[backdrops.length - 1];
    if (!top) return;
    e.preventDefault();
    top.click();
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
