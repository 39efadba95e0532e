import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Job, WorkerOptions } from 'bullmq';
import { QueueName, type OutboundChannel, type SendMessageJob } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProcessor, route, waitedStarts, type JobContext, type JobRoute } from '../../platform/queue/job-processor.js';
import { limiterFor } from '../../platform/queue/limiter.js';
import { deliveryBackoffStrategy, deliveryPolicyOf } from './delivery-policy.js';
import { MessageDeliveryService, type DeliveryResult } from './message-delivery.service.js';
import { messageJobOf } from './message-jobs.js';
import { MESSAGE_SETTLED, type MessageSettled } from './message-settled.js';
import { twilioConfigured } from './providers.js';

/**
 * Worker settings per channel: concurrency, and the sends per second the provider allows (0 = no
 * limit: the local outbox protects no provider).
 */
const CHANNEL_SETTINGS: Record<OutboundChannel, (env: Env) => { concurrency: number; ratePerSecond: number }> = {
  email: (env) => ({ concurrency: env.EMAIL_CONCURRENCY, ratePerSecond: env.SENDGRID_API_KEY ? env.EMAIL_RATE_PER_SECOND : 0 }),
  sms: (env) => ({ concurrency: env.SMS_CONCURRENCY, ratePerSecond: twilioConfigured(env) ? env.SMS_RATE_PER_SECOND : 0 }),
};

/** What MessageDeliveryService needs to know of the job: earlier starts and its creation time. */
export const deliveryContext = (job: Job) => ({
  // runs that only waited for an open circuit started nothing
  priorStarts: Math.max(0, (job.attemptsStarted ?? 1) - 1 - waitedStarts(job)),
  since: new Date(job.timestamp),
});

/**
 * Delivers one recorded email or SMS per `SendMessage {outboundMessageId, campaignId?, leadId?}`
 * job (MessageDeliveryService.deliver):
 *  - provider 429/5xx/network: thrown, retried after the delivery policy's wait (delivery-policy.ts:
 *    Retry-After, else jittered exponential backoff capped at MESSAGE_BACKOFF_MAX_MS, for
 *    MESSAGE_PATIENCE_MS), the record back to `queued`;
 *  - permanent 4xx: the record `failed` at once (the base maps it to `UnrecoverableError`);
 *  - record being delivered by another attempt (lease): the job waits until the lease ends
 *    (DeliveryInProgressError, no attempt used).
 * After each attempt it raises {@link MESSAGE_SETTLED}. Each channel has its queue, concurrency
 * and rate limit (EMAIL_/SMS_RATE_PER_SECOND, BullMQ's limiter is global to the queue across
 * workers; none for the local outbox, which protects no provider).
 */
@Injectable()
abstract class MessageProcessor extends JobProcessor {
  protected abstract readonly channel: OutboundChannel;

  constructor(
    private readonly delivery: MessageDeliveryService,
    private readonly events: EventEmitter2,
    @Inject(ENV) protected readonly env: Env,
  ) {
    super();
  }

  protected routes(): JobRoute[] {
    return [route(messageJobOf(this.channel), (payload, ctx) => this.deliver(payload, ctx))];
  }

  override workerOptions(): Partial<WorkerOptions> {
    const { concurrency, ratePerSecond } = CHANNEL_SETTINGS[this.channel](this.env);
    return {
      concurrency,
      limiter: limiterFor(ratePerSecond),
      settings: { backoffStrategy: deliveryBackoffStrategy(deliveryPolicyOf(this.env)) },
    };
  }

  private async deliver({ outboundMessageId, campaignId, leadId }: SendMessageJob, ctx: JobContext): Promise<DeliveryResult> {
    try {
      return await this.delivery.deliver(outboundMessageId, {
        isFinalAttempt: ctx.isFinalAttempt,
        channel: this.channel,
        ...deliveryContext(ctx.job),
      });
    } finally {
      const settled: MessageSettled = {
        outboundMessageId,
        channel: this.channel,
        ...(campaignId ? { campaignId } : {}),
        ...(leadId ? { leadId } : {}),
      };
      this.events.emit(MESSAGE_SETTLED, settled);
    }
  }
}

/** Queue `messages`: one email per job (see {@link MessageProcessor}). */
@Injectable()
export class EmailDeliveryProcessor extends MessageProcessor {
  readonly queue = QueueName.Messages;
  protected readonly channel = 'email';
}

/** Queue `sms`: one SMS per job (see {@link MessageProcessor}). */
@Injectable()
export class SmsDeliveryProcessor extends MessageProcessor {
  readonly queue = QueueName.Sms;
  protected readonly channel = 'sms';
}
