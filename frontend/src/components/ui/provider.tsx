/**
 * Chakra UI provider of the app (light mode only; the site has no colour-mode switch), and the
 * default size of the Lucide icons: 1em, so an icon takes the size of the text around it unless
 * a component (Chakra's `Icon`, a button's icon slot) or a `size` prop sets another.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { LucideProvider } from 'lucide-react';
import type { ReactNode } from 'react';
import { system } from './theme';

/** Wraps `children` with the Chakra system of `theme.ts`. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {/* The provider's type says number, but the icons pass any SVG length through to width/height. */}
      <LucideProvider size={'1em' as unknown as number}>{children}</LucideProvider>
    </ChakraProvider>
  );
}
