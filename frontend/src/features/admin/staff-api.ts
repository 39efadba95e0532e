/**
 * Staff API client (staff-side.md §7; decisions.md §1, §5, §9, §12): session, leads, contacts,
 * KPI, manual estimate, exports. Every answer is validated with its contract schema.
 */
import {
  actionItemsResponseSchema, AUTH_TEXTS, contactListResponseSchema, convertContactResponseSchema, leadDetailResponseSchema, leadListResponseSchema,
  leadResponseSchema, leadStatsSchema, loginResponseSchema, manualEstimateResponseSchema, meResponseSchema,
  type ExportKind, type LeadListResponse, type LeadSortKey, type LoginInput, type ManualEstimateInput, type UpdateLead,
} from '@ironclad/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, throwIfResNotOk } from '../../lib/api';
import { notify } from '../../components/ui/toaster';

export const staffKeys = {
  me: ['staff', 'me'] as const,
  leads: ['staff', 'leads'] as const,
  stats: ['staff', 'stats'] as const,
  contacts: ['contacts'] as const,
  lead: (id: number) => ['staff', 'lead', id] as const,
  actionItems: ['staff', 'crm', 'action-items'] as const,
};

/** GET /api/auth/me. */
export const meQuery = queryOptions({ queryKey: staffKeys.me, queryFn: ({ signal }) => apiRequest('GET', '/api/auth/me', { schema: meResponseSchema, signal }) });

/** POST /api/auth/login with the spec's toasts (staff-side.md §2, §8). */
export function useLogin(onWrongPassword: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginInput) => apiRequest('POST', '/api/auth/login', { body, schema: loginResponseSchema }),
    onSuccess: (res) => {
      notify({ title: AUTH_TEXTS.success, description: AUTH_TEXTS.welcome, type: 'success' });
      qc.setQueryData(staffKeys.me, { user: res.user });
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 400)) {
        notify({ title: AUTH_TEXTS.invalidPassword, type: 'error' });
        onWrongPassword();
      } else {
        notify({ title: AUTH_TEXTS.loginFailed, description: err instanceof ApiError && err.body ? err.body.message : undefined, type: 'error' });
      }
    },
  });
}

/** True for a query key that holds staff data (everything under `staff`, and the contacts list). */
const isStaffData = (key: readonly unknown[]) => key[0] === 'staff' || key[0] === staffKeys.contacts[0];
const isMe = (key: readonly unknown[]) => key[0] === staffKeys.me[0] && key[1] === staffKeys.me[1];

/**
 * Nobody is signed in any more (logout, or a staff call found the session ended): `me` becomes
 * `{user: null}` in place (StaffGate's query keeps observing it, so the login shows at once) and
 * every other staff query is dropped, so nothing of the ended session shows after the next
 * sign-in.
 */
export function forgetStaffSession(qc: QueryClient): void {
  qc.setQueryData(staffKeys.me, { user: null });
  qc.removeQueries({ predicate: (q) => isStaffData(q.queryKey) && !isMe(q.queryKey) });
}

/** POST /api/auth/logout. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => forgetStaffSession(qc),
  });
}

/** Parameters of one page of GET /api/leads (sort default createdAt, order default desc). */
/** `minEstimate`: whole dollars, null/absent = no minimum (the centre's Lead Management). */
export interface LeadPageParams { search: string; status: string; minEstimate?: number | null; page: number; pageSize?: number; sort?: LeadSortKey; order?: 'asc' | 'desc' }

/** GET /api/leads: one page, server-side search, status filter (`all` = any), minimum estimate, sort and paging. */
export function fetchLeadsPage(params: LeadPageParams, signal?: AbortSignal): Promise<LeadListResponse> {
  const qs = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize ?? 25) });
  if (params.search.trim()) qs.set('search', params.search.trim());
  if (params.status !== 'all') qs.set('status', params.status);
  if (params.minEstimate !== undefined && params.minEstimate !== null) qs.set('minEstimate', String(params.minEstimate));
  if (params.sort) qs.set('sort', params.sort);
  if (params.order) qs.set('order', params.order);
  return apiRequest('GET', `/api/leads?${qs}`, { schema: leadListResponseSchema, signal });
}

/** GET /api/leads with server-side search, status filter, sort and paging. */
export function useLeads(params: LeadPageParams) {
  return useQuery({
    queryKey: [...staffKeys.leads, params],
    queryFn: ({ signal }) => fetchLeadsPage(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: 'Failed to fetch leads. Please check your connection and try again.' } },
  });
}

/** GET /api/crm/action-items: one page of the leads with suggested follow-ups, computed on the server over all leads. */
export function useActionItems(page: number, pageSize = 25) {
  return useQuery({
    queryKey: [...staffKeys.actionItems, { page, pageSize }],
    queryFn: ({ signal }) => apiRequest('GET', `/api/crm/action-items?page=${page}&pageSize=${pageSize}`, { schema: actionItemsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/leads/stats (one SQL query on the server). */
export function useStats() {
  return useQuery({ queryKey: staffKeys.stats, queryFn: ({ signal }) => apiRequest('GET', '/api/leads/stats', { schema: leadStatsSchema, signal }) });
}

/** GET /api/leads/{id}: the lead and its audit log. */
export function useLeadDetail(id: number | null) {
  return useQuery({ queryKey: staffKeys.lead(id ?? 0), enabled: id !== null, queryFn: ({ signal }) => apiRequest('GET', `/api/leads/${id}`, { schema: leadDetailResponseSchema, signal }) });
}

/** GET /api/contacts with search and paging. */
export function useContacts(params: { search: string; page: number }) {
  const qs = new URLSearchParams({ page: String(params.page), pageSize: '25' });
  if (params.search.trim()) qs.set('search', params.search.trim());
  return useQuery({
    queryKey: [...staffKeys.contacts, params],
    queryFn: ({ signal }) => apiRequest('GET', `/api/contacts?${qs}`, { schema: contactListResponseSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: 'Failed to fetch contacts. Please check your connection and try again.' } },
  });
}

const invalidateLeads = (qc: ReturnType<typeof useQueryClient>) => Promise.all([qc.invalidateQueries({ queryKey: staffKeys.leads }), qc.invalidateQueries({ queryKey: staffKeys.stats }), qc.invalidateQueries({ queryKey: ['staff', 'lead'] }), qc.invalidateQueries({ queryKey: staffKeys.actionItems })]);

/** PATCH /api/leads/{id} ("Lead status updated" / "Failed to update lead status"). */
export function useUpdateLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UpdateLead }) => apiRequest('PATCH', `/api/leads/${id}`, { body: patch, schema: leadResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Lead status updated', type: 'success' });
      await invalidateLeads(qc);
    },
    meta: { errorToast: { title: 'Failed to update lead status' } },
  });
}

/** DELETE /api/leads/{id} ("Lead deleted" / "Failed to delete lead"). */
export function useDeleteLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/leads/${id}`),
    onSuccess: async () => {
      notify({ title: 'Lead deleted', type: 'success' });
      await invalidateLeads(qc);
    },
    meta: { errorToast: { title: 'Failed to delete lead' } },
  });
}

/** POST /api/contacts/{id}/convert-to-lead ("Contact converted to lead"). */
export function useConvertContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/contacts/${id}/convert-to-lead`, { schema: convertContactResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Contact converted to lead', type: 'success' });
      await Promise.all([invalidateLeads(qc), qc.invalidateQueries({ queryKey: staffKeys.contacts })]);
    },
    meta: { errorToast: { title: 'Failed to update lead' } },
  });
}

/** POST /api/leads/manual-estimate (the server recomputes the total). */
export function useSaveManualEstimate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualEstimateInput) => apiRequest('POST', '/api/leads/manual-estimate', { body, schema: manualEstimateResponseSchema }),
    onSuccess: () => invalidateLeads(qc),
  });
}

/** Downloads a server-generated CSV export (audited on the server) under the spec's file name. */
export async function downloadExport(kind: ExportKind): Promise<void> {
  const res = await fetch(`/api/exports/${kind}`, { credentials: 'include' });
  await throwIfResNotOk(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
  saveBlob(await res.blob(), name);
}

/** Makes the browser save `blob` as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Runs an export with an error toast. */
export function exportWithToast(kind: ExportKind): void {
  downloadExport(kind).catch(() => notify({ title: 'Export failed', description: 'Please try again.', type: 'error' }));
}
