/**
 * The staff's lead and contact management calls (staff-side.md §2, §7; decisions.md §5, §9):
 * the paged lead list with search, filters and sort, the KPI, a lead with its audit log, lead
 * updates and deletion, the contacts list and Convert to Lead. Staff only (401 without a session,
 * 403 for a non-admin).
 *
 * Units: money in whole US dollars; dates ISO-8601 strings.
 */
import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES, leadStatusField } from '../lead.js';
import { optionalText } from '../text.js';
import { pageFields } from './common.js';
import { contactSchema } from './contacts.js';
import { leadSchema } from './leads.js';

/** Largest page of a staff list. */
export const STAFF_PAGE_SIZE_MAX = 200;

// ---------------------------------------------------------------------------------------------
// GET /api/leads (staff)
// ---------------------------------------------------------------------------------------------

/**
 * Sort keys of the staff lead list (CRM Pipeline View columns): `createdAt`; `name` (last name,
 * then first name, case-insensitive; a missing name sorts as empty, i.e. first when ascending);
 * `estimate` (totalEstimate; a lead without one (TBD) counts as the lowest: last when
 * descending, first when ascending); `status` (pipeline order of LEAD_STATUSES). Ties are broken
 * by newest first.
 */
export const LEAD_SORT_KEYS = ['createdAt', 'name', 'estimate', 'status'] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

/** A staff user's id as a filter value: `all`, `none` or the user's id (a UUID). */
export const ownerFilterField = z.union([z.literal('all'), z.literal('none'), z.uuid({ error: 'Must be a staff user id, all or none.' })]);

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
      z.coerce
        .number({ error: 'Minimum estimate must be a whole number of dollars.' })
        .int({ error: 'Minimum estimate must be a whole number of dollars.' })
        .min(0, { error: 'Minimum estimate cannot be negative.' })
        .max(100_000_000, { error: 'Minimum estimate is too large.' })
        .optional(),
    ),
    sort: z.enum(LEAD_SORT_KEYS).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(50),
    /**
     * Keyset paging (issue 27): the `nextCursor` of the previous answer; the page is the rows after
     * it in the list's order (no OFFSET, so deep pages cost what the first does, and rows added
     * between pages are never skipped or repeated). Only with `sort=createdAt`; `page` is ignored.
     */
    cursor: z
      .string()
      .regex(/^\d{1,15}\.\d{1,10}$/, { error: 'Must be the nextCursor of a previous page' })
      .optional(),
    /** `exclude` (default): real submissions only; `only`: the "Suspected spam" filter. */
    spam: z.enum(['exclude', 'only']).default('exclude'),
    /** `exclude` (default): active leads; `only`: the archived (deleted) leads, restorable for LEAD_ARCHIVE_DAYS. */
    archived: z.enum(['exclude', 'only']).default('exclude'),
    /** A lead source (LEAD_SOURCES) or `all` (the default). */
    source: z.union([z.literal('all'), z.enum(LEAD_SOURCES)]).optional(),
    /** A staff user's id (their leads), `none` (leads without an owner) or `all` (the default). */
    owner: ownerFilterField.optional(),
  })
  .strict();
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/**
 * Answer of GET /api/leads: the spec's `{leads}` plus paging meta, in the query's order.
 * `nextCursor` (sort `createdAt` only) asks for the next page by keyset; null on the last page.
 * Above 50,000 matching rows `total` is the planner's estimate (`totalIsEstimate: true`).
 */
export const leadListResponseSchema = z.object({
  leads: z.array(leadSchema),
  ...pageFields,
  nextCursor: z.string().nullable().optional(),
  /** True when `total` is the planner's estimate (more matching rows than LIST_EXACT_COUNT_MAX, 50,000), not an exact count. */
  totalIsEstimate: z.boolean().optional(),
});
export type LeadListResponse = z.output<typeof leadListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/leads/stats (staff)
// ---------------------------------------------------------------------------------------------

/**
 * KPI figures of GET /api/leads/stats (one SQL query). Money in whole dollars.
 * conversionRate = won / all leads × 100 (one decimal); averageDeal = total estimate / lead count;
 * activeLeads excludes won and lost; newThisWeek = created within the last 7 days; `byStatus`
 * has every status.
 */
export const leadStatsSchema = z.object({
  totalLeads: z.number(),
  pipelineValue: z.number(),
  averageDeal: z.number(),
  newThisWeek: z.number(),
  conversionRate: z.number(),
  activeLeads: z.number(),
  byStatus: z.record(z.enum(LEAD_STATUSES), z.number()),
  totalContacts: z.number(),
  contactsNewThisWeek: z.number(),
});
export type LeadStats = z.output<typeof leadStatsSchema>;

// ---------------------------------------------------------------------------------------------
// GET / PATCH / DELETE /api/leads/{id} (staff)
// ---------------------------------------------------------------------------------------------

/** One staff action on the audit log (status change, deletion, conversion, manual estimate, export). */
export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** `null` for an action of the system. */
  userEmail: z.string().nullable(),
  /** Action-specific, e.g. `{from, to}` of a status change. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/**
 * Query of GET /api/audit-log (issue 22 point 9): filters by the staff user's email (`user`,
 * exact, any case; `system` = actions of no user), `action` (exact, or a prefix ending in `.`
 * such as `lead.` or `campaign.`) and `leadId` (the entries of one lead); newest first, paged.
 */
export const auditLogQuerySchema = z
  .object({
    user: z.string().trim().max(254).optional(),
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z_]+(\.[a-z_]*)*$/, { error: 'Action must look like lead.deleted or lead.' })
      .optional(),
    leadId: z.coerce.number().int().positive().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(50),
  })
  .strict();
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** Answer of GET /api/audit-log: one page of entries, and the actions and users seen (for the filters). */
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  ...pageFields,
  actions: z.array(z.string()),
  users: z.array(z.string()),
});
export type AuditLogResponse = z.output<typeof auditLogResponseSchema>;

/** Answer of GET /api/leads/{id}: the lead and its audit log, newest first. 404 when missing. */
export const leadDetailResponseSchema = z.object({ lead: leadSchema, audit: z.array(auditEntrySchema) });
export type LeadDetailResponse = z.output<typeof leadDetailResponseSchema>;

/**
 * Body of PATCH /api/leads/{id}: a partial update; status aliases accepted, the canonical name
 * stored. Answer: `{lead}` (leadResponseSchema, leads.ts). DELETE /api/leads/{id} answers 204 with no body.
 */
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
    /** The lead's owner: an active staff user's id, or null to clear it (issue 22 point 6). */
    ownerId: z.uuid({ error: 'Must be a staff user id.' }).nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to update.' });
export type UpdateLead = z.output<typeof updateLeadSchema>;

// ---------------------------------------------------------------------------------------------
// Contacts (staff)
// ---------------------------------------------------------------------------------------------

/** Query of GET /api/contacts (staff): search (name, email, phone) and paging. */
export const contactListQuerySchema = leadListQuerySchema.omit({ status: true, minEstimate: true, sort: true, order: true, cursor: true });
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** Answer of GET /api/contacts (staff): the spec's `{contacts}` plus paging meta, newest first. */
export const contactListResponseSchema = z.object({ contacts: z.array(contactSchema), ...pageFields });
export type ContactListResponse = z.output<typeof contactListResponseSchema>;

/**
 * Answer of POST /api/contacts/{id}/convert-to-lead (staff, no body): 201 `{lead, created: true}`
 * for a new lead (source `contact_conversion`), 200 `{lead, created: false}` when the contact was
 * already converted; 404 when missing.
 */
export const convertContactResponseSchema = z.object({ lead: leadSchema, created: z.boolean() });
export type ConvertContactResponse = z.output<typeof convertContactResponseSchema>;
