/**
 * Estimate calls: the cost calculator's PDF estimate (public-site.md §7
 * "POST /api/generate-estimate-pdf", "Calculator sequence"; decisions.md §3, §11), the documents
 * stored for a lead (staff) and the staff's manual estimate (staff-side.md §2 "Manual estimator
 * tab", §5, §9).
 *
 * Units: money in whole US dollars unless a field says otherwise; sizes in bytes; dates ISO-8601.
 */
import { z } from 'zod';
import { emailField } from '../contact.js';
import { LEAD_DOCUMENT_KINDS } from '../estimate-pdf.js';
import { ESTIMATOR_BUILDING_TYPES, ESTIMATOR_SIZES } from '../estimator.js';
import { QueueName } from '../jobs.js';
import { limitedText, MAX_RECORD_ID, optionalText } from '../text.js';
import { skuField } from './inventory.js';
import { leadResponseSchema } from './leads.js';

// ---------------------------------------------------------------------------------------------
// POST /api/generate-estimate-pdf (public)
// ---------------------------------------------------------------------------------------------

/** A browser-sent object we accept for the spec's clients but never trust (decisions.md §3). */
const untrusted = z.record(z.string(), z.unknown()).optional();

/**
 * Body of POST /api/generate-estimate-pdf (public-site.md §7): `estimate {pricing,
 * projectDetails, timeline, warranty, equipmentList}` and `customerInfo {firstName, lastName,
 * email, phone, company, buildingType, buildingSize, description}`, plus `leadId`, the id of the
 * lead the calculator has just created (POST /api/leads answer). Without `leadId` the newest
 * calculator lead of `customerInfo.email` is used.
 *
 * The `estimate` figures are ignored: the server prices the stored lead's configuration itself.
 */
export const generateEstimatePdfSchema = z
  .object({
    leadId: z.number().int().min(1).max(MAX_RECORD_ID).optional(),
    estimate: z
      .object({
        pricing: untrusted,
        projectDetails: untrusted,
        timeline: z.union([limitedText(200), z.record(z.string(), z.unknown())]).optional(),
        warranty: z.union([limitedText(500), z.record(z.string(), z.unknown())]).optional(),
        equipmentList: z.array(z.unknown()).max(100).optional(),
      })
      .optional(),
    customerInfo: z
      .object({
        firstName: optionalText(100),
        lastName: optionalText(100),
        email: emailField,
        phone: optionalText(40),
        company: optionalText(200),
        buildingType: optionalText(100),
        buildingSize: z.union([limitedText(100), z.number().finite().min(0)]).optional(),
        description: optionalText(5000),
      })
      .strict(),
  })
  .strict();
export type GenerateEstimatePdfInput = z.input<typeof generateEstimatePdfSchema>;
export type GenerateEstimatePdf = z.output<typeof generateEstimatePdfSchema>;

/**
 * 202 answer of POST /api/generate-estimate-pdf: watch `jobId` (a UUID) on `queue` over
 * Socket.IO (queued → rendering → emailed). Errors: 400 field errors; 404 no calculator lead for
 * that email / id; 503 FEATURE_DISABLED or SERVICE_UNAVAILABLE (queue unreachable).
 */
export const generateEstimatePdfResponseSchema = z.object({
  jobId: z.uuid(),
  queue: z.literal(QueueName.Pdf),
  leadId: z.number().int().positive(),
});
export type GenerateEstimatePdfResponse = z.output<typeof generateEstimatePdfResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/leads/{id}/documents (staff)
// ---------------------------------------------------------------------------------------------

/**
 * A document stored for a lead (the PDF estimate the worker rendered and emailed), without its
 * bytes. They are at `downloadUrl` (`GET /api/leads/{id}/documents/{documentId}/pdf`: the stored
 * bytes, `Content-Disposition: attachment`, not cached; 404 for an unknown document or one of
 * another lead).
 */
export const leadDocumentSchema = z.object({
  id: z.number().int().positive(),
  leadId: z.number().int().positive(),
  kind: z.enum(LEAD_DOCUMENT_KINDS),
  /** File name it is downloaded (and was emailed) under, e.g. `EST-12-1A2B3C4D.pdf`. */
  filename: z.string(),
  contentType: z.string(),
  /** Size in bytes. */
  byteSize: z.number().int().nonnegative(),
  /** The document's total, whole US dollars. */
  total: z.number(),
  createdAt: z.string(),
  /** Path of the download, relative to the site (same-origin, staff session cookie). */
  downloadUrl: z.string(),
});
export type LeadDocument = z.output<typeof leadDocumentSchema>;

/** 200 answer of GET /api/leads/{id}/documents: newest first; 404 for an unknown lead. */
export const leadDocumentListResponseSchema = z.object({ documents: z.array(leadDocumentSchema) });
export type LeadDocumentListResponse = z.output<typeof leadDocumentListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/leads/manual-estimate (staff)
// ---------------------------------------------------------------------------------------------

/** A price in US dollars (cents allowed). */
const money = z.number().finite().min(0).max(100_000_000);
const count = z.number().int().min(1).max(100_000);

/**
 * Body of POST /api/leads/manual-estimate (staff); amounts in US dollars (cents allowed). The
 * server recomputes the total with computeManualEstimate (estimator.ts). With `cameraSku` /
 * `nvrSku` (an active catalogue item) the server prices that line from the inventory and ignores
 * `cameraPrice` / `nvrCost`; an unknown or inactive SKU is a 400 on that field.
 */
export const manualEstimateSchema = z
  .object({
    firstName: z.string().trim().min(1, { error: 'First name is required.' }).max(100),
    lastName: z.string().trim().min(1, { error: 'Last name is required.' }).max(100),
    email: emailField,
    phone: z.string().trim().min(1, { error: 'Phone is required.' }).max(32),
    company: optionalText(200),
    buildingType: z.enum(ESTIMATOR_BUILDING_TYPES),
    buildingSize: z.enum(ESTIMATOR_SIZES),
    squareFootage: z.number().int().min(0).max(10_000_000),
    floors: count,
    entryPoints: count,
    cameras: count,
    cameraPrice: money,
    nvrCost: money,
    cameraSku: skuField.optional(),
    nvrSku: skuField.optional(),
    installationDays: count,
    laborRate: money,
    additionalCosts: money,
    notes: optionalText(5000),
  })
  .strict();
export type ManualEstimateInput = z.input<typeof manualEstimateSchema>;
export type ManualEstimate = z.output<typeof manualEstimateSchema>;

/** 201 answer of POST /api/leads/manual-estimate: `{lead}` (source `manual_estimator`, the server's total). */
export const manualEstimateResponseSchema = leadResponseSchema;
