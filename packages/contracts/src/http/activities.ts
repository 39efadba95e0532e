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

/** Query of GET /api/lead-activities: the most recently active leads (default 50, max 200). */
export const leadActivitiesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    leadId: recordIdField().optional(),
  })
  .strict();
export type LeadActivitiesQuery = z.output<typeof leadActivitiesQuerySchema>;

/** Answer of GET /api/lead-activities: the most recently active leads first. */
export const leadActivitiesResponseSchema = z.object({ activities: z.array(leadActivitySchema) });
export type LeadActivitiesResponse = z.output<typeof leadActivitiesResponseSchema>;

/** Answer of GET /api/leads/{id}/activities: the lead's timeline, newest first; 404. */
export const leadActivityItemsResponseSchema = z.object({ activities: z.array(leadActivityItemSchema) });
export type LeadActivityItemsResponse = z.output<typeof leadActivityItemsResponseSchema>;
