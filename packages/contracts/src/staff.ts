/**
 * Staff API shapes (staff-side.md §3, §7, §9; decisions.md §5, §9, §12).
 */
import { z } from 'zod';
import type { Contact } from './contact.js';
import { LEAD_STATUSES, leadStatusField, type Lead, type LeadStatus } from './lead.js';
import { optionalText } from './text.js';

/** Largest page of a staff list. */
export const STAFF_PAGE_SIZE_MAX = 200;

/**
 * Sort keys of the staff lead list (CRM Pipeline View columns): `createdAt`; `name` (last name,
 * then first name, case-insensitive; a missing name sorts as empty, i.e. first when ascending);
 * `estimate` (totalEstimate; a lead without one (TBD) counts as the lowest: last when
 * descending, first when ascending); `status` (pipeline order of LEAD_STATUSES). Ties are broken
 * by newest first.
 */
export const LEAD_SORT_KEYS = ['createdAt', 'name', 'estimate', 'status'] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

/**
 * Query of GET /api/leads (staff): search, status (aliases accepted, `all` = none), minimum
 * estimate (whole dollars; leads without an estimate never match), sort (default `createdAt`
 * `desc` = newest first), paging.
 */
export const leadListQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    status: z.union([z.literal('all'), leadStatusField]).optional(),
    minEstimate: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number({ error: 'Minimum estimate must be a whole number of dollars.' }).int({ error: 'Minimum estimate must be a whole number of dollars.' })
        .min(0, { error: 'Minimum estimate cannot be negative.' }).max(100_000_000, { error: 'Minimum estimate is too large.' }).optional(),
    ),
    sort: z.enum(LEAD_SORT_KEYS).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(50),
  })
  .strict();
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** Answer of GET /api/leads: the spec's `{leads}` plus paging meta. Newest first. */
export interface LeadListResponse {
  leads: Lead[];
  total: number;
  page: number;
  pageSize: number;
}

/** Query of GET /api/contacts (staff). */
export const contactListQuerySchema = leadListQuerySchema.omit({ status: true, minEstimate: true, sort: true, order: true });
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export interface ContactListResponse {
  contacts: Contact[];
  total: number;
  page: number;
  pageSize: number;
}

/** Body of PATCH /api/leads/{id}: a partial update; status aliases accepted. */
export const updateLeadSchema = z
  .object({
    status: leadStatusField.optional(),
    firstName: optionalText(100),
    lastName: optionalText(100),
    phone: optionalText(32),
    company: optionalText(200),
    address: optionalText(500),
    budget: optionalText(100),
    timeline: optionalText(100),
    specificAreas: optionalText(5000),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to update.' });
export type UpdateLead = z.output<typeof updateLeadSchema>;

/**
 * KPI figures of GET /api/leads/stats (one SQL query). Money in whole dollars.
 * conversionRate = won / all leads × 100 (one decimal); averageDeal = total estimate / lead count;
 * activeLeads excludes won and lost; newThisWeek = created within the last 7 days.
 */
export interface LeadStats {
  totalLeads: number;
  pipelineValue: number;
  averageDeal: number;
  newThisWeek: number;
  conversionRate: number;
  activeLeads: number;
  byStatus: Record<LeadStatus, number>;
  totalContacts: number;
  contactsNewThisWeek: number;
}

/** One staff action on the audit log. */
export interface AuditEntry {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  userEmail: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

/** The CSV exports (staff-side.md §9). */
export const EXPORT_KINDS = ['leads', 'contacts', 'all_prospects', 'comprehensive'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export { LEAD_STATUSES };
