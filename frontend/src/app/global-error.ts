/**
 * The one global error handler of TanStack Query (architecture.md "providers").
 *
 * Every failed query and mutation ends up here: the error is logged, and when the query or
 * mutation declares `meta.errorToast`, that toast is shown. Components therefore never show
 * their own error toasts; they describe them in `meta`.
 */
import { notify } from '../components/ui/toaster';

/** What a query or mutation may declare in `meta`. */
export interface ErrorToastMeta {
  /** Toast shown when it fails (destructive style). */
  errorToast?: { title: string; description?: string };
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorToastMeta;
    mutationMeta: ErrorToastMeta;
  }
}

/** Logs `error` and shows the `meta.errorToast` it declares, if any. */
export function handleGlobalError(error: unknown, meta: ErrorToastMeta | undefined, source: string): void {
  console.error(`[${source}]`, error);
  if (meta?.errorToast && typeof window !== 'undefined') {
    notify({ type: 'error', title: meta.errorToast.title, description: meta.errorToast.description });
  }
}
