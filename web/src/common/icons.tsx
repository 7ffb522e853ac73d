// The site's small icons, drawn as inline SVG (no emoji font needed): each a 16×16 path in the
// text's colour, hidden from screen readers (the button's words say what it does).
const PATHS = {
  flag: 'M3 1v14M3 2h9l-2 3 2 3H3',
  flagOpen: 'M3 1v14M3 2h9l-2 3 2 3H3z',
  link: 'M7 9a3 3 0 0 0 4 0l3-3a3 3 0 0 0-4-4l-1 1M9 7a3 3 0 0 0-4 0l-3 3a3 3 0 0 0 4 4l1-1',
  eye: 'M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  swords: 'M2 2l8 8M10 10l-1 2 3 3 1-1 2-2-3-3zM14 2l-8 8M6 10l1 2-3 3-3-3 2-1z',
  book: 'M1 3c2-1 5-1 7 1 2-2 5-2 7-1v10c-2-1-5-1-7 1-2-2-5-2-7-1zM8 4v10',
  puzzle: 'M2 5h3a2 2 0 1 1 4 0h3v3a2 2 0 1 1 0 4v3H2z',
  flip: 'M5 14V2M2 5l3-3 3 3M11 2v12M8 11l3 3 3-3',
  undo: 'M5 3L2 6l3 3M2 6h8a4 4 0 0 1 0 8H6',
  download: 'M8 2v9M4 7l4 4 4-4M2 14h12',
  rematch: 'M13 8a5 5 0 1 1-2-4M13 1v4H9',
  lock: 'M4 7V5a4 4 0 0 1 8 0v2M3 7h10v8H3z',
  check: 'M2 8l4 4 8-9',
  fire: 'M8 15c-3 0-5-2-5-5 0-3 3-4 3-8 2 1 3 3 3 5 1-1 1-2 1-3 2 2 3 4 3 6 0 3-2 5-5 5z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg class="icon" data-icon={name} viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}
