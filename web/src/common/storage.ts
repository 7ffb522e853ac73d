// The one door to this browser's storage (localStorage). Reading never throws: a value another
// version wrote, a hand edit or a full or forbidden store (private windows) reads as nothing,
// and a write that the browser refuses is dropped, so the page goes on without what it kept.
export const storage = {
  text(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setText(key: string, value: string) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // full, or storage forbidden: the value is not kept
    }
  },
  // A JSON object (not an array, not null); `{}` for anything else.
  object<T extends object = Record<string, unknown>>(key: string): T {
    try {
      const v = JSON.parse(localStorage.getItem(key) ?? '{}');
      return (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as T;
    } catch {
      return {} as T;
    }
  },
  setJson(key: string, value: unknown) {
    storage.setText(key, JSON.stringify(value));
  },
  remove(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing kept to remove
    }
  },
};
