/**
 * Chakra UI provider of the app (light mode only; the site has no colour-mode switch).
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme';

/** Wraps `children` with the Chakra system of `theme.ts`. */
export function UiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
