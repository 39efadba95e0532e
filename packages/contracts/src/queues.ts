/**
 * Queue and job names, in one place (architecture.md "Conventions"), and the job payload schemas.
 * Job name = the processor's handler class name.
 */
import { z } from 'zod';

/** Every BullMQ queue of the product. */
export const QueueName = {
  /** Staff "new lead" / "new contact" notification emails. */
  Notifications: 'notifications',
  /** One email to one recipient (single sends, tests and campaign recipients); EMAIL_* limiter. */
  Messages: 'messages',
  /** One SMS to one recipient; its own limiter (SMS_RATE_PER_SECOND, Twilio 1/s per long code). */
  Sms: 'sms',
  /** PDF estimates (issue: calculator). */
  Pdf: 'pdf',
  /** Bulk campaign fan-out and the campaign sweep. */
  Campaigns: 'campaigns',
  /** Stability AI image generation. */
  Images: 'images',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
/**
 * Queues whose jobs a browser may watch by id (random UUIDs handed to the requester). The message
 * and campaign queues are not relayed job by job (their progress is `campaign:progress`), so a
 * 10,000-recipient campaign does not make the api parse tens of thousands of job events.
 */
export const WATCHABLE_QUEUES = [QueueName.Notifications, QueueName.Pdf, QueueName.Images] as const satisfies readonly QueueName[];

/** Job names (= handler class names). */
export const JobName = {
  StaffNotification: 'StaffNotification',
  /** Deliver one stored email/SMS record (queue `messages`). */
  SendMessage: 'SendMessage',
  /** Enqueue one SendMessage job per recipient of a campaign (queue `campaigns`). */
  CampaignFanOut: 'CampaignFanOut',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/**
 * Payload of a StaffNotification job. The API writes the outbound message record (rendered, status
 * `queued`) in the same transaction as the lead/contact; the job only delivers it.
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

/** Channels of outbound messages. */
export const OUTBOUND_CHANNELS = ['email', 'sms'] as const;
export type OutboundChannel = (typeof OUTBOUND_CHANNELS)[number];

/**
 * Status of an outbound message record. `skipped`: the recipient opted out (never sent);
 * `cancelled`: its campaign was cancelled before it was sent.
 */
export const OUTBOUND_STATUSES = ['queued', 'sending', 'sent', 'failed', 'not_delivered', 'skipped', 'cancelled'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];
