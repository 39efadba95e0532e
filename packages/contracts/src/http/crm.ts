/**
 * The CRM Action Items call (staff-side.md §2 CRM tab, §4): GET /api/crm/action-items. The rules
 * that produce the items are ACTION_RULES (crm.ts).
 */
import { z } from 'zod';
import { ACTION_CHANNELS, ACTION_URGENCIES } from '../crm.js';
import { pageFields } from './common.js';
import { leadSchema } from './leads.js';
import { STAFF_PAGE_SIZE_MAX } from './staff.js';

/** Query of GET /api/crm/action-items. */
export const actionItemsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(25),
  })
  .strict();
export type ActionItemsQuery = z.output<typeof actionItemsQuerySchema>;

/** One suggested follow-up (a row of ACTION_RULES). */
export const actionItemSchema = z.object({
  channel: z.enum(ACTION_CHANNELS),
  urgency: z.enum(ACTION_URGENCIES),
  title: z.string(),
});
export type ActionItem = z.output<typeof actionItemSchema>;

/** One lead of the Action Items list with its suggested actions (rule order). */
export const leadActionItemsSchema = z.object({
  lead: leadSchema,
  /** The most urgent of `actions`. */
  urgency: z.enum(ACTION_URGENCIES),
  actions: z.array(actionItemSchema),
});
export type LeadActionItems = z.output<typeof leadActionItemsSchema>;

/** Totals over the whole leads table (not just the page); every urgency and channel is a key. */
export const actionItemCountsSchema = z.object({
  /** Leads with at least one action (= `total`). */
  leads: z.number(),
  /** All suggested actions. */
  actions: z.number(),
  byUrgency: z.record(z.enum(ACTION_URGENCIES), z.number()),
  byChannel: z.record(z.enum(ACTION_CHANNELS), z.number()),
});
export type ActionItemCounts = z.output<typeof actionItemCountsSchema>;

/**
 * Answer of GET /api/crm/action-items: the leads that have actions, most urgent first, then
 * youngest first (newest `createdAt`, then highest id); `today` is the company date used
 * (`YYYY-MM-DD` in `timeZone`, America/New_York). 400 VALIDATION_FAILED for a bad query.
 */
export const actionItemsResponseSchema = z.object({
  items: z.array(leadActionItemsSchema),
  ...pageFields,
  counts: actionItemCountsSchema,
  today: z.string(),
  timeZone: z.string(),
});
export type ActionItemsResponse = z.output<typeof actionItemsResponseSchema>;
