// useReview(id): a finished game's computer analysis as the page shows it: read once the game is
// over, asked for with request(), and read again as the game's socket reports the workers'
// progress ({"type": "analysis", "status", "progress"}), at most once a second while it runs and
// once more when it is done; polled every two seconds while it is queued or running without
// pushes (nothing is pushed before a worker takes it).
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../common/api';
import { reviewApi, type GameAnalysis } from './review_api';

export interface AnalysisPush {
  status: GameAnalysis['status'];
  progress: { done: number; total: number };
}

export interface Review {
  analysis: GameAnalysis | null;
  missing: boolean;              // nobody has asked for one (404 no_analysis)
  error: unknown;                // the last refusal (a request not allowed, too many) or failure
  requesting: boolean;
  request: () => void;
}

const REFRESH_MS = 1000;
const POLL_MS = 2000;

export function useReview(id: string, finished: boolean, token: string, push: AnalysisPush | null): Review {
  const [analysis, setAnalysis] = useState<GameAnalysis | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [requesting, setRequesting] = useState(false);
  const lastLoad = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  const load = () => {
    lastLoad.current = Date.now();
    return reviewApi.get(id).then((a) => {
      setAnalysis(a);
      setMissing(false);
    }).catch((e) => {
      if (e instanceof ApiError && e.code === 'no_analysis') setMissing(true);
      else setError(e);
    });
  };
  useEffect(() => {
    if (finished) load();
    return () => clearTimeout(timer.current);
  }, [id, finished]);

  // Progress from the socket: shown at once, the review itself read again now and then.
  useEffect(() => {
    if (!push || !finished) return;
    setAnalysis((a) => (a ? { ...a, status: push.status, progress: push.progress, position_in_queue: 0 } : a));
    clearTimeout(timer.current);
    const wait = push.status === 'done' ? 0 : Math.max(0, REFRESH_MS - (Date.now() - lastLoad.current));
    timer.current = window.setTimeout(load, wait);
  }, [push]);

  // Waiting in the queue its place changes with no push; and a worker of another process on a
  // single-machine store (SQLite) pushes nothing to this server: read again now and then.
  useEffect(() => {
    if (analysis?.status !== 'queued' && analysis?.status !== 'running') return;
    const t = window.setInterval(() => {
      if (Date.now() - lastLoad.current >= POLL_MS) load();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [analysis?.status]);

  const request = () => {
    if (requesting) return;
    setRequesting(true);
    setError(null);
    reviewApi.request(id, token).then(() => load()).catch(setError).finally(() => setRequesting(false));
  };
  return { analysis, missing, error, requesting, request };
}
