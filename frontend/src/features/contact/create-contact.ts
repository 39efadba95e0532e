/**
 * POST /api/contacts (public-site.md §7) as a TanStack mutation.
 *
 * On success the contacts list cache is invalidated (spec §4); on failure the global error
 * handler shows the toast declared in `meta` (spec §8 'Submission failed').
 */
import { createContactResponseSchema, type CreateContact, type CreateContactResponse, type FormSignals } from '@ironclad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { sharedKeys } from '../../lib/query-keys';
import { submitWithRetry, type SubmitTrouble } from '../../lib/resilient-submit';

/** Toast texts of the home form (spec §8). */
export const HOME_CONTACT_TOASTS = {
  success: {
    title: 'Thank you!',
    description: 'Thank you for your interest! We will contact you within 24 hours to schedule your free consultation.',
  },
  failure: { title: 'Submission failed', description: 'Please check your information and try again.' },
} as const;

/**
 * Sends a contact (already validated by `createContactSchema`) with the form's bot-defence
 * signals, under one Idempotency-Key, retried on 503 / network errors for up to two minutes
 * (lib/resilient-submit.ts; progress through `onTrouble`).
 */
export function createContact(
  body: CreateContact & FormSignals,
  onTrouble?: (trouble: SubmitTrouble) => void,
): Promise<CreateContactResponse> {
  const { website: _website, formElapsedMs: _elapsed, altcha: _altcha, ...submission } = body;
  return submitWithRetry(
    'contact',
    submission,
    (idempotencyKey) => apiRequest('POST', '/api/contacts', { body, idempotencyKey, schema: createContactResponseSchema }),
    { onTrouble },
  );
}

/** Toast texts of the residential page form (spec §8), also used by the other service pages' quote forms. */
export const QUOTE_FORM_TOASTS = {
  success: {
    title: 'Quote Request Submitted!',
    description: 'Our security experts will contact you within 24 hours to schedule your free consultation.',
  },
  failure: (phone: string) => ({ title: 'Submission Failed', description: `Please try again or call us directly at ${phone}.` }),
  invalid: { title: 'Please check your information', description: 'Make sure all required fields are filled out correctly.' },
} as const;

/**
 * Mutation of a contact form; `errorToast` is the toast the global error handler shows when the
 * call fails (default: the home form's 'Submission failed').
 */
export function useCreateContact(
  errorToast: { title: string; description?: string } = HOME_CONTACT_TOASTS.failure,
  onTrouble?: (trouble: SubmitTrouble) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContact & FormSignals) => createContact(body, onTrouble),
    meta: { errorToast },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.contacts }),
  });
}
