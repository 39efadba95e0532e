/**
 * The TanStack Query client (public-site.md §8 "Query client behaviour"): no retries for queries
 * or mutations, no refetch on window focus, data never stale, no refetch interval; one global
 * error handler for both caches.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleGlobalError } from './global-error';

/** Creates a client; one per page load (app/query-provider.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleGlobalError(error, query.meta, `query ${JSON.stringify(query.queryKey)}`),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleGlobalError(error, mutation.meta, 'mutation'),
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
