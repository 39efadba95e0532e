/**
 * Scroll-fade (public-site.md §2: "Sections carrying a scroll-fade style become visible once
 * within 150 px of the bottom of the viewport while scrolling"; §9 threshold 150 px).
 *
 * The prerendered HTML shows the content (readable without JavaScript). After hydration a
 * section already within the threshold stays visible; one further down is hidden (opacity only: no
 * layout shift, and the observed box is where the section really is) and fades in once its top is within 150 px of the
 * viewport's bottom. With `prefers-reduced-motion: reduce` nothing is hidden or animated.
 */
import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

/** Distance from the viewport's bottom at which a section appears (spec §9). */
export const SCROLL_FADE_THRESHOLD_PX = 150;

type Phase = 'static' | 'hidden' | 'visible';

/** Wraps a section in the scroll-fade behaviour; `data-fade` is `static`, `hidden` or `visible`. */
export function ScrollFade({ children, ...rest }: BoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('static');

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    if (el.getBoundingClientRect().top < window.innerHeight - SCROLL_FADE_THRESHOLD_PX) {
      setPhase('visible');
      return;
    }
    setPhase('hidden');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setPhase('visible');
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px -${SCROLL_FADE_THRESHOLD_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <Box ref={ref} data-fade={phase} opacity={phase === 'hidden' ? 0 : 1} transition="opacity 0.6s ease-out" {...rest}>
      {children}
    </Box>
  );
}
