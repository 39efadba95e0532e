/**
 * App-wide providers, shared by the browser entry and the prerenderer: Chakra UI, TanStack Query
 * and the toast region.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UiProvider } from '../components/ui/provider';
import { Toaster } from '../components/ui/toaster';

/** Wraps the router with the app's providers. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </UiProvider>
  );
}
