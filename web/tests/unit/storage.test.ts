// The one door to the browser's storage: it never throws, and what it cannot read reads as nothing.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { storage } from '../../src/common/storage';

// A localStorage of the test's own: a Map, or one that refuses everything (a private window).
function memoryStore() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => (m.has(k) ? m.get(k)! : null),
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
  };
}
const refusing = {
  getItem: () => { throw new Error('SecurityError'); },
  setItem: () => { throw new Error('QuotaExceededError'); },
  removeItem: () => { throw new Error('SecurityError'); },
};

afterEach(() => vi.unstubAllGlobals());

describe('with a working store', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStore()));
  test('texts are kept and removed', () => {
    expect(storage.text('k')).toBeNull();
    storage.setText('k', 'v');
    expect(storage.text('k')).toBe('v');
    storage.remove('k');
    expect(storage.text('k')).toBeNull();
  });
  test('an object is kept as JSON', () => {
    storage.setJson('o', { a: 1, b: ['x'] });
    expect(storage.text('o')).toBe('{"a":1,"b":["x"]}');
    expect(storage.object('o')).toEqual({ a: 1, b: ['x'] });
  });
  test('what is not a JSON object reads as {}', () => {
    expect(storage.object('missing')).toEqual({});
    for (const bad of ['[1,2]', 'null', '42', '"text"', '{broken', ''])  {
      storage.setText('o', bad);
      expect(storage.object('o')).toEqual({});
    }
  });
});

describe('with a store that refuses (full, or forbidden)', () => {
  beforeEach(() => vi.stubGlobal('localStorage', refusing));
  test('reading gives nothing and writing is dropped, never an exception', () => {
    expect(storage.text('k')).toBeNull();
    expect(storage.object('k')).toEqual({});
    expect(() => storage.setText('k', 'v')).not.toThrow();
    expect(() => storage.setJson('k', { a: 1 })).not.toThrow();
    expect(() => storage.remove('k')).not.toThrow();
  });
});

test('with no store at all', () => {
  vi.stubGlobal('localStorage', undefined);
  expect(storage.text('k')).toBeNull();
  expect(storage.object('k')).toEqual({});
  expect(() => storage.setText('k', 'v')).not.toThrow();
});
