/**
 * A horizontally scrolling strip (a tab bar) that shows it scrolls (issue 22 point 10): while
 * content is hidden past an edge, that edge fades out and shows a chevron, so on a phone the
 * last tabs are not simply cut off. The cues are decorative (aria-hidden): the tabs stay
 * reachable by keyboard and by scrolling.
 */
import { Box } from '@chakra-ui/react';
import { LucideChevronLeft, LucideChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useHorizontalOverflow } from '../../lib/use-horizontal-overflow';

/** The strip around `children`; `testId` names it for the browser tests. */
export function ScrollCue({ children, testId }: { children: ReactNode; testId?: string }) {
  const { ref, overflow, measure } = useHorizontalOverflow();
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
