/**
 * The staff's contact calls (staff-side.md §7; decisions.md §4, §9): the paged list, Convert to
 * Lead and a contact's payments. Every answer is validated with its contract schema.
 */
import { contactListResponseSchema, contactPaymentsResponseSchema, convertContactResponseSchema } from '@ironclad/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toaster';
import { apiRequest } from '../../../lib/api';
import { leadKeys } from './keys';
import { invalidateLeads } from './leads';

/** GET /api/contacts with search and paging. */
export function useContacts(params: { search: string; page: number }) {
  const qs = new URLSearchParams({ page: String(params.page), pageSize: '25' });
  if (params.search.trim()) qs.set('search', params.search.trim());
  return useQuery({
    queryKey: [...leadKeys.contacts, params],
    queryFn: ({ signal }) => apiRequest('GET', `/api/contacts?${qs}`, { schema: contactListResponseSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: 'Failed to fetch contacts. Please check your connection and try again.' } },
  });
}

/** POST /api/contacts/{id}/convert-to-lead ("Contact converted to lead"). */
export function useConvertContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/contacts/${id}/convert-to-lead`, { schema: convertContactResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Contact converted to lead', type: 'success' });
      await Promise.all([invalidateLeads(qc), qc.invalidateQueries({ queryKey: leadKeys.contacts })]);
    },
    meta: { errorToast: { title: 'Failed to update lead' } },
  });
}

/** GET /api/contacts/{id}/payments (under the contacts key, so refreshing contacts refreshes it). */
export function useContactPayments(contactId: number) {
  return useQuery({
    queryKey: leadKeys.contactPayments(contactId),
    queryFn: ({ signal }) => apiRequest('GET', `/api/contacts/${contactId}/payments`, { schema: contactPaymentsResponseSchema, signal }),
  });
}
