/**
 * Animates a displayed number to each new value (public-site.md §9: "calculator total animates
 * over 30 steps in about 500 ms") with requestAnimationFrame: one state update per step (at most
 * 30 renders of `AnimatedTotal`, not of the calculator), nothing when the visitor prefers reduced
 * motion.
 */
import { useEffect, useRef, useState } from 'react';

export const ANIMATION_STEPS = 30;
export const ANIMATION_MS = 500;

/** The value to show now: moves from the previous target to `target` in 30 even steps. */
export function useAnimatedNumber(target: number): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    const set = (v: number) => {
      shownRef.current = v;
      setShown(v);
    };
    if (typeof window === 'undefined' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      set(target);
      return;
    }
    let frame = 0;
    let lastStep = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const step = Math.min(ANIMATION_STEPS, Math.max(1, Math.ceil(((now - start) / ANIMATION_MS) * ANIMATION_STEPS)));
      if (step !== lastStep) {
        lastStep = step;
        set(step === ANIMATION_STEPS ? target : Math.round(from + ((target - from) * step) / ANIMATION_STEPS));
      }
      if (step < ANIMATION_STEPS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return shown;
}
