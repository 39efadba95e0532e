/**
 * TanStack Query for the parts of the site that use it (architecture.md "providers").
 *
 * The first screen of the marketing pages uses no query (the company facts come from a small
 * store, features/site-config/public-config.ts), so the query client and its provider load with
 * the code that needs them, not with every page: deferred sections are wrapped automatically
 * (components/site/deferred-section.tsx), pages and the staff area wrap themselves in
 * `<QueryProvider>`. Every provider shares the page load's one client (createQueryClient: no
 * retries, no refetch on focus, data never stale, one global error handler).
 */
import { QueryClientProvider, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { QUERY_STATE_SCRIPT_ID } from './server-data';

let client: QueryClient | undefined;

/** The query client of this page load (created on first use). */
export function getQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/** On the server: the client of the page being rendered (one per render, holding its data). */
const ServerQueryClient = createContext<QueryClient | null>(null);

/** Renders `children` with `client` in every QueryProvider below (server rendering). */
export function ServerQueryClientProvider({ client: serverClient, children }: { client: QueryClient; children: ReactNode }) {
  return <ServerQueryClient.Provider value={serverClient}>{children}</ServerQueryClient.Provider>;
}

/** Makes the page load's query client (the render's, on the server) available to `children`. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const serverClient = useContext(ServerQueryClient);
  return <QueryClientProvider client={serverClient ?? getQueryClient()}>{children}</QueryClientProvider>;
}

/**
 * Puts the data the server rendered this page with (app/server-data.ts) into the page load's
 * client, so the first render, which hydrates the server's HTML, shows the same data. Call it
 * before the components that query it render (at the top of their module).
 */
export function hydrateServerQueries(): void {
  const text = typeof document === 'undefined' ? null : document.getElementById(QUERY_STATE_SCRIPT_ID)?.textContent;
  if (!text) return;
  try {
    hydrate(getQueryClient(), JSON.parse(text) as DehydratedState);
  } catch (err) {
    console.error('[query state] the server data of this page could not be read', err);
  }
}

/** `Component` rendered inside a {@link QueryProvider}. */
export function withQueryProvider<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryProvider(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryProvider.displayName = `WithQueryProvider(${Component.displayName ?? Component.name})`;
  return WithQueryProvider;
}
