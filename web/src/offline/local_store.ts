// The games played in this browser, in IndexedDB (database "oyin", store "local_games", by key):
// each is written at every move, so a reload or a closed tab loses none, and a finished one waits
// here until the server has it (uploader.ts).
import type { LocalGame } from './local_game';

const DB = 'oyin';
const STORE = 'local_games';
let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error ?? new Error('IndexedDB is not available'));
    };
  });
  return opened;
}

function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then((db) => new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = f(tx.objectStore(STORE));
    // A write counts once its transaction has committed, not when the request succeeded.
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? req.error ?? new Error('IndexedDB write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  }));
}

export const localGames = {
  save: (g: LocalGame) => run('readwrite', (s) => s.put(g)).then(() => undefined),
  get: (key: string) => run<LocalGame | undefined>('readonly', (s) => s.get(key) as IDBRequest<LocalGame | undefined>),
  all: () => run<LocalGame[]>('readonly', (s) => s.getAll() as IDBRequest<LocalGame[]>),
};
