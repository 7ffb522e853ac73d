// The table's sounds, made here with the Web Audio API (no sound files): each sound is a few
// short notes (SOUNDS), scheduled by `noteSchedule` (pure, unit-tested) on one AudioContext made
// at the first sound. Muted, nothing plays. Every sound played is counted in
// window.__oyinSounds (the browser tests read it; no browser can be asked what it heard).
export type SoundKind = 'move' | 'capture' | 'check' | 'start' | 'end' | 'lowTime' | 'chat';

export interface Note {
  freq: number;       // Hz
  at: number;         // s after the sound starts
  dur: number;        // s
  wave: OscillatorType;
  gain: number;       // peak, 0..1
}

const n = (freq: number, at: number, dur: number, wave: OscillatorType = 'sine', gain = 0.25): Note => ({ freq, at, dur, wave, gain });

export const SOUNDS: Record<SoundKind, Note[]> = {
  move: [n(520, 0, 0.07, 'triangle', 0.3)],
  capture: [n(440, 0, 0.07, 'triangle', 0.3), n(330, 0.06, 0.12, 'triangle', 0.3)],
  check: [n(880, 0, 0.09, 'square', 0.12), n(880, 0.14, 0.09, 'square', 0.12)],
  start: [n(523, 0, 0.12), n(659, 0.1, 0.12), n(784, 0.2, 0.2)],
  end: [n(784, 0, 0.15), n(659, 0.14, 0.15), n(523, 0.28, 0.3)],
  lowTime: [n(990, 0, 0.06, 'square', 0.1), n(990, 0.12, 0.06, 'square', 0.1), n(990, 0.24, 0.06, 'square', 0.1)],
  chat: [n(1175, 0, 0.08, 'sine', 0.18), n(1568, 0.07, 0.1, 'sine', 0.18)],
};

export interface Scheduled {
  freq: number;
  wave: OscillatorType;
  start: number;      // AudioContext time the note starts
  peak: number;       // reaches its gain (a 5 ms attack: no click)
  stop: number;       // silent again
  gain: number;
}

// The notes of `kind` as AudioContext times from `now`.
export function noteSchedule(kind: SoundKind, now: number): Scheduled[] {
  return SOUNDS[kind].map((x) => ({
    freq: x.freq, wave: x.wave, gain: x.gain,
    start: now + x.at, peak: now + x.at + 0.005, stop: now + x.at + x.dur,
  }));
}

let muted = false;
let ctx: AudioContext | null = null;

interface SoundLog {
  played: Record<string, number>;
  total: number;
}

function log(): SoundLog {
  const w = window as unknown as { __oyinSounds?: SoundLog };
  w.__oyinSounds ??= { played: {}, total: 0 };
  return w.__oyinSounds;
}

export const sound = {
  setMuted: (m: boolean) => {
    muted = m;
  },
  muted: () => muted,
  play: (kind: SoundKind) => {
    if (muted) return;
    const l = log();
    l.played[kind] = (l.played[kind] ?? 0) + 1;
    ++l.total;
    try {
      ctx ??= new AudioContext();
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      for (const s of noteSchedule(kind, ctx.currentTime + 0.01)) {
        const osc = ctx.createOscillator();
        const g = ctx.createGain();
        osc.type = s.wave;
        osc.frequency.value = s.freq;
        g.gain.setValueAtTime(0, s.start);
        g.gain.linearRampToValueAtTime(s.gain, s.peak);
        g.gain.exponentialRampToValueAtTime(0.0001, s.stop);
        osc.connect(g).connect(ctx.destination);
        osc.start(s.start);
        osc.stop(s.stop + 0.02);
      }
    } catch {
      // no audio in this browser: the game goes on silent
    }
  },
};
