/**
 * App-wide providers, shared by the browser entry and the prerenderer: Chakra UI and the toast
 * region. TanStack Query's provider comes with the code that uses queries (app/query-provider.tsx).
 */
import type { ReactNode } from 'react';
import { UiProvider } from '../components/ui/provider';
import { Toaster } from '../components/ui/toaster';

/** Wraps the router with the app's providers. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <UiProvider>
      {children}
      <Toaster />
    </UiProvider>
  );
}
