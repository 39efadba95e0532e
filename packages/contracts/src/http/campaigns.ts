/**
 * Bulk campaign calls (staff-side.md §7 POST /api/bulk-communication; decisions.md §13, §15):
 * start a campaign, list and read campaigns, pause / resume / cancel. Staff only. Live progress is
 * the `campaign:progress` socket event (CampaignProgress, communications.ts).
 *
 * Units: money in whole US dollars; timestamps ISO-8601 strings.
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES, COMMUNICATION_CHANNELS } from '../communications.js';
import { LEAD_STATUSES, leadStatusField } from '../lead.js';
import { optionalText } from '../text.js';
import { smsText, templateRef } from './message-fields.js';

/** Which leads a bulk send goes to. All conditions AND-ed; none = every lead. */
export const campaignFilterSchema = z
  .object({
    /** Pipeline status (aliases quoted / closed-won / closed-lost accepted); `all` = any. */
    status: z.union([z.literal('all'), leadStatusField]).optional(),
    /** Minimum total estimate, whole US dollars. */
    minValue: z.coerce
      .number({ error: 'Minimum value must be a number.' })
      .int({ error: 'Minimum value must be a whole number of dollars.' })
      .min(0)
      .max(100_000_000)
      .optional(),
    /** Leads created at or after this instant (ISO date or date-time). */
    createdAfter: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  })
  .strict();
export type CampaignFilter = z.output<typeof campaignFilterSchema>;

/**
 * Body of POST /api/bulk-communication. `template` (email) or `message` (sms) is required.
 * 400 field errors / unknown template.
 */
export const bulkCommunicationSchema = z
  .object({
    type: z.enum(['email', 'sms'], { error: 'Type must be email or sms.' }),
    template: templateRef.optional(),
    message: smsText.optional(),
    name: optionalText(200),
    filter: campaignFilterSchema.optional().default({}),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'email' && v.template === undefined)
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'Template is required for an email campaign.' });
    if (v.type === 'sms' && v.message === undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Message is required for an SMS campaign.' });
  });
export type BulkCommunication = z.output<typeof bulkCommunicationSchema>;

/**
 * {successful, failed, total} of a finished campaign (staff-side.md §7): successful = accepted by
 * the provider (`sent`), failed = `failed`, total = every recipient. Skipped (opted out), not
 * delivered (outbox) and cancelled recipients are in the campaign's own counts.
 */
export const campaignSummarySchema = z.object({ successful: z.number(), failed: z.number(), total: z.number() });
export type CampaignSummary = z.output<typeof campaignSummarySchema>;

/** A stored campaign with its live counts. */
export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(COMMUNICATION_CHANNELS),
  /** Template name for email campaigns. */
  template: z.string().nullable(),
  /** SMS text for SMS campaigns. */
  message: z.string().nullable(),
  /** The filter as stored (see campaignFilterSchema; canonical status, minimum in whole dollars). */
  filter: z.object({
    status: z.union([z.literal('all'), z.enum(LEAD_STATUSES)]).optional(),
    minValue: z.number().optional(),
    createdAfter: z.string().optional(),
  }),
  status: z.enum(CAMPAIGN_STATUSES),
  /**
   * True while the worker is still resolving the audience (issue 27: the fan-out is the worker's
   * job): `recipients` and the counts are the recipients stored so far.
   */
  preparing: z.boolean(),
  /** Total recipients (so far, while `preparing`). */
  recipients: z.number(),
  /** Recipients not finished yet (queued or sending). */
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  /** Opted out (never sent). */
  skipped: z.number(),
  /** Not delivered: provider not configured (local outbox). */
  notDelivered: z.number(),
  /** Cancelled before sending. */
  cancelled: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Staff email of the creator. */
  createdBy: z.string().nullable(),
  /** Present once the campaign is `sent` or `cancelled`. */
  summary: campaignSummarySchema.nullable(),
});
export type Campaign = z.output<typeof campaignSchema>;

/**
 * 202 answer of POST /api/bulk-communication, at once (whatever the audience's size): the campaign
 * is stored `queued` and `preparing`, `recipients` is 0; the worker resolves the recipients, then
 * delivery and progress follow (`campaign:progress`).
 */
export const bulkCommunicationResponseSchema = z.object({ campaignId: z.number(), recipients: z.number(), campaign: campaignSchema });
export type BulkCommunicationResponse = z.output<typeof bulkCommunicationResponseSchema>;

/** Answer of GET /api/campaigns: newest first, with live counts. */
export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) });
export type CampaignsResponse = z.output<typeof campaignsResponseSchema>;

/**
 * Answer of GET /api/campaigns/{id} and of POST /api/campaigns/{id}/pause | resume | cancel (no
 * body). 404 unknown; 409 when the action does not apply (already finished / sent).
 */
export const campaignResponseSchema = z.object({ campaign: campaignSchema });
export type CampaignResponse = z.output<typeof campaignResponseSchema>;
