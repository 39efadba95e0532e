/**
 * The staff calls of a lead's saved quote (issue 21 point 7): its versions and a revision.
 * Answers validated with their contract schemas (totals in cents).
 */
import { leadQuotesResponseSchema, staffQuoteVersionSchema, type ReviseQuote } from '@ironclad/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { leadKeys } from './keys';

/** GET /api/leads/{id}/quotes: the lead's quote versions, newest first. */
export function useLeadQuotes(leadId: number) {
  return useQuery({
    queryKey: leadKeys.quotes(leadId),
    queryFn: ({ signal }) => apiRequest('GET', `/api/leads/${leadId}/quotes`, { schema: leadQuotesResponseSchema, signal }),
  });
}

/** POST /api/leads/{id}/quotes: revise the latest version into a new one (emailed); refreshes the lead's quotes and documents. */
export function useReviseQuote(leadId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviseQuote) => apiRequest('POST', `/api/leads/${leadId}/quotes`, { body, schema: staffQuoteVersionSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leadKeys.lead(leadId) }),
  });
}
