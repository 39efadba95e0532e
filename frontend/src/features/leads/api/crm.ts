/** The CRM Action Items call (staff-side.md §2 CRM tab, §4), validated with its contract schema. */
import { actionItemsResponseSchema } from '@ironclad/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
