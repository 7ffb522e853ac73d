// The lessons of /api/lessons (src/server/lessons_api.h), offline from the pack (offline_pack.ts),
// and the learner's progress, which a
// guest keeps in this browser (localStorage); a signed-in learner's is the server's, of which this
// browser keeps a copy under the same keys (progress_sync.ts).
import { call, type BoardData, type LegalMove } from '../common/api';
import { storage } from '../common/storage';
import { offlineLessons, orOffline } from './offline_pack';

// A text in every UI language: {"kk", "uz", "ru", "en"}.
export type Texts = Record<string, string>;

export interface LessonSummary {
  id: string;
  game: string;
  topic: string;
  title: Texts;
  steps: number;
}

export interface LessonStep {
  task: Texts;
  hint: Texts;
  marks: string[];
  board: BoardData;
  legal: LegalMove[];
  rules_values: Record<string, unknown>;
}


export interface LessonFull {
  id: string;
  game: string;
  topic: string;
  title: Texts;
  intro: Texts | null;
  steps: LessonStep[];
}

export interface Attempt {
  legal: boolean;
  correct: boolean;
  move?: string;
  reason?: string;
  explanation: Texts | null;
  done?: Texts;
  board: BoardData | null;
  end: { code: string; winner: string | null; args: [number, number] } | null;
  next: number | null;
  reply?: string;
  reply_board?: BoardData;
}

export const lessonsApi = {
  list: (game?: string) => orOffline(
    () => call<{ lessons: LessonSummary[] }>('GET', `/api/lessons${game ? `?game=${encodeURIComponent(game)}` : ''}`),
    (p) => offlineLessons.list(p, game)),
  get: (id: string) => orOffline(
    () => call<LessonFull>('GET', `/api/lessons/${encodeURIComponent(id)}`), (p) => offlineLessons.get(p, id)),
  attempt: (id: string, step: number, move: string) => orOffline(
    () => call<Attempt>('POST', `/api/lessons/${encodeURIComponent(id)}/steps/${step}/try`, { move }),
    (p) => offlineLessons.attempt(p, id, step, move)),
};

// The text in the UI language (English when a language is missing).
export function pick(texts: Texts | null | undefined, lang: string): string {
  if (!texts) return '';
  return texts[lang] ?? texts.en ?? '';
}

export const LESSONS_KEY = 'oyin.lessons.done';
const KEY = LESSONS_KEY;

// Finished lessons: id -> ISO date. Kept per browser; a broken entry counts as nothing done.
export const progress = {
  all(): Record<string, string> {
    return storage.object<Record<string, string>>(KEY);
  },
  done(id: string): boolean {
    return id in progress.all();
  },
  finish(id: string) {
    const all = progress.all();
    all[id] = new Date().toISOString();
    storage.setJson(KEY, all);
  },
  reset() {
    storage.remove(KEY);
  },
};
