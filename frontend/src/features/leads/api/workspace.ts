/**
 * The staff workspace calls of issue 22 (points 5, 6): the pipeline board, moving a card (PATCH
 * status, server first: the board refetches once the server has answered), the lead's owner,
 * notes on a lead and the staff users of the admin. Answers validated with their contract schemas.
 */
import {
  inviteStaffAccountResponseSchema,
  leadBoardResponseSchema,
  leadNoteResponseSchema,
  leadNotesResponseSchema,
  leadResponseSchema,
  staffAccountResponseSchema,
  staffAccountsResponseSchema,
  type InviteStaffUserInput,
  type LeadStatus,
  type UpdateStaffUser,
} from '@ironclad/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toaster';
import { apiRequest } from '../../../lib/api';
import { STATUS_LABELS } from '../../../lib/lead-status';
import { leadKeys } from './keys';
import { invalidateLeads } from './leads';

/** Filters of the board (`all` = none). */
export interface BoardFilters {
  search: string;
  source: string;
  owner: string;
}

/** GET /api/leads/board: one column per stage with its count, total and newest cards. */
export function useLeadBoard(filters: BoardFilters, perColumn = 25) {
  const params = { ...filters, perColumn };
  return useQuery({
    queryKey: leadKeys.board(params),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ perColumn: String(perColumn) });
      if (filters.search.trim()) qs.set('search', filters.search.trim());
      if (filters.source !== 'all') qs.set('source', filters.source);
      if (filters.owner !== 'all') qs.set('owner', filters.owner);
      return apiRequest('GET', `/api/leads/board?${qs}`, { schema: leadBoardResponseSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * Moves a card: PATCH /api/leads/{id} `{status}` (audited on the server); once it answers, the
 * board and the other lead views refetch. "Moved to Qualified" / "Could not move the lead".
 */
export function useMoveLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: LeadStatus; name: string }) =>
      apiRequest('PATCH', `/api/leads/${id}`, { body: { status }, schema: leadResponseSchema }),
    onSuccess: async (_res, { status, name }) => {
      await invalidateLeads(qc);
      notify({ title: `${name} moved to ${STATUS_LABELS[status]}`, type: 'success' });
    },
    meta: { errorToast: { title: 'Could not move the lead' } },
  });
}

/** PATCH /api/leads/{id} `{ownerId}` ("Owner updated" / "Could not change the owner"). */
export function useSetOwner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ownerId }: { id: number; ownerId: string | null }) =>
      apiRequest('PATCH', `/api/leads/${id}`, { body: { ownerId }, schema: leadResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Owner updated', type: 'success' });
      await invalidateLeads(qc);
    },
    meta: { errorToast: { title: 'Could not change the owner' } },
  });
}

/** GET /api/leads/{id}/notes: newest first. */
export function useLeadNotes(leadId: number) {
  return useQuery({
    queryKey: leadKeys.notes(leadId),
    queryFn: ({ signal }) => apiRequest('GET', `/api/leads/${leadId}/notes`, { schema: leadNotesResponseSchema, signal }),
  });
}

/** POST /api/leads/{id}/notes, or PATCH …/notes/{noteId} with `noteId` ("Note saved" / "Could not save the note"). */
export function useSaveNote(leadId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId?: number; body: string }) =>
      noteId === undefined
        ? apiRequest('POST', `/api/leads/${leadId}/notes`, { body: { body }, schema: leadNoteResponseSchema })
        : apiRequest('PATCH', `/api/leads/${leadId}/notes/${noteId}`, { body: { body }, schema: leadNoteResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Note saved', type: 'success' });
      await qc.invalidateQueries({ queryKey: leadKeys.lead(leadId) });
    },
    meta: { errorToast: { title: 'Could not save the note' } },
  });
}

/** GET /api/staff-users: every staff account (owners to pick from, the Staff users panel). */
export function useStaffUsers() {
  return useQuery({
    queryKey: leadKeys.staffUsers,
    queryFn: ({ signal }) => apiRequest('GET', '/api/staff-users', { schema: staffAccountsResponseSchema, signal }),
    staleTime: 60_000,
  });
}

/** POST /api/staff-users: answers the one-time password to pass on. */
export function useInviteStaffUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffUserInput) => apiRequest('POST', '/api/staff-users', { body, schema: inviteStaffAccountResponseSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leadKeys.staffUsers }),
  });
}

/** PATCH /api/staff-users/{id}: deactivate / reactivate, admin flag. */
export function useUpdateStaffUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateStaffUser }) =>
      apiRequest('PATCH', `/api/staff-users/${id}`, { body: patch, schema: staffAccountResponseSchema }),
    onSuccess: async (res) => {
      notify({ title: res.user.active ? 'Staff user updated' : `${res.user.email} is deactivated`, type: 'success' });
      await qc.invalidateQueries({ queryKey: leadKeys.staffUsers });
    },
    meta: { errorToast: { title: 'Could not update the staff user' } },
  });
}

/** "Sam Rep" or the email when the account has no name. */
export const staffName = (u: { firstName: string | null; lastName: string | null; email: string }): string =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
