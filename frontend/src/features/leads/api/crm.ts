/** The CRM Action Items call (staff-side.md §2 CRM tab, §4), validated with its contract schema. */
import { actionItemStateSchema, actionItemsResponseSchema, type ActionKey } from '@ironclad/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { leadKeys } from './keys';

/** GET /api/crm/action-items: one page of the leads with suggested follow-ups, computed on the server over all leads. */
export function useActionItems(page: number, pageSize = 25) {
  return useQuery({
    queryKey: [...leadKeys.actionItems, { page, pageSize }],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/crm/action-items?page=${page}&pageSize=${pageSize}`, { schema: actionItemsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

const stateResponse = z.object({ state: actionItemStateSchema });

/** What staff can do with one open action: snooze it until a moment, or dismiss it (both stored on the server). */
export type ActionItemDecision = { leadId: number; key: ActionKey } & ({ kind: 'snooze'; until: string } | { kind: 'dismiss' });

/**
 * POST /api/crm/action-items/{leadId}/{key}/snooze `{until}` or …/dismiss; refreshes the Action
 * Items list when done.
 */
export function useDecideActionItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: ActionItemDecision) =>
      apiRequest('POST', `/api/crm/action-items/${d.leadId}/${d.key}/${d.kind}`, {
        body: d.kind === 'snooze' ? { until: d.until } : undefined,
        schema: stateResponse,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: leadKeys.actionItems }),
  });
}
