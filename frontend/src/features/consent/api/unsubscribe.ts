/**
 * The consent calls of the unsubscribe page (decisions.md §15): what a token unsubscribes, and the
 * opt-out. Answers validated with their contract schemas.
 */
import { unsubscribeInfoSchema, unsubscribeResponseSchema } from '@ironclad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { submitWithRetry, type SubmitTrouble } from '../../../lib/resilient-submit';
import { consentKeys } from './keys';

const unsubscribePath = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/** GET /api/unsubscribe/{token}: channel, partly masked address, whether it already is opted out. */
export const unsubscribeInfoQuery = (token: string) =>
  queryOptions({
    queryKey: consentKeys.unsubscribe(token),
    queryFn: ({ signal }) => apiRequest('GET', unsubscribePath(token), { schema: unsubscribeInfoSchema, signal }),
  });

/**
 * POST /api/unsubscribe/{token}: records the opt-out (idempotent), under one Idempotency-Key,
 * retried on 503 / network errors for up to two minutes (issue 26 point 7, lib/resilient-submit.ts;
 * progress through `onTrouble`). @throws the last error once the window is over, or any other error.
 */
export const unsubscribe = (token: string, onTrouble?: (trouble: SubmitTrouble) => void) =>
  submitWithRetry(
    'unsubscribe',
    { token },
    (idempotencyKey) => apiRequest('POST', unsubscribePath(token), { idempotencyKey, schema: unsubscribeResponseSchema }),
    { onTrouble },
  );
