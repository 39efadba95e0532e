import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WorkerOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  Jobs,
  QueueName,
  type StaffDigestJob,
  type StaffDigestResult,
  type StaffNotificationJob,
  type StaffNotificationResult,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProcessor, route, type JobContext, type JobRoute, type JobSchedule } from '../../platform/queue/job-processor.js';
import { deliveryBackoffStrategy, deliveryPolicyOf } from './delivery-policy.js';
import { MessageDeliveryService } from './message-delivery.service.js';
import { deliveryContext } from './message-delivery.processors.js';
import { MessageJobs } from './message-jobs.js';
import { StaffDigests } from './staff-digests.js';

/**
 * Drains the notifications queue:
 *  - `StaffNotification {outboundMessageId}`: delivers the recorded staff email once, reporting
 *    progress; provider 429/5xx/network failures are retried under the delivery policy
 *    (delivery-policy.ts: Retry-After or jittered backoff, up to MESSAGE_PATIENCE_MS), permanent
 *    4xx failures stop at once; a record being delivered by another attempt
 *    (or waiting out the lease of a timed-out send) re-delays the job until then without using
 *    an attempt.
 *  - `StaffDigest {group, windowStart, windowMs}` (delayed to the window's end): records one email
 *    listing the notifications suppressed in that window (staff-digests.ts) and delivers it; a
 *    replayed job finds the same record and sends nothing twice.
 *  - `OutboxSweep` (every OUTBOX_SWEEP_EVERY_MS): re-enqueues staff emails left `queued` in
 *    Postgres longer than OUTBOX_SWEEP_AGE_MS (Redis was down when the api stored them, or lost
 *    their jobs with its data) or `sending` past their lease (a worker died mid-send), under the
 *    notification's own deterministic job id (message-jobs.ts `staffNotificationJobId`), added
 *    only when that job will not run any more: a notification waiting out a long outage (its
 *    record untouched while the breaker is open) never gets a second job. Its scheduler is re-registered
 *    when Redis loses it (platform JobSchedulerKeeper), so the sweep itself survives a Redis loss.
 */
@Injectable()
export class StaffNotificationsProcessor extends JobProcessor {
  readonly queue = QueueName.Notifications;
  private readonly logger = new Logger(StaffNotificationsProcessor.name);

  constructor(
    private readonly delivery: MessageDeliveryService,
    private readonly jobs: MessageJobs,
    private readonly digests: StaffDigests,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  protected routes(): JobRoute[] {
    return [
      route(Jobs.StaffNotification, (payload, ctx) => this.deliver(payload, ctx)),
      route(Jobs.StaffDigest, (payload, ctx) => this.digest(payload, ctx)),
      route(Jobs.OutboxSweep, () => this.sweep()),
    ];
  }

  /** Notifications follow the delivery policy's backoff (delivery-policy.ts). */
  override workerOptions(): Partial<WorkerOptions> {
    return { settings: { backoffStrategy: deliveryBackoffStrategy(deliveryPolicyOf(this.env)) } };
  }

  override schedules(): JobSchedule[] {
    return [{ definition: Jobs.OutboxSweep, everyMs: this.env.OUTBOX_SWEEP_EVERY_MS }];
  }

  private async deliver({ outboundMessageId }: StaffNotificationJob, ctx: JobContext): Promise<StaffNotificationResult> {
    await ctx.progress({ step: 'sending' });
    const result = await this.delivery.deliver(outboundMessageId, {
      isFinalAttempt: ctx.isFinalAttempt,
      channel: 'email',
      ...deliveryContext(ctx.job),
    });
    await ctx.progress({ step: result.status });
    return result;
  }

  private async digest(job: StaffDigestJob, ctx: JobContext): Promise<StaffDigestResult> {
    const digest = await this.digests.recordDigest(job);
    if (!digest) return { outboundMessageId: null, status: null, listed: 0 };
    const result = await this.delivery.deliver(digest.record.id, {
      isFinalAttempt: ctx.isFinalAttempt,
      channel: 'email',
      ...deliveryContext(ctx.job),
    });
    return { outboundMessageId: digest.record.id, status: result.status, listed: digest.listed };
  }

  /** Re-enqueues stale `queued` staff notifications; returns how many. */
  private async sweep(): Promise<{ requeued: number }> {
    const rows: { id: number; lead_id: number | null; contact_id: number | null; payment_id: number | null }[] =
      await this.dataSource.query(
        `SELECT id, lead_id, contact_id,
              (SELECT p.id FROM payments p WHERE o.idempotency_key LIKE 'staff-notification:payment%'
                  AND p.payment_intent_id = split_part(o.idempotency_key, ':', 3)) AS payment_id
         FROM outbound_messages o
        WHERE idempotency_key LIKE 'staff-notification:%'
          AND ((status = 'queued' AND updated_at < now() - ($1 || ' milliseconds')::interval)
            OR (status = 'sending' AND updated_at < now() - ($2 || ' milliseconds')::interval))
        ORDER BY id LIMIT 500`,
        [String(this.env.OUTBOX_SWEEP_AGE_MS), String(this.env.MESSAGE_SENDING_LEASE_MS)],
      );
    let requeued = 0;
    for (const row of rows) {
      // payment receipts / notices carry the payment id; the others their lead or contact
      const kind = row.payment_id !== null ? 'payment' : row.lead_id !== null ? 'lead' : 'contact';
      const recordId = row.payment_id ?? row.lead_id ?? row.contact_id ?? 0;
      if (!recordId) continue;
      // nothing is added while the notification's job still waits (a backoff, an open breaker)
      if (await this.jobs.requeueStaffNotification({ outboundMessageId: row.id, kind, recordId })) requeued += 1;
    }
    if (requeued) this.logger.log(`outbox sweep re-enqueued ${requeued} notification(s) whose job was lost`);
    return { requeued };
  }
}
