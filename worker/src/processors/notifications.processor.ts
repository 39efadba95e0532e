import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { ClosingWorkerHost } from './closing-worker-host.js';
import { delayWhileInProgress, deliveryContext } from './messages.processor.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Jobs, QueueName, staffNotificationJobSchema, type StaffNotificationResult } from '@ironclad/contracts';
import { ENV, type Env } from '@ironclad/backend/config/env.js';
import { MessageDeliveryService } from '@ironclad/backend/modules/messaging/message-delivery.service.js';
import { ProviderError } from '@ironclad/backend/modules/messaging/email-provider.js';

/** Job name of the periodic outbox sweep on the notifications queue. */
export const OUTBOX_SWEEP_JOB = 'OutboxSweep';
/** How often the sweep runs (ms). */
export const OUTBOX_SWEEP_EVERY_MS = 60_000;
/** A `queued` record older than this with no delivery is re-enqueued by the sweep (ms). */
export const OUTBOX_SWEEP_AGE_MS = 2 * 60_000;

/**
 * Drains the notifications queue (issue 2 item 5):
 *  - `StaffNotification {outboundMessageId}`: delivers the recorded staff email once, reporting
 *    progress; provider 429/5xx/network failures are retried with exponential backoff (job
 *    options), permanent 4xx failures stop at once (UnrecoverableError); a record being
 *    delivered by another attempt (or waiting out the lease of a timed-out send) re-delays the
 *    job until then without using an attempt.
 *  - `OutboxSweep` (every minute): re-enqueues staff emails left `queued` in Postgres (e.g. Redis
 *    was down when the api stored them, or a worker died mid-send), with a deterministic job id
 *    so the sweep never stacks duplicates.
 */
@Processor(QueueName.Notifications)
export class NotificationsProcessor extends ClosingWorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(NotificationsProcessor.name);

  constructor(
    private readonly delivery: MessageDeliveryService,
    @InjectQueue(QueueName.Notifications) private readonly queue: Queue,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.worker.concurrency = this.env.WORKER_CONCURRENCY;
    await this.queue.upsertJobScheduler(OUTBOX_SWEEP_JOB, { every: OUTBOX_SWEEP_EVERY_MS }, { name: OUTBOX_SWEEP_JOB, opts: { attempts: 1 } });
  }

  async process(job: Job, token?: string): Promise<unknown> {
    switch (job.name) {
      case Jobs.StaffNotification.name:
        return this.staffNotification(job, token);
      case OUTBOX_SWEEP_JOB:
        return this.sweep();
      default:
        throw new UnrecoverableError(`unknown job ${job.name}`);
    }
  }

  private async staffNotification(job: Job, token: string | undefined): Promise<StaffNotificationResult> {
    const parsed = staffNotificationJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid StaffNotification payload: ${parsed.error.message}`);
    const { outboundMessageId } = parsed.data;
    await job.updateProgress({ step: 'sending' });
    const attempts = job.opts.attempts ?? 1;
    try {
      const result = await this.delivery.deliver(outboundMessageId, { isFinalAttempt: job.attemptsMade + 1 >= attempts, ...deliveryContext(job) });
      await job.updateProgress({ step: result.status });
      return result;
    } catch (err) {
      await delayWhileInProgress(job, token, err);
      if (err instanceof ProviderError && !err.retryable) throw new UnrecoverableError(err.message);
      throw err;
    }
  }

  /** Re-enqueues stale `queued` staff notifications; returns how many. */
  private async sweep(): Promise<{ requeued: number }> {
    const rows: { id: number; lead_id: number | null; contact_id: number | null; payment_id: number | null }[] = await this.dataSource.query(
      `SELECT id, lead_id, contact_id,
              (SELECT p.id FROM payments p WHERE o.idempotency_key LIKE 'staff-notification:payment%'
                  AND p.payment_intent_id = split_part(o.idempotency_key, ':', 3)) AS payment_id
         FROM outbound_messages o
        WHERE idempotency_key LIKE 'staff-notification:%'
          AND ((status = 'queued' AND updated_at < now() - ($1 || ' milliseconds')::interval)
            OR (status = 'sending' AND updated_at < now() - ($2 || ' milliseconds')::interval))
        ORDER BY id LIMIT 500`,
      [String(OUTBOX_SWEEP_AGE_MS), String(this.env.MESSAGE_SENDING_LEASE_MS)],
    );
    for (const row of rows) {
      // payment receipts / notices (issue 4) carry the payment id; the others their lead or contact
      const kind = row.payment_id !== null ? 'payment' : row.lead_id !== null ? 'lead' : 'contact';
      const recordId = row.payment_id ?? row.lead_id ?? row.contact_id ?? 0;
      if (!recordId) continue;
      await this.queue.add(Jobs.StaffNotification.name, { outboundMessageId: row.id, kind, recordId }, { jobId: `outbound-${row.id}` });
    }
    if (rows.length) this.logger.log(`outbox sweep re-enqueued ${rows.length} notification(s)`);
    return { requeued: rows.length };
  }
}
