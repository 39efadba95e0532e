/**
 * Lead calls (public-site.md §7 POST /api/leads; staff-side.md §7; decisions.md §3, §5):
 * the visitors' POST /api/leads and the staff list, KPI, detail, update and delete.
 *
 * Units: money in whole US dollars; dates ISO-8601 strings.
 */
import { z } from 'zod';
import { emailField, phoneField } from '../contact.js';
import { buildingInfoSchema, LEAD_SOURCES, LEAD_STATUSES, leadStatusField } from '../lead.js';
import { WIZARD_FIELD_MAX_LENGTH as MAX } from '../quote.js';
import { STAFF_PAGE_SIZE_MAX } from '../staff.js';
import { limitedText, optionalText } from '../text.js';
import { jobRefSchema, pageFields } from './common.js';

// ---------------------------------------------------------------------------------------------
// The lead as the API answers it
// ---------------------------------------------------------------------------------------------

/** A subfield of a stored buildingInfo: absent when missing or of another type. */
const storedField = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const textOrNumber = z.union([z.string(), z.number()]);

/**
 * A lead's `buildingInfo` as stored and answered: the subfields of buildingInfoSchema without
 * its input limits (the manual estimator stores up to 100,000 cameras, more than a visitor may
 * send). The column is free-form jsonb, so it is read leniently: a subfield of another type reads
 * as absent, unknown subfields are dropped, and a value that is not an object reads as `{}`.
 */
export const storedBuildingInfoSchema = z
  .object({
    type: storedField(z.string()),
    size: storedField(z.string()),
    /** Square feet, as typed (text) or as a number. */
    squareFootage: storedField(textOrNumber),
    floors: storedField(textOrNumber),
    entryPoints: storedField(textOrNumber),
    coverage: storedField(z.array(z.string())),
    description: storedField(z.string()),
    budget: storedField(z.string()),
    timeline: storedField(z.string()),
    specificAreas: storedField(z.string()),
    buildingSize: storedField(z.string()),
    buildingComplexity: storedField(z.string()),
    cameras: storedField(z.number()),
    hasAccessControl: storedField(z.boolean()),
    hasVideoIntercom: storedField(z.boolean()),
    hasMonitoring: storedField(z.boolean()),
  })
  .catch({});

/**
 * A stored lead as the API returns it. `source` values outside LEAD_SOURCES (the column has no
 * CHECK constraint) read as `unknown`.
 */
export const leadSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  buildingInfo: storedBuildingInfoSchema,
  /**
   * The server's quote, by source: AiRecommendation (`ai_shopping`, quote.ts),
   * CalculatorRecommendation (`cost_calculator`, estimate-pdf.ts); null for the others.
   */
  aiRecommendation: z.unknown().nullable(),
  /** Whole US dollars, computed by the server; null = TBD. */
  totalEstimate: z.number().int().nullable(),
  budget: z.string().nullable(),
  timeline: z.string().nullable(),
  specificAreas: z.string().nullable(),
  additionalFeatures: z.array(z.string()),
  status: z.enum(LEAD_STATUSES),
  source: z.enum(LEAD_SOURCES).catch('unknown'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.output<typeof leadSchema>;

/** `{lead}`: answer of PATCH /api/leads/{id} and (201) of POST /api/leads/manual-estimate. */
export const leadResponseSchema = z.object({ lead: leadSchema });
export type LeadResponse = z.output<typeof leadResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/leads (public)
// ---------------------------------------------------------------------------------------------

/**
 * Body of POST /api/leads (public).
 *
 * - `status` is accepted (visitors' clients send `new`) but a public submission is always stored
 *   as `new`: a visitor cannot place a lead further along the pipeline.
 * - `aiRecommendation` and `totalEstimate` are accepted for compatibility with the spec's
 *   clients but are never trusted: the server replaces them with its own figures
 *   (decisions.md §3).
 * - `manual_estimator` / `contact_conversion` sources need an admin session (403 otherwise).
 */
export const createLeadSchema = z
  .object({
    firstName: optionalText(MAX.firstName),
    lastName: optionalText(MAX.lastName),
    email: emailField,
    phone: phoneField.optional(),
    company: optionalText(MAX.company),
    address: optionalText(500),
    buildingInfo: buildingInfoSchema,
    budget: optionalText(100),
    timeline: optionalText(100),
    specificAreas: optionalText(MAX.specificAreas),
    additionalFeatures: z.array(limitedText(100)).max(20).optional().default([]),
    status: leadStatusField.optional(),
    source: z.enum(LEAD_SOURCES).optional().default('ai_shopping'),
    aiRecommendation: z.unknown().optional(),
    totalEstimate: z.unknown().optional(),
  })
  .strict();
export type CreateLeadInput = z.input<typeof createLeadSchema>;
export type CreateLead = z.output<typeof createLeadSchema>;

/**
 * 201 answer of POST /api/leads. `notificationJob` is null when Redis was unavailable: the staff
 * notification is still recorded and delivered later. Errors: 400 VALIDATION_FAILED (with
 * `error` for the spec's clients), 403, 503 FEATURE_DISABLED.
 */
export const createLeadResponseSchema = z.object({
  lead: leadSchema,
  notificationJob: jobRefSchema.nullable(),
});
export type CreateLeadResponse = z.output<typeof createLeadResponseSchema>;

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

/** Answer of GET /api/leads: the spec's `{leads}` plus paging meta, in the query's order. */
export const leadListResponseSchema = z.object({ leads: z.array(leadSchema), ...pageFields });
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

/** Answer of GET /api/leads/{id}: the lead and its audit log, newest first. 404 when missing. */
export const leadDetailResponseSchema = z.object({ lead: leadSchema, audit: z.array(auditEntrySchema) });
export type LeadDetailResponse = z.output<typeof leadDetailResponseSchema>;

/**
 * Body of PATCH /api/leads/{id}: a partial update; status aliases accepted, the canonical name
 * stored. Answer: {@link leadResponseSchema}. DELETE /api/leads/{id} answers 204 with no body.
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
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to update.' });
export type UpdateLead = z.output<typeof updateLeadSchema>;
