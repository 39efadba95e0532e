/**
 * Query keys of the staff's lead and contact data (features/leads): every query and invalidation
 * of these calls uses them.
 */
import { sharedKeys } from '../../../lib/query-keys';

const lead = (id: number) => [...sharedKeys.staff, 'lead', id] as const;

export const leadKeys = {
  /** Pages of GET /api/leads (the key ends with the page's parameters). */
  leads: [...sharedKeys.staff, 'leads'] as const,
  /** GET /api/leads/board (under the lead pages: whatever refreshes them refreshes the board). */
  board: (params: object) => [...sharedKeys.staff, 'leads', 'board', params] as const,
  /** GET /api/leads/{id}/notes (under the lead, so refreshing the lead refreshes them). */
  notes: (id: number) => [...lead(id), 'notes'] as const,
  /** GET /api/staff-users. */
  staffUsers: [...sharedKeys.staff, 'staff-users'] as const,
  /** GET /api/leads/stats. */
  stats: [...sharedKeys.staff, 'stats'] as const,
  /** Prefix of every lead's details and documents. */
  leadDetails: [...sharedKeys.staff, 'lead'] as const,
  /** GET /api/leads/{id}. */
  lead,
  /** GET /api/leads/{id}/documents (under the lead, so refreshing the lead refreshes them). */
  documents: (id: number) => [...lead(id), 'documents'] as const,
  /** GET /api/leads/{id}/quotes (under the lead, so refreshing the lead refreshes them). */
  quotes: (id: number) => [...lead(id), 'quotes'] as const,
  /** Pages of GET /api/crm/action-items. */
  actionItems: [...sharedKeys.staff, 'crm', 'action-items'] as const,
  /** Pages of GET /api/contacts (shared: the public contact forms invalidate it). */
  contacts: sharedKeys.contacts,
  /** GET /api/contacts/{id}/payments (under the contacts key, so refreshing contacts refreshes it). */
  contactPayments: (contactId: number) => [...sharedKeys.contacts, contactId, 'payments'] as const,
};
