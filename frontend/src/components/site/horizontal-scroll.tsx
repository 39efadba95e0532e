/**
 * A row wider than the screen that scrolls sideways (a tab list, a table on a phone), with a
 * visible cue while more of it lies beyond either edge: the edge fades out and, when `hint` is
 * given, a line above says to swipe. The cues are decoration (aria-hidden); a region with nothing
 * focusable inside gets `focusable` so keyboard users can scroll it with the arrow keys.
 */
import { Box, Text, type BoxProps } from '@chakra-ui/react';
import { LucideArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useHorizontalOverflow } from '../../lib/use-horizontal-overflow';

interface HorizontalScrollProps extends Omit<BoxProps, 'children'> {
  children: ReactNode;
  /** The region's accessible name (needed with `focusable`). */
  label?: string;
  /** Make the scroller itself focusable (when its content has no focusable element). */
  focusable?: boolean;
  /** A line shown above while the content overflows, e.g. "Swipe to see every column". */
  hint?: string;
  /** The colour the edges fade to (the background behind the row). */
  fadeTo?: string;
}

export function HorizontalScroll({ children, label, focusable = false, hint, fadeTo = 'bg', ...rest }: HorizontalScrollProps) {
  const { ref: scroller, overflow, measure } = useHorizontalOverflow();

  const fade = (side: 'left' | 'right') => ({
    position: 'absolute' as const,
    top: 0,
    bottom: 0,
    [side]: 0,
    w: '10',
    pointerEvents: 'none' as const,
    bgGradient: side === 'right' ? 'to-r' : 'to-l',
    gradientFrom: 'transparent',
    gradientTo: fadeTo,
  });

  return (
    <Box>
      {hint && (overflow.end || overflow.start) ? (
        <Text fontSize="sm" color="fg.muted" mb="2" display="flex" alignItems="center" gap="1" data-testid="scroll-hint">
          {hint} <LucideArrowRight aria-hidden="true" size={14} />
        </Text>
      ) : null}
      <Box position="relative" {...rest}>
        <Box
          ref={scroller}
          overflowX="auto"
          onScroll={measure}
          data-overflow-start={overflow.start ? '' : undefined}
          data-overflow-end={overflow.end ? '' : undefined}
          {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
          css={{ scrollbarWidth: 'thin' }}
        >
          {children}
        </Box>
        {overflow.start ? <Box aria-hidden="true" data-testid="scroll-cue-start" {...fade('left')} /> : null}
        {overflow.end ? <Box aria-hidden="true" data-testid="scroll-cue-end" {...fade('right')} /> : null}
      </Box>
    </Box>
  );
}
