// Dialogs keep the keyboard: while a dialog (`.modal`) is open, Tab and Shift+Tab cycle through
// its controls only, the dialog takes focus when it opens (unless a control in it already has it),
// and when the last dialog closes the focus goes back to the control that opened it. One listener
// for every dialog of the site, as Escape's (guard.ts).

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// The controls of `root` a Tab can reach, in document order (hidden ones left out).
export function focusables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

// The control Tab (forward) or Shift+Tab goes to from `current` among `items`, round the ends.
export function nextInCycle<T>(items: T[], current: T | null, back: boolean): T | undefined {
  if (!items.length) return undefined;
  const i = current === null ? -1 : items.indexOf(current);
  if (back) return items[i <= 0 ? items.length - 1 : i - 1];
  return items[i < 0 || i === items.length - 1 ? 0 : i + 1];
}

function topModal(): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>('.modal');
  return all.length ? all[all.length - 1] : null;
}

export function trapFocusInModals(): () => void {
  let lastOutside: HTMLElement | null = null;  // the control focused last outside every dialog
  let opener: HTMLElement | null = null;
  let open: HTMLElement | null = null;
  const onFocusIn = (e: FocusEvent) => {
    const el = e.target as HTMLElement;
    if (el instanceof HTMLElement && !el.closest('.modal')) lastOutside = el;
    else if (el instanceof SVGElement && !el.closest('.modal')) lastOutside = el as unknown as HTMLElement;
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    const modal = topModal();
    if (!modal) return;
    e.preventDefault();
    const active = document.activeElement as HTMLElement | null;
    const next = nextInCycle(focusables(modal), active && modal.contains(active) ? active : null, e.shiftKey);
    (next ?? modal).focus();
  };
  const check = () => {
    const modal = topModal();
    if (modal && modal !== open) {
      if (!open) opener = lastOutside;
      open = modal;
      if (!modal.contains(document.activeElement)) {
        if (!modal.hasAttribute('tabindex')) modal.setAttribute('tabindex', '-1');
        (focusables(modal)[0] ?? modal).focus();
      }
    } else if (!modal && open) {
      open = null;
      const back = opener;
      opener = null;
      if (back?.isConnected && (document.activeElement === document.body || !document.activeElement)) back.focus();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
  window.addEventListener('keydown', onKey);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    window.removeEventListener('keydown', onKey);
  };
}
