/**
 * A horizontally scrolling strip (a tab bar) that shows it scrolls (issue 22 point 10): while
 * content is hidden past an edge, that edge fades out and shows a chevron, so on a phone the
 * last tabs are not simply cut off. The cues are decorative (aria-hidden): the tabs stay
 * reachable by keyboard and by scrolling.
 */
import { Box } from '@chakra-ui/react';
import { LucideChevronLeft, LucideChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** Which edges have content hidden past them. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/** The strip around `children`; `testId` names it for the browser tests. */
export function ScrollCue({ children, testId }: { children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
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
  const cue = (side: 'start' | 'end') => (
    <Box
      aria-hidden="true"
      data-testid={testId ? `${testId}-cue-${side}` : undefined}
      position="absolute"
      top="0"
      bottom="0"
      {...(side === 'start' ? { left: '0' } : { right: '0' })}
      w="10"
      display="flex"
      alignItems="center"
      justifyContent={side === 'start' ? 'flex-start' : 'flex-end'}
      pointerEvents="none"
      color="fg.muted"
      bgGradient={side === 'start' ? 'to-r' : 'to-l'}
      gradientFrom="bg"
      gradientTo="transparent"
    >
      {side === 'start' ? <LucideChevronLeft size="18" /> : <LucideChevronRight size="18" />}
    </Box>
  );
  return (
    <Box position="relative" data-testid={testId} data-overflow-end={overflow.end || undefined}>
      <Box ref={ref} overflowX="auto" onScroll={measure} css={{ scrollbarWidth: 'thin' }}>
        {children}
      </Box>
      {overflow.start && cue('start')}
      {overflow.end && cue('end')}
    </Box>
  );
}
