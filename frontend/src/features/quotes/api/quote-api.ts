/**
 * The saved quote's calls (issue 21 points 4 and 6): the quote of a link and its approval. Answers
 * validated with their contract schemas (money in whole dollars inside the options, the deposit in
 * cents).
 */
import { publicQuoteSchema, type ApproveQuote, type PublicQuote } from '@ironclad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

const quotePath = (token: string) => `/api/quotes/${encodeURIComponent(token)}`;

/** Query keys of the saved quote. */
export const quoteKeys = {
  /** GET /api/quotes/{token}. */
  quote: (token: string) => ['saved-quote', token] as const,
};

/** GET /api/quotes/{token}: the quote version of the link (404 unknown, 400 malformed link). */
export const savedQuoteQuery = (token: string) =>
  queryOptions({
    queryKey: quoteKeys.quote(token),
    queryFn: ({ signal }) => apiRequest('GET', quotePath(token), { schema: publicQuoteSchema, signal }),
    // a 4xx will not change by asking again
    retry: (count, err) => count < 2 && !(err instanceof Error && /^4\d\d:/.test(err.message)),
  });

/** POST /api/quotes/{token}/approve: approves an option with the typed name (400 field errors, 409 superseded or paid, 410 expired). */
export const approveQuote = (token: string, body: ApproveQuote): Promise<PublicQuote> =>
  apiRequest('POST', `${quotePath(token)}/approve`, { body, schema: publicQuoteSchema });
