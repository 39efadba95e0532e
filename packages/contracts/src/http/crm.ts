/**
 * The CRM Action Items call (staff-side.md §2 CRM tab, §4): GET /api/crm/action-items. The rules
 * that produce the items are ACTION_RULES (crm.ts).
 */
import { z } from 'zod';
import { ACTION_CHANNELS, ACTION_KEYS, ACTION_URGENCIES, LEAD_URGENCIES } from '../crm.js';
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

/** An open action of a lead: the §4 item, its key, when it is due (ISO) and whether that is past. */
export const openActionItemSchema = actionItemSchema.extend({
  key: z.enum(ACTION_KEYS),
  dueAt: z.string(),
  overdue: z.boolean(),
});
export type OpenActionItem = z.output<typeof openActionItemSchema>;

/**
 * One lead of the Action Items list with its OPEN actions (rule order): done (effect recorded),
 * snoozed and dismissed actions are left out. `urgency` comes from the most overdue open action
 * (LEAD_URGENCIES: high = past due, medium = past half its time, low); `score` is that action's
 * hours in stage / due hours (the list's order); `stageSince` the moment the lead entered its stage.
 */
export const leadActionItemsSchema = z.object({
  lead: leadSchema,
  urgency: z.enum(LEAD_URGENCIES),
  score: z.number(),
  stageSince: z.string(),
  actions: z.array(openActionItemSchema),
});
export type LeadActionItems = z.output<typeof leadActionItemsSchema>;

/**
 * Totals of OPEN actions over the whole leads table (not just the page); every urgency (the
 * actions' §4 urgency) and channel is a key.
 */
export const actionItemCountsSchema = z.object({
  /** Leads with at least one open action (= `total`). */
  leads: z.number(),
  /** All open actions. */
  actions: z.number(),
  /** Open leads per lead urgency (past due, past half, before). */
  byLeadUrgency: z.record(z.enum(LEAD_URGENCIES), z.number()),
  byUrgency: z.record(z.enum(ACTION_URGENCIES), z.number()),
  byChannel: z.record(z.enum(ACTION_CHANNELS), z.number()),
});
export type ActionItemCounts = z.output<typeof actionItemCountsSchema>;

/**
 * Answer of GET /api/crm/action-items: the leads that have open actions, most overdue first
 * (highest `score`), then youngest first (newest `createdAt`, then highest id); `today` is the company date used
 * (`YYYY-MM-DD` in `timeZone`, America/New_York). 400 VALIDATION_FAILED for a bad query.
 */
export const actionItemsResponseSchema = z.object({
  items: z.array(leadActionItemsSchema),
  ...pageFields,
  counts: actionItemCountsSchema,
  /**
   * With a large leads table the counts (and `total`) come from a cache refreshed every minute
   * (issue 27): the moment they were computed for (ISO). Absent when they are exact for this answer.
   */
  countsAsOf: z.string().optional(),
  today: z.string(),
  timeZone: z.string(),
});
export type ActionItemsResponse = z.output<typeof actionItemsResponseSchema>;

/** Params of the action-item state calls: the lead and the action's key. */
export const actionItemRefSchema = z.object({
  leadId: z.coerce.number().int().positive(),
  key: z.enum(ACTION_KEYS),
});
export type ActionItemRef = z.output<typeof actionItemRefSchema>;

/** Body of POST /api/crm/action-items/:leadId/:key/snooze: hide the action until `until` (ISO, future, at most 90 days). */
export const snoozeActionItemSchema = z
  .object({
    until: z.iso.datetime({ offset: true }),
  })
  .strict();
export type SnoozeActionItemBody = z.output<typeof snoozeActionItemSchema>;

/** A stored snooze or dismissal of one action of a lead. */
export const actionItemStateSchema = z.object({
  leadId: z.number(),
  key: z.enum(ACTION_KEYS),
  snoozedUntil: z.string().nullable(),
  dismissedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ActionItemState = z.output<typeof actionItemStateSchema>;
