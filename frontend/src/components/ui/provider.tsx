/**
 * Chakra UI provider of the app (light mode only; the site has no colour-mode switch), and the
 * default size of the Lucide icons: 1em, so an icon takes the size of the text around it unless
 * a component (Chakra's `Icon`, a button's icon slot) or a `size` prop sets another.
 */
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { LucideProvider } from 'lucide-react';
import type { ReactNode } from 'react';
import { system } from './theme';

/**
 * Whether the document already holds the site's global styles (reset, global CSS, token
 * variables), written by the server renderer (`<style data-s data-emotion="css-global …">`,
 * entry-server.tsx): prerendered pages and /case-studies. The client-only shell (app.html) and the
 * dev server have none.
 */
function serverWroteGlobalStyles(): boolean {
  return typeof document !== 'undefined' && document.querySelector('style[data-s][data-emotion^="css-global"]') !== null;
}

/**
 * The system given to Chakra's provider. Where the server already wrote the global styles, the
 * provider gets none to render: it would otherwise build them (every token as a CSS variable,
 * through the whole style pipeline) and serialise them only to find the same tag in <head>, the
 * costliest part of booting on a phone. Chakra builds them only when read
 * (patches/@chakra-ui+react+3.37.0.patch), so here they are never built. Everything else is the
 * site's system itself (the view inherits from it).
 */
const providedSystem: SystemContext = serverWroteGlobalStyles() ? Object.create(system, { _global: { value: [] } }) : system;

/** Wraps `children` with the Chakra system of `theme.ts`. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={providedSystem}>
      {/* The provider's type says number, but the icons pass any SVG length through to width/height. */}
      <LucideProvider size={'1em' as unknown as number}>{children}</LucideProvider>
    </ChakraProvider>
  );
}
