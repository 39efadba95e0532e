/**
 * Which edges of a sideways-scrolling element have content hidden beyond them, kept up to date
 * as the element scrolls and as it or its content resizes. Shared by the marketing row
 * (components/site/horizontal-scroll.tsx) and the staff tab strip (components/staff/scroll-cue.tsx),
 * which draw their own cues from it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Whether content lies beyond the start (left) and the end (right) edge. */
export interface HorizontalOverflow {
  start: boolean;
  end: boolean;
}

/**
 * Returns the `ref` to put on the scrolling element, its current {@link HorizontalOverflow}, and
 * `measure`, to pass as its `onScroll`. One pixel of slack: fractional widths round differently
 * across browsers.
 */
export function useHorizontalOverflow<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [overflow, setOverflow] = useState<HorizontalOverflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((o) => (o.start === start && o.end === end ? o : { start, end }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, overflow, measure };
}
