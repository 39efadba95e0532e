import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DelayedError, type Job, UnrecoverableError, Worker, type WorkerOptions } from 'bullmq';
import { Jobs, QueueName, sendMessageJobSchema, type OutboundChannel } from '@ironclad/contracts';
import { ENV, type Env } from '@ironclad/backend/config/env.js';
import { bullConnection } from '@ironclad/backend/queue/redis-connection.js';
import { jitteredBackoff, JITTER_BACKOFF } from '@ironclad/backend/queue/message-jobs.js';
import { StaffEvents } from '@ironclad/backend/realtime/staff-events.js';
import { DeliveryInProgressError, MessageDeliveryService, type DeliveryResult } from '@ironclad/backend/modules/messaging/message-delivery.service.js';
import { ProviderError } from '@ironclad/backend/modules/messaging/email-provider.js';
import { CampaignProgressPublisher } from '@ironclad/backend/modules/communications/campaign-progress.publisher.js';
import { twilioConfigured } from '@ironclad/backend/modules/messaging/messaging.module.js';

/** BullMQ rate limiter for `perSecond` sends per second across all workers (undefined = none). */
export function limiterFor(perSecond: number): WorkerOptions['limiter'] {
  if (perSecond <= 0) return undefined;
  if (Number.isInteger(perSecond)) return { max: perSecond, duration: 1000 };
  // fractional rates: the smallest window holding a whole number of sends (e.g. 0.5/s → 1 per 2 s)
  for (const duration of [2000, 4000, 5000, 10_000]) {
    const max = (perSecond * duration) / 1000;
    if (Number.isInteger(max)) return { max, duration };
  }
  return { max: Math.max(1, Math.round(perSecond * 10)), duration: 10_000 };
}

/** What MessageDeliveryService needs to know of the job: earlier starts and its creation time. */
export const deliveryContext = (job: Job) => ({ priorStarts: Math.max(0, (job.attemptsStarted ?? 1) - 1), since: new Date(job.timestamp) });

/**
 * When a delivery finds its record being delivered by another attempt, or waiting out the lease
 * of a send whose outcome is unknown (DeliveryInProgressError), re-delays the job until then
 * without using one of its attempts. Every processor that calls MessageDeliveryService.deliver
 * passes its errors through here first.
 * @throws DelayedError (the job is now delayed) for a DeliveryInProgressError; returns otherwise.
 */
export async function delayWhileInProgress(job: Job, token: string | undefined, err: unknown): Promise<void> {
  if (err instanceof DeliveryInProgressError && token) {
    await job.moveToDelayed(err.retryAt, token);
    throw new DelayedError();
  }
}

/** Options shared by the message and campaign workers: lock/stall settings from the env. */
export function workerOptions(env: Env): Pick<WorkerOptions, 'connection' | 'prefix' | 'lockDuration' | 'stalledInterval'> {
  return {
    connection: bullConnection(env.REDIS_URL, 'worker'),
    prefix: env.QUEUE_PREFIX,
    lockDuration: env.WORKER_LOCK_DURATION_MS,
    stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
  };
}

/**
 * Drains the message queues (issue 7 items 1, 2): `messages` (email) and `sms`, one BullMQ Worker
 * each, created here rather than with `@Processor` so that their concurrency, limiter
 * (EMAIL_/SMS_RATE_PER_SECOND: BullMQ's limiter is global to the queue, across workers; none for
 * the local outbox), lock and stalled-check settings come from the env.
 *
 * `SendMessage {outboundMessageId, campaignId?, leadId?}`: MessageDeliveryService.deliver —
 *  - provider 429/5xx/network: thrown, retried with jittered exponential backoff (custom backoff
 *    strategy `jitter`, MESSAGE_BACKOFF_MS…MESSAGE_BACKOFF_MAX_MS), the record back to `queued`;
 *  - permanent 4xx: UnrecoverableError with the provider's reason, record `failed` at once;
 *  - record being delivered by another attempt (lease): the job re-delays itself until the lease
 *    ends (DelayedError: no attempt used).
 * After each outcome it tells the campaign's progress publisher, or staff sockets (`lead:activity`).
 */
@Injectable()
export class MessageWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MessageWorkers.name);
  readonly workers: Worker[] = [];

  constructor(
    private readonly delivery: MessageDeliveryService,
    private readonly progress: CampaignProgressPublisher,
    private readonly events: StaffEvents,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    // the limiter protects the provider: the local outbox (no provider configured) is not limited
    const channels: [OutboundChannel, string, number, number][] = [
      ['email', QueueName.Messages, this.env.EMAIL_CONCURRENCY, this.env.SENDGRID_API_KEY ? this.env.EMAIL_RATE_PER_SECOND : 0],
      ['sms', QueueName.Sms, this.env.SMS_CONCURRENCY, twilioConfigured(this.env) ? this.env.SMS_RATE_PER_SECOND : 0],
    ];
    for (const [channel, queue, concurrency, rate] of channels) {
      const worker = new Worker(queue, (job, token) => this.process(job, token), {
        ...workerOptions(this.env),
        concurrency,
        limiter: limiterFor(rate),
        settings: {
          backoffStrategy: (attemptsMade: number, type?: string) =>
            type === JITTER_BACKOFF ? jitteredBackoff(attemptsMade, this.env.MESSAGE_BACKOFF_MS, this.env.MESSAGE_BACKOFF_MAX_MS) : this.env.MESSAGE_BACKOFF_MS,
        },
      });
      let lastError = 0;
      worker.on('error', (err) => {
        if (Date.now() - lastError < 10_000) return;
        lastError = Date.now();
        this.logger.warn(`${channel} worker: ${err.message}`);
      });
      this.workers.push(worker);
    }
  }

  /** Stops taking jobs and waits for the active ones (graceful shutdown), while Postgres is still open. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }

  async process(job: Job, token?: string): Promise<DeliveryResult> {
    if (job.name !== Jobs.SendEmail.name) throw new UnrecoverableError(`unknown job ${job.name}`);
    const parsed = sendMessageJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid SendMessage payload: ${parsed.error.message}`);
    const { outboundMessageId, campaignId, leadId } = parsed.data;
    try {
      return await this.delivery.deliver(outboundMessageId, { isFinalAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1), ...deliveryContext(job) });
    } catch (err) {
      await delayWhileInProgress(job, token, err);
      if (err instanceof ProviderError && !err.retryable) throw new UnrecoverableError(err.message);
      throw err;
    } finally {
      if (campaignId) this.progress.touch(campaignId);
      else if (leadId) this.events.leadActivity({ leadId, type: job.queueName === QueueName.Sms ? 'sms' : 'email' });
    }
  }
}
