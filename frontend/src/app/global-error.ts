/**
 * The one global error handler of TanStack Query (architecture.md "providers").
 *
 * Every failed query and mutation ends up here: the error is logged, and when the query or
 * mutation declares `meta.errorToast`, that toast is shown. Components therefore never show
 * their own error toasts; they describe them in `meta`.
 */
import { ErrorCode } from '@ironclad/contracts';
import { notify } from '../components/ui/toaster';
import { ApiError } from '../lib/api';

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

/**
 * Logs `error` and shows the `meta.errorToast` it declares, if any. Two answers of the bot
 * defences get their own treatment on every public form: 428 CHALLENGE_REQUIRED shows no toast
 * (the form's check prompt says what to do), 429 shows the form's failure toast with the api's
 * "try again in N minutes, or call us" as its text (the form keeps what the visitor typed).
 */
export function handleGlobalError(error: unknown, meta: ErrorToastMeta | undefined, source: string): void {
  if (error instanceof ApiError && error.status === 428 && error.body?.code === ErrorCode.ChallengeRequired) return;
  console.error(`[${source}]`, error);
  if (error instanceof ApiError && error.status === 429 && meta?.errorToast && typeof window !== 'undefined') {
    // The form's own failure toast (spec §8), saying when to try again instead of "try again".
    notify({ type: 'error', title: meta.errorToast.title, description: error.body?.message ?? meta.errorToast.description });
    return;
  }
  if (meta?.errorToast && typeof window !== 'undefined') {
    notify({ type: 'error', title: meta.errorToast.title, description: meta.errorToast.description });
  }
}
