/**
 * The consent calls of the unsubscribe page (decisions.md §15): what a token unsubscribes, and the
 * opt-out. Answers validated with their contract schemas.
 */
import { unsubscribeInfoSchema, unsubscribeResponseSchema } from '@ironclad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { consentKeys } from './keys';

const unsubscribePath = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/** GET /api/unsubscribe/{token}: channel, partly masked address, whether it already is opted out. */
export const unsubscribeInfoQuery = (token: string) =>
  queryOptions({
    queryKey: consentKeys.unsubscribe(token),
    queryFn: ({ signal }) => apiRequest('GET', unsubscribePath(token), { schema: unsubscribeInfoSchema, signal }),
  });

/** POST /api/unsubscribe/{token}: records the opt-out (idempotent). */
export const unsubscribe = (token: string) => apiRequest('POST', unsubscribePath(token), { schema: unsubscribeResponseSchema });
