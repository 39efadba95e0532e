/**
 * Lead activity calls (staff-side.md §3 "Lead activity", §7 GET /api/lead-activities;
 * decisions.md §8): the timeline of a lead built from stored records (emails, SMS, call notes,
 * status changes, payments, creation). Staff only. Timestamps ISO-8601; money as each field says.
 */
import { z } from 'zod';
import { ACTIVITY_TYPES, COMMUNICATION_CHANNELS } from '../communications.js';
import { LEAD_STATUSES } from '../lead.js';
import { recordIdField } from '../text.js';

/** One item on a lead's timeline. */
export const leadActivityItemSchema = z.object({
  /** Unique across types, e.g. `email:12`, `call:3`, `status:7`, `payment:2`, `lead:5`. */
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  channel: z.enum(COMMUNICATION_CHANNELS).optional(),
  /** Message status, payment status, or the new lead status of a status change. */
  status: z.string().optional(),
  template: z.string().nullish(),
  subject: z.string().nullish(),
  /** Message body, call note, "new → contacted", or a payment description. */
  content: z.string().nullish(),
  timestamp: z.string(),
  error: z.string().nullish(),
  providerMessageId: z.string().nullish(),
  triggeredBy: z.string().nullish(),
  campaignId: z.number().nullish(),
  /** For payments: the amount in integer cents. */
  amountCents: z.number().optional(),
  /** For status changes: the previous and new statuses. */
  fromStatus: z.enum(LEAD_STATUSES).nullish(),
  toStatus: z.enum(LEAD_STATUSES).optional(),
});
export type LeadActivityItem = z.output<typeof leadActivityItemSchema>;

/** A lead with its timeline (staff-side.md §3 "Lead activity"). */
export const leadActivitySchema = z.object({
  id: z.number(),
  leadId: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  /** Whole US dollars. */
  totalEstimate: z.number().nullable(),
  pipelineStage: z.enum(LEAD_STATUSES),
  /** Timestamp of the latest email / SMS / call, or null. */
  lastContact: z.string().nullable(),
  activities: z.array(leadActivityItemSchema),
});
export type LeadActivity = z.output<typeof leadActivitySchema>;

/** A calendar day `YYYY-MM-DD` (a date filter of the Lead Activity tab, New York time). */
const dayField = z.iso.date({ error: 'Must be a date (YYYY-MM-DD).' });

/**
 * Query of GET /api/lead-activities: the most recently active leads (`limit` per page, default
 * 50, max 200; `page` from 1). Filters (issue 22 point 8): `search` (name, email, phone),
 * `type` (an activity type), `channel` (email / sms), `from` / `to` (calendar days, inclusive,
 * New York time): only the leads with a matching item are listed, each with its matching items.
 */
export const leadActivitiesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    leadId: recordIdField().optional(),
    search: z.string().trim().max(200).optional(),
    type: z.enum(ACTIVITY_TYPES).optional(),
    channel: z.enum(COMMUNICATION_CHANNELS).optional(),
    from: dayField.optional(),
    to: dayField.optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The start date must not be after the end date.', path: ['to'] });
export type LeadActivitiesQuery = z.output<typeof leadActivitiesQuerySchema>;

/** Answer of GET /api/lead-activities: the most recently active leads first. */
export const leadActivitiesResponseSchema = z.object({
  activities: z.array(leadActivitySchema),
  /** Leads matching the filters (all pages). */
  total: z.number().int().optional(),
  page: z.number().int().optional(),
  pageSize: z.number().int().optional(),
});
export type LeadActivitiesResponse = z.output<typeof leadActivitiesResponseSchema>;

/** Answer of GET /api/leads/{id}/activities: the lead's timeline, newest first; 404. */
export const leadActivityItemsResponseSchema = z.object({ activities: z.array(leadActivityItemSchema) });
export type LeadActivityItemsResponse = z.output<typeof leadActivityItemsResponseSchema>;
