/**
 * The staff's contact calls (staff-side.md §7; decisions.md §4, §9): the paged list, Convert to
 * Lead and a contact's payments. Every answer is validated with its contract schema.
 */
import { contactListResponseSchema, contactPaymentsResponseSchema, contactSchema, convertContactResponseSchema } from '@ironclad/contracts';
import { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toaster';
import { apiRequest } from '../../../lib/api';
import { leadKeys } from './keys';
import { invalidateLeads } from './leads';

/** `{contact}`: answer of POST /api/contacts/{id}/not-spam. */
const contactResponseSchema = z.object({ contact: contactSchema });

/** GET /api/contacts with search and paging; `spam: 'only'` is the "Suspected spam" filter. */
export function useContacts(params: { search: string; page: number; spam?: 'exclude' | 'only' }) {
  const qs = new URLSearchParams({ page: String(params.page), pageSize: '25' });
  if (params.search.trim()) qs.set('search', params.search.trim());
  if (params.spam === 'only') qs.set('spam', 'only');
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

/** POST /api/contacts/{id}/not-spam: restores a contact the bot defences flagged ("Contact restored"). */
export function useRestoreContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/contacts/${id}/not-spam`, { schema: contactResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Contact restored', type: 'success' });
      await Promise.all([invalidateLeads(qc), qc.invalidateQueries({ queryKey: leadKeys.contacts })]);
    },
    meta: { errorToast: { title: 'Failed to restore contact' } },
  });
}

/** GET /api/contacts/{id}/payments (under the contacts key, so refreshing contacts refreshes it). */
export function useContactPayments(contactId: number) {
  return useQuery({
    queryKey: leadKeys.contactPayments(contactId),
    queryFn: ({ signal }) => apiRequest('GET', `/api/contacts/${contactId}/payments`, { schema: contactPaymentsResponseSchema, signal }),
  });
}
