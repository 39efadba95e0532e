/**
 * The AI security designer's call (public-site.md §2 "AI security designer", §7 POST /api/leads;
 * decisions.md §3): the wizard sends its lead to POST /api/leads (createLeadSchema, leads.ts) with
 * source `ai_shopping`, and the answer carries the server's quote.
 */
import { z } from 'zod';
import { DESIGN_OPTION_KEYS, DESIGN_OPTION_LABELS, aiRecommendationSchema, type DesignOptionKey } from '../quote.js';
import { createLeadResponseSchema, leadSchema } from './leads.js';

/**
 * 201 answer of POST /api/leads for an `ai_shopping` lead: the lead carries the design engine's
 * `aiRecommendation` and `totalEstimate` (whole US dollars; = the recommendation's
 * `pricing.totalProjectCost`).
 */
export const wizardLeadResponseSchema = createLeadResponseSchema.extend({
  lead: leadSchema.extend({
    totalEstimate: z.number().int(),
    aiRecommendation: aiRecommendationSchema,
  }),
});
export type WizardLeadResponse = z.output<typeof wizardLeadResponseSchema>;

/* ------------------------------------------------------------------------------------------------
 * Saved quotes (issue 21 points 4, 6, 7; public-site.md §2 step 5, §4, §9; decisions.md §3, §4).
 * A wizard lead's quote is stored as numbered versions; each version has its own unguessable link
 * token (the POST /api/leads `depositToken` of version 1), opened at /quotes/{token}.
 * ---------------------------------------------------------------------------------------------- */

/** The design options of a quote, in the order they are compared (Recommended is pre-selected): the engine's options. */
export const QUOTE_OPTION_KEYS = DESIGN_OPTION_KEYS;
export type QuoteOptionKey = DesignOptionKey;
/** Labels of the options as the customer reads them. */
export const QUOTE_OPTION_LABELS = DESIGN_OPTION_LABELS;

/** sent → viewed → approved → deposit_paid; any version but a paid one → superseded when staff revise. */
export const QUOTE_VERSION_STATUSES = ['sent', 'viewed', 'approved', 'deposit_paid', 'superseded'] as const;
export type QuoteVersionStatus = (typeof QUOTE_VERSION_STATUSES)[number];

/** Days a quote link stays valid after its version was created (issue 21 point 4: at least 30). */
export const QUOTE_VALID_DAYS = 30;

/**
 * The design options stored with a version (the engine's designOptions: Essential, Recommended,
 * Complete); Essential and Complete are optional so that a version keeps validating whatever the
 * engine offered when it was saved.
 */
export const quoteOptionsSchema = z.object({
  essential: aiRecommendationSchema.optional(),
  recommended: aiRecommendationSchema,
  complete: aiRecommendationSchema.optional(),
});
export type QuoteOptions = z.output<typeof quoteOptionsSchema>;

/** The coverage diagram of one floor of a design (the engine's coverageDiagram: a standalone accessible SVG, one `.camera-cone` per camera). */
export const floorDiagramSchema = z.object({
  floor: z.number().int().positive(),
  label: z.string(),
  svg: z.string(),
  cameras: z.number().int().nonnegative(),
  uncovered: z.array(z.string()),
});

/** Per option, its floors' coverage diagrams (only the options the version offers). */
export const quoteDiagramsSchema = z.object({
  essential: z.array(floorDiagramSchema).optional(),
  recommended: z.array(floorDiagramSchema).optional(),
  complete: z.array(floorDiagramSchema).optional(),
});
export type QuoteDiagrams = z.output<typeof quoteDiagramsSchema>;

/** Path parameter of /api/quotes/{token}: a link token (32 random bytes, base64url, 43 characters). */
export const quoteTokenParamSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Not a quote link.' });

/**
 * 200 answer of GET /api/quotes/{token} (public, no login). Money in whole US dollars inside the
 * options (AiRecommendation), `depositCents` in integer cents (round(10% × the chosen option's
 * total)); times ISO-8601. `expired` is true once `expiresAt` passed (the page then offers a
 * refreshed quote and nothing can be approved or paid); `status` `superseded` means staff sent a
 * newer version (by email). `approval` is this version's signature, null until approved.
 */
export const publicQuoteSchema = z.object({
  version: z.number().int().positive(),
  status: z.enum(QUOTE_VERSION_STATUSES),
  expired: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  customerFirstName: z.string().nullable(),
  options: quoteOptionsSchema,
  /** The option the customer approved, else the pre-selected `recommended`. */
  chosenOption: z.enum(QUOTE_OPTION_KEYS),
  depositCents: z.number().int().nonnegative(),
  approval: z.object({ name: z.string(), approvedAt: z.string(), option: z.enum(QUOTE_OPTION_KEYS) }).nullable(),
  /** Each option's per-floor coverage diagrams (SVG drawn by the server from the stored design). */
  diagrams: quoteDiagramsSchema,
});
export type PublicQuote = z.output<typeof publicQuoteSchema>;

/**
 * Body of POST /api/quotes/{token}/approve: the option chosen, the customer's typed full name (the
 * signature, 2-200 characters) and the ticked terms (must be `true`). 400 field errors otherwise.
 */
export const approveQuoteSchema = z
  .object({
    option: z.enum(QUOTE_OPTION_KEYS, { error: 'Choose one of the options.' }),
    name: z
      .string({ error: 'Type your full name to sign.' })
      .trim()
      .min(2, { error: 'Type your full name to sign.' })
      .max(200, { error: 'Names are at most 200 characters.' }),
    acceptTerms: z.literal(true, { error: 'Please accept the terms to approve the quote.' }),
  })
  .strict();
export type ApproveQuote = z.output<typeof approveQuoteSchema>;

/** One quote version as staff see it on the lead (GET /api/leads/{id}/quotes). Cents, ISO-8601. */
export const staffQuoteVersionSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  status: z.enum(QUOTE_VERSION_STATUSES),
  chosenOption: z.enum(QUOTE_OPTION_KEYS),
  /** The chosen option's total, integer cents. */
  totalCents: z.number().int().nonnegative(),
  options: quoteOptionsSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  viewedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedName: z.string().nullable(),
  /** SHA-256 (hex) of the version's canonical JSON and the chosen option, stored at approval. */
  approvalHash: z.string().nullable(),
  depositPaidAt: z.string().nullable(),
  /** The version's stored PDF (GET /api/leads/{leadId}/documents/{documentId}/pdf), null until rendered. */
  documentId: z.number().int().positive().nullable(),
  createdBy: z.string().nullable(),
  /** The chosen option's per-floor coverage diagrams. */
  diagrams: z.array(floorDiagramSchema),
});
export type StaffQuoteVersion = z.output<typeof staffQuoteVersionSchema>;

/** 200 answer of GET /api/leads/{id}/quotes (admin): the lead's quote versions, newest first; 404 unknown lead. */
export const leadQuotesResponseSchema = z.object({ versions: z.array(staffQuoteVersionSchema) });
export type LeadQuotesResponse = z.output<typeof leadQuotesResponseSchema>;

/**
 * Body of POST /api/leads/{id}/quotes (admin): revise the latest version's `option` with these
 * equipment lines, each a catalogue SKU (active inventory) and a quantity 1-999; labour, additional
 * features and the promotion percent of the option are kept; the lines are priced at today's
 * inventory prices. Creates the next version (its own link), supersedes the older unpaid ones and
 * emails the new link with its PDF. 400 field errors; 404 unknown lead or no quote; 409 unknown SKU.
 */
export const reviseQuoteSchema = z
  .object({
    option: z.enum(QUOTE_OPTION_KEYS).default('recommended'),
    lines: z
      .array(
        z.object({
          sku: z.string().trim().min(1, { error: 'SKU is required.' }).max(64),
          quantity: z.number().int().min(1, { error: 'At least 1.' }).max(999, { error: 'At most 999.' }),
        }),
      )
      .min(1, { error: 'A quote needs at least one line.' })
      .max(200),
  })
  .strict();
export type ReviseQuote = z.output<typeof reviseQuoteSchema>;
