// The Togyz board's sowing animation: the frame of the move being animated (togyzSowFrames),
// stepping on a timer at the speed's pace; null when nothing is animated.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { TogyzBoardData } from '../common/api';
import { sowStepMs, togyzSowFrames, type SowFrame } from '../play/move_animation';
import type { BoardAnim } from './types';

export function useSowFrame(anim: BoardAnim | null | undefined, board: TogyzBoardData): SowFrame | null {
  const frames = useMemo(() => (anim ? togyzSowFrames(anim.prev as TogyzBoardData, board) : null), [anim, board]);
  const [step, setStep] = useState<{ of: SowFrame[] | null; i: number }>({ of: null, i: 0 });
  useEffect(() => {
    if (!frames || frames.length < 2 || !anim) return;
    const ms = sowStepMs(anim.speed, frames.length);
    let i = 0;
    const timer = setInterval(() => {
      i = Math.min(i + 1, frames.length - 1);
      setStep({ of: frames, i });
      if (i === frames.length - 1) clearInterval(timer);
    }, ms);
    return () => clearInterval(timer);
  }, [frames]);
  if (!frames || frames.length < 2) return null;
  return frames[step.of === frames ? step.i : 0];
}
