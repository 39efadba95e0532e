/**
 * Socket.IO events between the API's gateway and browsers.
 *
 * A browser that was given a job id (an unguessable UUID, only in the answer to its own request)
 * emits `job:watch` with it and then receives `job:update` events for that job only.
 *
 * Signed-in admins' sockets are in the staff room (session-authenticated on connect,
 * decisions.md §2) and receive `lead:changed` whenever any staff member or visitor creates,
 * updates or deletes a lead, so every open dashboard refreshes without a reload.
 */
import { z } from 'zod';
import { LEAD_STATUSES } from './lead.js';
import { WATCHABLE_QUEUES } from './jobs.js';
import { ACTIVITY_TYPES, CAMPAIGN_STATUSES } from './communications.js';
import { OUTBOUND_CHANNELS, OUTBOUND_STATUSES } from './outbound.js';
import { recordIdField } from './text.js';
import { SITE_IMAGE_KEYS } from './content.js';

export const SOCKET_PATH = '/socket.io';

export const ClientEvent = {
  WatchJob: 'job:watch',
  UnwatchJob: 'job:unwatch',
  /** Staff only: `{campaignId}` → joins `campaign:{id}`, answered with a `campaign:progress` snapshot. */
  WatchCampaign: 'campaign:watch',
  UnwatchCampaign: 'campaign:unwatch',
} as const;
export const ServerEvent = {
  JobUpdate: 'job:update',
  /** CampaignProgress (communications.ts), to the campaign's room, ≤ ~4/s per campaign plus a final one. */
  CampaignProgress: 'campaign:progress',
  /** LeadActivityEvent (communications.ts), to the staff room, when a lead's timeline changes. */
  LeadActivity: 'lead:activity',
  /** LeadChanged (below), to the staff room, when a lead is created, updated or deleted. */
  LeadChanged: 'lead:changed',
  /** ImageRun (http/images.ts), to the staff room, whenever an image of a run changes state. */
  ImageRun: 'image:run',
  /** ImagesGenerated (below), to the staff room, when a run ends (staff-side.md §4 `imagesGenerated`). */
  ImagesGenerated: 'images:generated',
  /** ImageBalance (http/images.ts), to the staff room, when the worker has read the credit balance. */
  ImageBalance: 'image:balance',
  /** ImageApplied (below), to the staff room, when a key's active image changes. */
  ImageApplied: 'image:applied',
} as const;

/** `job:watch` body: a job id (UUID) of a watchable queue (notifications, pdf, images; not the message queues). */
export const watchJobSchema = z.object({
  jobId: z.uuid(),
  queue: z.enum(WATCHABLE_QUEUES),
});
export type WatchJob = z.infer<typeof watchJobSchema>;

/** The lifecycle states a watcher sees, in order (failed may come after retries). */
export const JOB_STATES = ['queued', 'active', 'progress', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One update of a watched job. `progress` is the processor's own value (0-100 or a step object). */
export const jobUpdateSchema = z.object({
  jobId: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  progress: z.unknown().optional(),
  result: z.unknown().optional(),
  failedReason: z.string().optional(),
  /** Epoch ms when the API relayed it. */
  at: z.number(),
});
export type JobUpdate = z.infer<typeof jobUpdateSchema>;

/** Room name for a job's watchers. */
export const jobRoom = (jobId: string) => `job:${jobId}`;

/** What happened to a lead: `status` = its status changed; `updated` = other fields changed. */
export const LEAD_CHANGE_KINDS = ['created', 'status', 'updated', 'deleted'] as const;
export type LeadChangeKind = (typeof LEAD_CHANGE_KINDS)[number];

/** Payload of `lead:changed` (staff room only). `status` is the lead's status after the change. */
export const leadChangedSchema = z.object({
  leadId: z.number().int().positive(),
  kind: z.enum(LEAD_CHANGE_KINDS),
  status: z.enum(LEAD_STATUSES).optional(),
  /** Epoch ms when it was emitted. */
  at: z.number(),
});
export type LeadChanged = z.infer<typeof leadChangedSchema>;

/** Client → server: watch / unwatch a campaign's progress (staff sockets only). */
export const watchCampaignSchema = z.object({ campaignId: recordIdField() });
export type WatchCampaign = z.infer<typeof watchCampaignSchema>;

/** Server → staff: a lead's timeline changed (invalidate its queries). */
export const leadActivityEventSchema = z.object({
  leadId: z.number().int().positive(),
  type: z.enum(ACTIVITY_TYPES),
  /**
   * For a delivery attempt of a single message to the lead: its outcome as stored (`status`: sent,
   * not_delivered with the reason in `error`, failed with the provider's message, or still
   * queued / sending while a retry waits). Absent for other timeline changes.
   */
  message: z
    .object({
      id: z.number().int().positive(),
      channel: z.enum(OUTBOUND_CHANNELS),
      status: z.enum(OUTBOUND_STATUSES),
      error: z.string().nullable(),
    })
    .optional(),
});
export type LeadActivityEvent = z.infer<typeof leadActivityEventSchema>;

/**
 * Payload of `campaign:progress` (to the campaign's room, at most ~4/s per campaign plus a final
 * one): the campaign's live counts from its recipient rows.
 */
export const campaignProgressSchema = z.object({
  campaignId: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** True while the worker is still resolving the audience; `total` is the recipients stored so far. */
  preparing: z.boolean(),
  total: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  notDelivered: z.number(),
  cancelled: z.number(),
  /** Finished recipients / total × 100, 0-100 (100 for an empty campaign once prepared; 0 while preparing an empty one). */
  percent: z.number(),
  /** Sends per second over the last few seconds. */
  ratePerSecond: z.number(),
  /** Epoch ms of the emission. */
  at: z.number(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** Room of a campaign's watchers. */
export const campaignRoom = (campaignId: number) => `campaign:${campaignId}`;

/** Smallest interval between two `campaign:progress` emissions of one campaign (ms). */
export const CAMPAIGN_PROGRESS_INTERVAL_MS = 250;

/**
 * Payload of `images:generated` (staff-side.md §4 "an imagesGenerated event is broadcast"): a run
 * ended; `count` images were created and applied to the website (`keys`).
 */
export const imagesGeneratedSchema = z.object({
  runId: z.number(),
  count: z.number(),
  keys: z.array(z.enum(SITE_IMAGE_KEYS)),
  /** Images of the run that failed or were blocked (logged and skipped). */
  skipped: z.number(),
  cancelled: z.boolean(),
  at: z.number(),
});
export type ImagesGenerated = z.infer<typeof imagesGeneratedSchema>;

/** Payload of `image:applied`: `key` now shows image `imageId` on the site (null: the built-in illustration). */
export const imageAppliedSchema = z.object({ key: z.enum(SITE_IMAGE_KEYS), imageId: z.number().nullable(), at: z.number() });
export type ImageApplied = z.infer<typeof imageAppliedSchema>;
