import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Job, WorkerOptions } from 'bullmq';
import { Jobs, QueueName, type OutboundChannel, type SendMessageJob } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProcessor, route, type JobContext, type JobRoute } from '../../platform/queue/job-processor.js';
import { JITTER_BACKOFF, jitteredBackoff, limiterFor } from '../../platform/queue/limiter.js';
import { MessageDeliveryService, type DeliveryResult } from './message-delivery.service.js';
import { MESSAGE_SETTLED, type MessageSettled } from './message-settled.js';
import { twilioConfigured } from './providers.js';

/** What MessageDeliveryService needs to know of the job: earlier starts and its creation time. */
export const deliveryContext = (job: Job) => ({ priorStarts: Math.max(0, (job.attemptsStarted ?? 1) - 1), since: new Date(job.timestamp) });

/**
 * Delivers one recorded email or SMS per `SendMessage {outboundMessageId, campaignId?, leadId?}`
 * job (MessageDeliveryService.deliver):
 *  - provider 429/5xx/network: thrown, retried with jittered exponential backoff (custom backoff
 *    strategy `jitter`, MESSAGE_BACKOFF_MS…MESSAGE_BACKOFF_MAX_MS), the record back to `queued`;
 *  - permanent 4xx: the record `failed` at once (the base maps it to `UnrecoverableError`);
 *  - record being delivered by another attempt (lease): the job waits until the lease ends
 *    (DeliveryInProgressError, no attempt used).
 * After each attempt it raises {@link MESSAGE_SETTLED}. Each channel has its queue, concurrency
 * and rate limit (EMAIL_/SMS_RATE_PER_SECOND, BullMQ's limiter is global to the queue across
 * workers; none for the local outbox, which protects no provider).
 */
abstract class MessageProcessor extends JobProcessor {
  protected abstract readonly channel: OutboundChannel;

  constructor(
    private readonly delivery: MessageDeliveryService,
    private readonly events: EventEmitter2,
    protected readonly env: Env,
  ) {
    super();
  }

  /** Sends per second allowed by the provider of this channel (0 = no limit). */
  protected abstract ratePerSecond(): number;
  protected abstract concurrency(): number;

  protected routes(): JobRoute[] {
    return [route(this.channel === 'email' ? Jobs.SendEmail : Jobs.SendSms, (payload, ctx) => this.deliver(payload, ctx))];
  }

  override workerOptions(): Partial<WorkerOptions> {
    return {
      concurrency: this.concurrency(),
      limiter: limiterFor(this.ratePerSecond()),
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) =>
          type === JITTER_BACKOFF ? jitteredBackoff(attemptsMade, this.env.MESSAGE_BACKOFF_MS, this.env.MESSAGE_BACKOFF_MAX_MS) : this.env.MESSAGE_BACKOFF_MS,
      },
    };
  }

  private async deliver({ outboundMessageId, campaignId, leadId }: SendMessageJob, ctx: JobContext): Promise<DeliveryResult> {
    try {
      return await this.delivery.deliver(outboundMessageId, { isFinalAttempt: ctx.isFinalAttempt, ...deliveryContext(ctx.job) });
    } finally {
      const settled: MessageSettled = { outboundMessageId, channel: this.channel, ...(campaignId ? { campaignId } : {}), ...(leadId ? { leadId } : {}) };
      this.events.emit(MESSAGE_SETTLED, settled);
    }
  }
}

/** Queue `messages`: one email per job (see {@link MessageProcessor}). */
@Injectable()
export class EmailDeliveryProcessor extends MessageProcessor {
  readonly queue = QueueName.Messages;
  protected readonly channel = 'email';

  constructor(delivery: MessageDeliveryService, events: EventEmitter2, @Inject(ENV) env: Env) {
    super(delivery, events, env);
  }

  protected ratePerSecond(): number {
    return this.env.SENDGRID_API_KEY ? this.env.EMAIL_RATE_PER_SECOND : 0;
  }

  protected concurrency(): number {
    return this.env.EMAIL_CONCURRENCY;
  }
}

/** Queue `sms`: one SMS per job (see {@link MessageProcessor}). */
@Injectable()
export class SmsDeliveryProcessor extends MessageProcessor {
  readonly queue = QueueName.Sms;
  protected readonly channel = 'sms';

  constructor(delivery: MessageDeliveryService, events: EventEmitter2, @Inject(ENV) env: Env) {
    super(delivery, events, env);
  }

  protected ratePerSecond(): number {
    return twilioConfigured(this.env) ? this.env.SMS_RATE_PER_SECOND : 0;
  }

  protected concurrency(): number {
    return this.env.SMS_CONCURRENCY;
  }
}
