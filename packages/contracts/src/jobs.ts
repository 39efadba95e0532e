/**
 * Every BullMQ queue, job name and job payload schema of the product, declared once
 * (architecture.md "Conventions": queue and job names live in contracts only). The api enqueues
 * through `JobProducer.enqueue(Jobs.X, payload)`; the worker's processors route by the same
 * definitions, and both validate the payload with its schema.
 */
import { z } from 'zod';
import type { OutboundStatus } from './outbound.js';

/** Every BullMQ queue of the product. */
export const QueueName = {
  /** Staff "new lead" / "new contact" / payment notification emails, and the outbox sweep. */
  Notifications: 'notifications',
  /** One email to one recipient (single sends, tests and campaign recipients); EMAIL_* limiter. */
  Messages: 'messages',
  /** One SMS to one recipient; its own limiter (SMS_RATE_PER_SECOND, Twilio 1/s per long code). */
  Sms: 'sms',
  /** PDF estimates of the cost calculator. */
  Pdf: 'pdf',
  /** Bulk campaign fan-out and the campaign sweep. */
  Campaigns: 'campaigns',
  /** Stability AI image generation. */
  Images: 'images',
  /** Staff CSV exports, streamed from Postgres into stored files (issue 27). */
  Exports: 'exports',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
/**
 * Queues whose jobs a browser may watch by id (random UUIDs handed to the requester). The message
 * and campaign queues are not relayed job by job (their progress is `campaign:progress`), so a
 * 10,000-recipient campaign does not make the api parse tens of thousands of job events.
 */
export const WATCHABLE_QUEUES = [
  QueueName.Notifications,
  QueueName.Pdf,
  QueueName.Images,
  QueueName.Exports,
] as const satisfies readonly QueueName[];

/** One kind of job: the queue it runs on, its name (unique within the queue) and its payload schema. */
export interface JobDefinition<Q extends QueueName = QueueName, N extends string = string, S extends z.ZodType = z.ZodType> {
  readonly queue: Q;
  readonly name: N;
  readonly schema: S;
}

/** The payload type of a job definition (after parsing). */
export type JobPayload<J extends JobDefinition> = z.output<J['schema']>;

/** Declares a job kind; the result is frozen and used by producers and processors alike. */
export function defineJob<const Q extends QueueName, const N extends string, S extends z.ZodType>(definition: {
  queue: Q;
  name: N;
  schema: S;
}): JobDefinition<Q, N, S> {
  return Object.freeze({ ...definition });
}

/** Payload of a repeatable (scheduled) job that carries no data. */
const noPayload = z.object({}).strict();

/**
 * Payload of a StaffNotification job. The api writes the outbound message record (rendered, status
 * `queued`) in the same transaction as the lead/contact/payment; the job only delivers it.
 */
export const staffNotificationJobSchema = z.object({
  outboundMessageId: z.number().int().positive(),
  /** `payment`: a payment receipt or staff payment notice (recordId = payments.id). */
  kind: z.enum(['lead', 'contact', 'payment']),
  recordId: z.number().int().positive(),
});
export type StaffNotificationJob = z.infer<typeof staffNotificationJobSchema>;

/** Result of a StaffNotification job. */
export interface StaffNotificationResult {
  outboundMessageId: number;
  status: OutboundStatus;
  /** True when an earlier attempt had already sent/recorded it (idempotent replay). */
  duplicate: boolean;
}

/**
 * Payload of a SendMessage job (queue `messages` for email, `sms` for SMS): deliver one stored
 * record. `campaignId` / `leadId` let the worker publish progress without reading the record.
 */
export const sendMessageJobSchema = z.object({
  outboundMessageId: z.number().int().positive(),
  campaignId: z.number().int().positive().optional(),
  leadId: z.number().int().positive().optional(),
});
export type SendMessageJob = z.infer<typeof sendMessageJobSchema>;

/** Payload of a CampaignFanOut job (queue `campaigns`): enqueue the campaign's recipient jobs. */
export const campaignFanOutJobSchema = z.object({ campaignId: z.number().int().positive() });
export type CampaignFanOutJob = z.infer<typeof campaignFanOutJobSchema>;

/**
 * Payload of an EstimatePdf job. The worker reads the lead, prices its stored configuration once
 * with this discount (the promotion valid when the visitor asked, decisions.md §7), renders,
 * stores and emails it. `requestId` (= the job id) makes the stored document idempotent; the api
 * derives it from the lead and what the PDF depends on (its stored configuration, the promotion),
 * so asking again for the same PDF is the same job and the same document.
 */
export const estimatePdfJobSchema = z.object({
  leadId: z.number().int().positive(),
  requestId: z.uuid(),
  discountPercent: z.number().min(0).max(100),
  promotionCode: z.string().nullable(),
});
export type EstimatePdfJob = z.infer<typeof estimatePdfJobSchema>;

/**
 * Payload of an EstimateEmail job (queue `pdf`): deliver the already stored email `outboundMessageId`
 * with document `documentId` of lead `leadId` attached — a PDF email that was suppressed by the
 * per-recipient cap and that staff chose to send by hand. Nothing is rendered.
 */
export const estimateEmailJobSchema = z.object({
  leadId: z.number().int().positive(),
  documentId: z.number().int().positive(),
  outboundMessageId: z.number().int().positive(),
});
export type EstimateEmailJob = z.infer<typeof estimateEmailJobSchema>;

/**
 * Payload of a StaffDigest job (queue `notifications`): one email to the staff listing the
 * notifications of `group` that were suppressed in the window `[windowStart, windowStart +
 * windowMs)` (epoch ms) because more than LEAD_DIGEST_AFTER_PER_MINUTE arrived in it.
 */
export const staffDigestJobSchema = z.object({
  group: z.enum(['new-leads']),
  windowStart: z.number().int().nonnegative(),
  windowMs: z.number().int().positive(),
});
export type StaffDigestJob = z.infer<typeof staffDigestJobSchema>;

/** Result of a StaffDigest job: the digest's record (null when nothing was suppressed in the window). */
export interface StaffDigestResult {
  outboundMessageId: number | null;
  status: OutboundStatus | null;
  /** How many suppressed notifications the digest lists. */
  listed: number;
}

/** Steps the visitor sees (`job.updateProgress({step})`), in order. */
export const ESTIMATE_PDF_STEPS = ['queued', 'rendering', 'emailed'] as const;
export type EstimatePdfStep = (typeof ESTIMATE_PDF_STEPS)[number];

/**
 * Progress payload of an EstimatePdf job. `saved` = rendered and stored but not emailed (outbox,
 * or the email was suppressed by the per-recipient cap).
 */
export interface EstimatePdfProgress {
  step: EstimatePdfStep | 'emailing' | 'saved';
}

/**
 * Payload of a FreeGuideEmail job (queue `pdf`): email the 47-point security checklist (a PDF the
 * worker renders once and stores) to the free-guide contact `contactId`. Idempotent: the email's
 * record is keyed by the contact, so a retried or replayed job never sends twice; a record staff
 * released after the per-recipient cap suppressed it is delivered by the same job.
 */
export const freeGuideEmailJobSchema = z.object({ contactId: z.number().int().positive() });
export type FreeGuideEmailJob = z.infer<typeof freeGuideEmailJobSchema>;

/** Result of a FreeGuideEmail job. */
export interface FreeGuideEmailResult {
  documentId: number;
  outboundMessageId: number;
  emailStatus: OutboundStatus;
}

/**
 * Payload of a QuotePdf job (queue `pdf`, issue 21 point 4): render quote version
 * `quoteVersionId`'s PDF (all its options), store it with the lead, and email the customer the
 * version's link with the PDF attached, under the delivery policy and the per-recipient cap. Idempotent per version (job id `quote-pdf-<id>`;
 * the stored document and the email record are keyed by the version).
 */
export const quotePdfJobSchema = z.object({ quoteVersionId: z.number().int().positive() });
export type QuotePdfJob = z.infer<typeof quotePdfJobSchema>;

/** Result of an EstimatePdf job. */
export interface EstimatePdfResult {
  documentId: number;
  outboundMessageId: number;
  emailStatus: OutboundStatus;
  /** True only when the provider accepted the email (`sent`). */
  emailed: boolean;
}

/**
 * Payload of a GenerateImage job (queue `images`, a child of its run's ImageRun job): generate and
 * store image `imageId`, whose row (prompt, seed, model, aspect ratio) the api wrote before
 * enqueueing. The row makes the job idempotent: a replay of a finished image changes nothing and
 * calls Stability no more.
 */
export const generateImageJobSchema = z.object({ imageId: z.number().int().positive() });
export type GenerateImageJob = z.infer<typeof generateImageJobSchema>;

/** Payload of an ImageRun job (queue `images`, the parent of the run's GenerateImage jobs): close run `runId`. */
export const imageRunJobSchema = z.object({ runId: z.number().int().positive() });
export type ImageRunJob = z.infer<typeof imageRunJobSchema>;

/** Result of a GenerateImage job. */
export interface GenerateImageResult {
  imageId: number;
  status: 'done' | 'failed' | 'blocked' | 'cancelled';
  /** True when the image was already final before this run of the job (a replay). */
  replay: boolean;
}

/**
 * Payload of a BuildExport job (queue `exports`): stream the rows of stored export `exportId`
 * (its kind and time are on the `export_files` row the api wrote) into its stored file.
 */
export const buildExportJobSchema = z.object({ exportId: z.uuid() });
export type BuildExportJob = z.infer<typeof buildExportJobSchema>;

/** Progress of a BuildExport job: rows written so far, of `total` (an upper bound read before streaming). */
export interface BuildExportProgress {
  rows: number;
  total: number;
}

/**
 * Result of a BuildExport job: the file's rows and bytes, and the worker's memory growth while it
 * streamed (`process.memoryUsage()` peaks minus the values at the start, bytes).
 */
export interface BuildExportResult {
  exportId: string;
  rows: number;
  bytes: number;
  peakRssDeltaBytes: number;
  peakHeapDeltaBytes: number;
}

/** Every job of the product, by name. */
export const Jobs = {
  /** Deliver one recorded staff notification email (queue `notifications`). */
  StaffNotification: defineJob({ queue: QueueName.Notifications, name: 'StaffNotification', schema: staffNotificationJobSchema }),
  /** At the end of a busy window: one email listing the staff notifications suppressed in it. */
  StaffDigest: defineJob({ queue: QueueName.Notifications, name: 'StaffDigest', schema: staffDigestJobSchema }),
  /** Every minute: re-enqueue staff notifications left `queued` (Redis was down, a worker died). */
  OutboxSweep: defineJob({ queue: QueueName.Notifications, name: 'OutboxSweep', schema: noPayload }),
  /** Deliver one stored email record (queue `messages`). */
  SendEmail: defineJob({ queue: QueueName.Messages, name: 'SendMessage', schema: sendMessageJobSchema }),
  /** Deliver one stored SMS record (queue `sms`). */
  SendSms: defineJob({ queue: QueueName.Sms, name: 'SendMessage', schema: sendMessageJobSchema }),
  /** Enqueue one SendMessage job per recipient of a campaign (queue `campaigns`). */
  CampaignFanOut: defineJob({ queue: QueueName.Campaigns, name: 'CampaignFanOut', schema: campaignFanOutJobSchema }),
  /** Periodic: fan out stuck campaigns, re-enqueue lost message jobs, end drained campaigns. */
  CampaignSweep: defineJob({ queue: QueueName.Campaigns, name: 'CampaignSweep', schema: noPayload }),
  /**
   * Periodic (ARCHIVE_PURGE_EVERY_MS), the staff CRM's housekeeping beside the campaign sweep:
   * delete for good the leads archived more than LEAD_ARCHIVE_DAYS ago.
   */
  ArchivedLeadsPurge: defineJob({ queue: QueueName.Campaigns, name: 'ArchivedLeadsPurge', schema: noPayload }),
  /** Render, store and email a calculator lead's PDF estimate (queue `pdf`). */
  EstimatePdf: defineJob({ queue: QueueName.Pdf, name: 'EstimatePdf', schema: estimatePdfJobSchema }),
  /** Render a saved quote version's PDF and email its link with the PDF attached (queue `pdf`). */
  QuotePdf: defineJob({ queue: QueueName.Pdf, name: 'QuotePdf', schema: quotePdfJobSchema }),
  /** Email an already stored PDF estimate whose suppressed email staff released (queue `pdf`). */
  EstimateEmail: defineJob({ queue: QueueName.Pdf, name: 'EstimateEmail', schema: estimateEmailJobSchema }),
  /** Email the free 47-point security checklist PDF to a free-guide contact (queue `pdf`). */
  FreeGuideEmail: defineJob({ queue: QueueName.Pdf, name: 'FreeGuideEmail', schema: freeGuideEmailJobSchema }),
  /** Generate and store one site image with Stability AI (queue `images`, a child of ImageRun). */
  GenerateImage: defineJob({ queue: QueueName.Images, name: 'GenerateImage', schema: generateImageJobSchema }),
  /** Close an image run once its images are done, failed or skipped; broadcast `images:generated`. */
  ImageRun: defineJob({ queue: QueueName.Images, name: 'ImageRun', schema: imageRunJobSchema }),
  /** Read the Stability credit balance and publish it to staff (queue `images`, under its rate limit). */
  ImageBalance: defineJob({ queue: QueueName.Images, name: 'ImageBalance', schema: noPayload }),
  /** Stream a staff export from Postgres into its stored file (queue `exports`). */
  BuildExport: defineJob({ queue: QueueName.Exports, name: 'BuildExport', schema: buildExportJobSchema }),
  /** Periodic: delete stored exports past their 24 h expiry, with their files (queue `exports`). */
  ExportSweep: defineJob({ queue: QueueName.Exports, name: 'ExportSweep', schema: noPayload }),
} as const;
