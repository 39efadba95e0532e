/**
 * Message jobs: their definitions per channel, deterministic ids and options, and the producer
 * every feature uses to hand a recorded email/SMS (or a staff notification) to the worker.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import { Jobs, type JobRef, type OutboundChannel, type StaffNotificationJob } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { deliveryJobOptions } from './delivery-policy.js';

/** The job definition that delivers a record of `channel` (each channel has its queue and limiter). */
export const messageJobOf = (channel: OutboundChannel) => (channel === 'email' ? Jobs.SendEmail : Jobs.SendSms);

/**
 * Job id of a message: deterministic, so enqueueing the same record twice (a replayed request,
 * a repeated fan-out) adds one job. `generation` distinguishes campaign fan-outs (one per resume),
 * `suffix` a sweep's re-enqueue of a record whose job was lost.
 */
export const messageJobId = (outboundMessageId: number, generation?: number, suffix?: string) =>
  `msg-${outboundMessageId}${generation ? `-g${generation}` : ''}${suffix ? `-${suffix}` : ''}`;

/** Options of every message job: the delivery policy's (delivery-policy.ts). */
export function messageJobOptions(env: Pick<Env, 'MESSAGE_ATTEMPTS' | 'MESSAGE_BACKOFF_MS'>): JobsOptions {
  return deliveryJobOptions(env);
}

/** BullMQ states in which a job will still run. */
const PENDING_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/**
 * Enqueues the delivery of recorded messages (the record exists in `outbound_messages` first, so
 * nothing lives only in Redis). The single-send methods never throw: when Redis is unavailable
 * the record stays `queued` and a sweep of the worker enqueues it later.
 */
@Injectable()
export class MessageJobs {
  private readonly logger = new Logger(MessageJobs.name);

  constructor(
    private readonly producer: JobProducer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Delivery of a staff notification whose outbound record already exists; the job id is a random
   * UUID (knowing it lets the requester's browser watch the job).
   * @returns the job to watch, or null when it could not be enqueued now.
   */
  async enqueueStaffNotification(payload: StaffNotificationJob): Promise<JobRef | null> {
    try {
      return await this.producer.enqueue(Jobs.StaffNotification, payload, { ...deliveryJobOptions(this.env), jobId: randomUUID() });
    } catch (err) {
      this.logger.warn(`could not enqueue staff notification for outbound #${payload.outboundMessageId}: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * Delivery of a staff notification again, under the record's own job id `outbound-{id}` (the
   * outbox sweep: a job already waiting is not added twice). @throws the Redis error.
   */
  async requeueStaffNotification(payload: StaffNotificationJob): Promise<void> {
    await this.producer.enqueue(Jobs.StaffNotification, payload, {
      ...deliveryJobOptions(this.env),
      jobId: `outbound-${payload.outboundMessageId}`,
    });
  }

  /**
   * Delivery of one recorded email/SMS (queue `messages` or `sms`).
   * @returns the job, or null when it could not be enqueued now.
   */
  async enqueueMessage(outboundMessageId: number, channel: OutboundChannel, leadId?: number | null): Promise<JobRef | null> {
    try {
      return await this.producer.enqueue(
        messageJobOf(channel),
        { outboundMessageId, ...(leadId ? { leadId } : {}) },
        { ...messageJobOptions(this.env), jobId: messageJobId(outboundMessageId) },
      );
    } catch (err) {
      this.logger.warn(`could not enqueue outbound #${outboundMessageId}: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * Delivery jobs of a campaign's records for fan-out `generation` (deterministic ids: a repeated
   * fan-out adds nothing). @throws the Redis error when the connection fails.
   */
  async enqueueCampaignMessages(
    channel: OutboundChannel,
    campaignId: number,
    generation: number,
    records: { id: number; leadId: number | null }[],
  ): Promise<void> {
    const opts = messageJobOptions(this.env);
    await this.producer.enqueueBulk(
      messageJobOf(channel),
      records.map((r) => ({
        payload: { outboundMessageId: r.id, campaignId, ...(r.leadId ? { leadId: r.leadId } : {}) },
        opts: { ...opts, jobId: messageJobId(r.id, generation) },
      })),
    );
  }

  /** Removes the waiting jobs of records `ids` of fan-out `generation` (best effort, per job). */
  async removeCampaignMessages(channel: OutboundChannel, generation: number, ids: number[]): Promise<void> {
    const queue = this.producer.queue(messageJobOf(channel));
    await Promise.all(ids.map((id) => queue.remove(messageJobId(id, generation)).catch(() => 0)));
  }

  /** Whether the job of record `id` (of fan-out `generation`, if any) will still run. */
  async isPending(channel: OutboundChannel, id: number, generation?: number): Promise<boolean> {
    const state = await this.producer.queue(messageJobOf(channel)).getJobState(messageJobId(id, generation));
    return PENDING_STATES.has(state);
  }

  /**
   * Enqueues record `id` again under a new job id (its job was lost: Redis restarted, a worker died
   * before taking it). @throws the Redis error when the connection fails.
   */
  async requeue(
    channel: OutboundChannel,
    id: number,
    refs: { campaignId: number | null; leadId: number | null; generation: number | null },
  ): Promise<void> {
    await this.producer.enqueue(
      messageJobOf(channel),
      {
        outboundMessageId: id,
        ...(refs.campaignId ? { campaignId: refs.campaignId } : {}),
        ...(refs.leadId ? { leadId: refs.leadId } : {}),
      },
      { ...messageJobOptions(this.env), jobId: messageJobId(id, refs.generation ?? undefined, `s${Date.now()}`) },
    );
  }
}
