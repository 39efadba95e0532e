import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { withTimeout } from '../common/with-timeout.js';
import { JobName, QueueName, staffNotificationJobSchema, type JobRef, type StaffNotificationJob } from '@ironclad/contracts';

/** Longest an enqueue may take before the api answers without it (ms). */
export const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Typed producer: every job the api enqueues goes through here, validated with its contract
 * schema. Job ids are random UUIDs: knowing one is what lets a browser watch that job.
 */
@Injectable()
export class JobProducer {
  private readonly logger = new Logger(JobProducer.name);

  constructor(@InjectQueue(QueueName.Notifications) private readonly notifications: Queue) {}

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
      await withTimeout(this.notifications.add(JobName.StaffNotification, data, { jobId: id }), ENQUEUE_TIMEOUT_MS, 'enqueue');
      return { id, queue: QueueName.Notifications };
    } catch (err) {
      this.logger.warn(`could not enqueue staff notification for outbound #${data.outboundMessageId}: ${(err as Error).message}`);
      return null;
    }
  }
}
