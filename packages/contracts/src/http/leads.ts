/**
 * The lead as the API answers it, and the visitors' POST /api/leads (public-site.md §3 "Lead",
 * §7; decisions.md §3, §5). The staff's lead calls are in staff.ts, so the public pages that send
 * a lead do not download them.
 *
 * Units: money in whole US dollars; dates ISO-8601 strings.
 */
import { z } from 'zod';
import { emailField, phoneField } from '../contact.js';
import { buildingInfoSchema, LEAD_SOURCES, LEAD_STATUSES, leadStatusField } from '../lead.js';
import { WIZARD_FIELD_MAX_LENGTH as MAX } from '../quote.js';
import { limitedText, optionalText } from '../text.js';
import { jobRefSchema } from './common.js';
import { SPAM_REASONS } from './bot-defence.js';
import { depositTokenField } from './deposit-token.js';

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
  /**
   * Staff answers only: why the lead is taken for a bot's submission (failed honeypot or fill
   * time), or null. Absent from the visitor's POST /api/leads answer.
   */
  spamReason: z.enum(SPAM_REASONS).nullable().optional(),
  /**
   * Staff answers only: the configuration versions the server priced the quote with, by kind
   * (`ai_recommendation_config`, `inventory`, `promotions`; see site-config.ts), or null.
   */
  configurationVersions: z.record(z.string(), z.number()).nullable().optional(),
  /**
   * Staff answers only: when the lead was deleted (archived: hidden from every list, restorable
   * for LEAD_ARCHIVE_DAYS, then purged), or null for an active lead.
   */
  archivedAt: z.string().nullable().optional(),
  /** Staff answers only: the id of the staff user who owns the lead, or null (issue 22 point 6). */
  ownerId: z.string().nullable().optional(),
});
export type Lead = z.output<typeof leadSchema>;

/** Days an archived (deleted) lead stays restorable before the scheduled purge removes it for good. */
export const LEAD_ARCHIVE_DAYS = 30;

/** `{lead}`: answer of PATCH /api/leads/{id} (staff.ts) and (201) of POST /api/leads/manual-estimate (estimates.ts). */
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
 * 201 answer of POST /api/leads. `notificationJob` is null when Redis was unavailable (the staff
 * notification is still recorded and delivered later) or when the lead's notification was gathered
 * into the staff digest of a busy minute (LEAD_DIGEST_AFTER_PER_MINUTE). Errors: 400 VALIDATION_FAILED (with
 * `error` for the spec's clients), 403, 503 FEATURE_DISABLED.
 */
export const createLeadResponseSchema = z.object({
  lead: leadSchema,
  notificationJob: jobRefSchema.nullable(),
  /**
   * The deposit token of a wizard lead with a server quote (an unguessable 256-bit random value,
   * base64url, 43 characters), to be sent as `quoteToken` to POST /api/create-deposit-payment;
   * the server keeps only its SHA-256. Null for leads without a quote to pay a deposit on.
   */
  depositToken: depositTokenField.nullable(),
});
export type CreateLeadResponse = z.output<typeof createLeadResponseSchema>;
