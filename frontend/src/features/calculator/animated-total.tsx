/**
 * The total cost figure of the calculator's total card (public-site.md §9: "calculator total
 * animates over 30 steps in about 500 ms"). The animation's 30 state updates re-render this one
 * text node only, not the calculator around it, so a slow phone keeps up while a slider moves.
 * Hidden from screen readers: the card announces the final total once through a live region.
 */
import { formatUsd } from '@ironclad/contracts';
import { Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useAnimatedNumber } from './use-animated-number';

/** `value`: whole dollars; shown as `$14,480`, animated from the previous value. */
export const AnimatedTotal = memo(function AnimatedTotal({ value }: { value: number }) {
  const shown = useAnimatedNumber(value);
  return (
    <Text
      fontSize={{ base: '4xl', md: '5xl' }}
      fontWeight="bold"
      lineHeight="1.1"
      data-testid="calculator-total"
      aria-hidden="true"
      fontVariantNumeric="tabular-nums"
    >
      {formatUsd(shown)}
    </Text>
  );
});
