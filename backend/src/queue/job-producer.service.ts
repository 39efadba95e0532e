import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { withTimeout } from '../common/with-timeout.js';
import { ENV, type Env } from '../config/env.js';
import {
  Jobs, QueueName, campaignFanOutJobSchema, sendMessageJobSchema, staffNotificationJobSchema,
  type JobRef, type OutboundChannel, type StaffNotificationJob,
} from '@ironclad/contracts';
import { fanOutJobId, messageJobId, messageJobOptions, queueOfChannel } from './message-jobs.js';

/** Longest an enqueue may take before the api answers without it (ms). */
export const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Typed producer: every job the api enqueues goes through here, validated with its contract
 * schema. Staff notification job ids are random UUIDs (knowing one lets a browser watch that
 * job); message and fan-out ids are deterministic (see message-jobs.ts).
 */
@Injectable()
export class JobProducer {
  private readonly logger = new Logger(JobProducer.name);

  constructor(
    @InjectQueue(QueueName.Notifications) private readonly notifications: Queue,
    @InjectQueue(QueueName.Messages) private readonly emails: Queue,
    @InjectQueue(QueueName.Sms) private readonly sms: Queue,
    @InjectQueue(QueueName.Campaigns) private readonly campaigns: Queue,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Enqueues delivery of a staff notification whose outbound record already exists.
   * Never throws: when Redis is unavailable the record stays `queued` in Postgres and the
   * worker's outbox sweep delivers it later.
   * @returns the job to watch, or `null` when it could not be enqueued now.
   */
  async enqueueStaffNotification(payload: StaffNotificationJob): Promise<JobRef | null> {
    const data = staffNotificationJobSchema.parse(payload);
    const id = randomUUID();
    try {
      await withTimeout(this.notifications.add(Jobs.StaffNotification.name, data, { jobId: id }), ENQUEUE_TIMEOUT_MS, 'enqueue');
      return { id, queue: QueueName.Notifications };
    } catch (err) {
      this.logger.warn(`could not enqueue staff notification for outbound #${data.outboundMessageId}: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * Enqueues delivery of one recorded email/SMS (queue `messages` or `sms`). Never throws: when
   * Redis is unavailable the record stays `queued` and the campaign sweep enqueues it later.
   * @returns the job, or null when it could not be enqueued now.
   */
  async enqueueMessage(outboundMessageId: number, channel: OutboundChannel, leadId?: number | null): Promise<JobRef | null> {
    const data = sendMessageJobSchema.parse({ outboundMessageId, ...(leadId ? { leadId } : {}) });
    const queue = channel === 'email' ? this.emails : this.sms;
    const id = messageJobId(outboundMessageId);
    try {
      await withTimeout(queue.add(Jobs.SendEmail.name, data, { ...messageJobOptions(this.env), jobId: id }), ENQUEUE_TIMEOUT_MS, 'enqueue');
      return { id, queue: queueOfChannel(channel) };
    } catch (err) {
      this.logger.warn(`could not enqueue outbound #${outboundMessageId}: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * Enqueues the fan-out of a stored campaign (one job per generation). Never throws: the
   * campaign sweep fans out campaigns whose fan-out never ran.
   */
  async enqueueCampaignFanOut(campaignId: number, generation: number): Promise<boolean> {
    const data = campaignFanOutJobSchema.parse({ campaignId });
    try {
      await withTimeout(
        this.campaigns.add(Jobs.CampaignFanOut.name, data, { jobId: fanOutJobId(campaignId, generation), attempts: 5, backoff: { type: 'exponential', delay: 1000 } }),
        ENQUEUE_TIMEOUT_MS,
        'enqueue',
      );
      return true;
    } catch (err) {
      this.logger.warn(`could not enqueue the fan-out of campaign #${campaignId}: ${(err as Error).message}`);
      return false;
    }
  }

  /** The message queues, for removing a paused or cancelled campaign's waiting jobs. */
  queueOf(channel: OutboundChannel): Queue {
    return channel === 'email' ? this.emails : this.sms;
  }
}
