/**
 * The staff's lead calls (staff-side.md §7; decisions.md §5): the paged list, the KPI, a lead with
 * its audit log and documents, updates, deletion and the manual estimate. Every answer is
 * validated with its contract schema.
 */
import {
  LEAD_ARCHIVE_DAYS,
  leadDetailResponseSchema,
  leadDocumentListResponseSchema,
  leadListResponseSchema,
  leadResponseSchema,
  leadStatsSchema,
  manualEstimateResponseSchema,
  type LeadListResponse,
  type LeadSortKey,
  type ManualEstimateInput,
  type UpdateLead,
} from '@ironclad/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { apiRequest } from '../../../lib/api';
import { leadKeys } from './keys';

/** Parameters of one page of GET /api/leads (sort default createdAt, order default desc). */
/** `minEstimate`: whole dollars, null/absent = no minimum (the centre's Lead Management). */
export interface LeadPageParams {
  search: string;
  status: string;
  minEstimate?: number | null;
  page: number;
  pageSize?: number;
  sort?: LeadSortKey;
  order?: 'asc' | 'desc';
  /** `only`: the "Suspected spam" filter; default: real submissions only. */
  spam?: 'exclude' | 'only';
  /** A lead source; absent or `all` = any. */
  source?: string;
  /** A staff user's id, `none` (no owner); absent or `all` = any. */
  owner?: string;
  /**
   * Keyset paging (issue 27): the `nextCursor` of the previous page; the server then ignores
   * `page` and answers the rows after it (sort createdAt only).
   */
  cursor?: string;
}

/** GET /api/leads: one page, server-side search, status filter (`all` = any), minimum estimate, sort and paging. */
export function fetchLeadsPage(params: LeadPageParams, signal?: AbortSignal): Promise<LeadListResponse> {
  const qs = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize ?? 25) });
  if (params.search.trim()) qs.set('search', params.search.trim());
  if (params.status !== 'all') qs.set('status', params.status);
  if (params.minEstimate !== undefined && params.minEstimate !== null) qs.set('minEstimate', String(params.minEstimate));
  if (params.sort) qs.set('sort', params.sort);
  if (params.order) qs.set('order', params.order);
  if (params.spam === 'only') qs.set('spam', 'only');
  if (params.source && params.source !== 'all') qs.set('source', params.source);
  if (params.owner && params.owner !== 'all') qs.set('owner', params.owner);
  if (params.cursor) qs.set('cursor', params.cursor);
  return apiRequest('GET', `/api/leads?${qs}`, { schema: leadListResponseSchema, signal });
}

/**
 * Forward/back paging of a list that answers `nextCursor` (GET /api/leads, issue 27): keeps the
 * cursors of the pages visited, so page N costs what page 1 does (no OFFSET) and rows added
 * meanwhile are neither skipped nor repeated. `resetKey` (the filters, serialised) going back to
 * page 1 when it changes. `page` is 1-based.
 */
export function useCursorPager(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: string[] }>({ key: resetKey, cursors: [] });
  const cursors = state.key === resetKey ? state.cursors : [];
  return {
    page: cursors.length + 1,
    cursor: cursors.at(-1),
    /** Goes to the page after the current one, given the current answer's `nextCursor`. */
    next: (nextCursor: string) => setState({ key: resetKey, cursors: [...cursors, nextCursor] }),
    /** Goes back one page. */
    previous: () => setState({ key: resetKey, cursors: cursors.slice(0, -1) }),
  };
}

/** "1,234" or, when the server's total is the planner's estimate, "about 1,234". */
export function formatListTotal(total: number, isEstimate: boolean | undefined): string {
  return `${isEstimate ? 'about ' : ''}${total.toLocaleString('en-US')}`;
}

/** GET /api/leads with server-side search, status filter, sort and paging. */
export function useLeads(params: LeadPageParams) {
  return useQuery({
    queryKey: [...leadKeys.leads, params],
    queryFn: ({ signal }) => fetchLeadsPage(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: 'Failed to fetch leads. Please check your connection and try again.' } },
  });
}

/** GET /api/leads/stats (one SQL query on the server). */
export function useStats() {
  return useQuery({
    queryKey: leadKeys.stats,
    queryFn: ({ signal }) => apiRequest('GET', '/api/leads/stats', { schema: leadStatsSchema, signal }),
  });
}

/** GET /api/leads/{id}: the lead and its audit log. */
export function useLeadDetail(id: number | null) {
  return useQuery({
    queryKey: leadKeys.lead(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => apiRequest('GET', `/api/leads/${id}`, { schema: leadDetailResponseSchema, signal }),
  });
}

/** GET /api/leads/{id}/documents: the PDF estimates stored for the lead, newest first. */
export function useLeadDocuments(leadId: number) {
  return useQuery({
    queryKey: leadKeys.documents(leadId),
    queryFn: ({ signal }) => apiRequest('GET', `/api/leads/${leadId}/documents`, { schema: leadDocumentListResponseSchema, signal }),
  });
}

/** Refreshes what a lead change affects: the lists, the KPI, the lead details and the action items. */
export const invalidateLeads = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: leadKeys.leads }),
    qc.invalidateQueries({ queryKey: leadKeys.stats }),
    qc.invalidateQueries({ queryKey: leadKeys.leadDetails }),
    qc.invalidateQueries({ queryKey: leadKeys.actionItems }),
  ]);

/** PATCH /api/leads/{id} ("Lead status updated" / "Failed to update lead status"). */
export function useUpdateLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UpdateLead }) =>
      apiRequest('PATCH', `/api/leads/${id}`, { body: patch, schema: leadResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Lead status updated', type: 'success' });
      await invalidateLeads(qc);
    },
    meta: { errorToast: { title: 'Failed to update lead status' } },
  });
}

/**
 * DELETE /api/leads/{id}: archives the lead ("Lead deleted", restorable for LEAD_ARCHIVE_DAYS days
 * from Settings → Deleted leads / "Failed to delete lead").
 */
export function useDeleteLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/leads/${id}`),
    onSuccess: async () => {
      notify({
        title: 'Lead deleted',
        description: `You can restore it for ${LEAD_ARCHIVE_DAYS} days from Settings → Deleted leads.`,
        type: 'success',
      });
      await invalidateLeads(qc);
    },
    meta: { errorToast: { title: 'Failed to delete lead' } },
  });
}

/** POST /api/leads/{id}/not-spam: restores a lead the bot defences flagged ("Lead restored" / "Failed to restore lead"). */
export function useRestoreLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/leads/${id}/not-spam`, { schema: leadResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Lead restored', description: 'It is back in the pipeline, the KPIs and campaigns.', type: 'success' });
      await invalidateLeads(qc);
    },
    meta: { errorToast: { title: 'Failed to restore lead' } },
  });
}

/** POST /api/leads/manual-estimate (the server recomputes the total). */
export function useSaveManualEstimate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualEstimateInput) =>
      apiRequest('POST', '/api/leads/manual-estimate', { body, schema: manualEstimateResponseSchema }),
    onSuccess: () => invalidateLeads(qc),
  });
}

/** GET /api/leads?archived=only: the deleted (archived) leads, newest first, restorable for LEAD_ARCHIVE_DAYS days. */
export function useArchivedLeads(page: number, pageSize = 25) {
  return useQuery({
    queryKey: [...leadKeys.leads, 'archived', { page, pageSize }],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/leads?archived=only&page=${page}&pageSize=${pageSize}`, { schema: leadListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/leads/{id}/restore: a deleted lead back in the lists ("Lead restored" / "Failed to restore lead"). */
export function useRestoreArchivedLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/leads/${id}/restore`, { schema: leadResponseSchema }),
    onSuccess: async () => {
      notify({ title: 'Lead restored', description: 'It is back in the lists, the KPIs and campaigns.', type: 'success' });
      await invalidateLeads(qc);
    },
    meta: { errorToast: { title: 'Failed to restore lead' } },
  });
}
