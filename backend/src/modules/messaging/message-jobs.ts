/**
 * Message jobs: their definitions per channel, deterministic ids and options, and the producer
 * every feature uses to hand a recorded email/SMS (or a staff notification) to the worker.
 */
import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { Jobs, type JobRef, type OutboundChannel, type StaffNotificationJob } from '@ironclad/contracts';
import { derivedSecret } from '../../platform/config/derived-secret.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { deliveryJobOptions } from './delivery-policy.js';

/** The job definition that delivers a record of `channel` (each channel has its queue and limiter). */
export const messageJobOf = (channel: OutboundChannel) => (channel === 'email' ? Jobs.SendEmail : Jobs.SendSms);

/**
 * Job id of a message: deterministic, so enqueueing the same record twice (a replayed request,
 * a repeated fan-out, a sweep while the job still waits) adds one job. `generation`
 * distinguishes campaign fan-outs (one per resume). The sweeps re-add a lost job under the same
 * id ({@link MessageJobs.requeue}).
 */
export const messageJobId = (outboundMessageId: number, generation?: number) =>
  `msg-${outboundMessageId}${generation ? `-g${generation}` : ''}`;

/** Options of every message job: the delivery policy's (delivery-policy.ts). */
export function messageJobOptions(env: Pick<Env, 'MESSAGE_ATTEMPTS' | 'MESSAGE_BACKOFF_MS'>): JobsOptions {
  return deliveryJobOptions(env);
}

/** BullMQ states in which a job will still run. */
const PENDING_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/**
 * Job id of the staff notification of record `outboundMessageId`: a UUID (browsers watch the job
 * by it, and job ids handed to browsers must be unguessable — jobs.gateway.ts), derived with an
 * HMAC keyed by the server's secret, so it is also deterministic: the outbox sweep re-enqueues a
 * notification under the id of the job it may still have, and BullMQ adds nothing while that
 * job waits (e.g. on an open circuit breaker).
 */
export function staffNotificationJobId(key: Buffer, outboundMessageId: number): string {
  const b = createHmac('sha256', key).update(`staff-notification-job:${outboundMessageId}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4 layout (random-looking)
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Adds a job under `jobId` unless a job of that id will still run: one that ended (completed or
 * failed, kept a while under its id, which would make BullMQ ignore the add) is removed first.
 * @returns whether a job was added. @throws the Redis error.
 */
async function addUnlessPending(queue: Queue, jobId: string, add: () => Promise<unknown>): Promise<boolean> {
  const state = await queue.getJobState(jobId);
  if (PENDING_STATES.has(state)) return false;
  if (state === 'completed' || state === 'failed') await queue.remove(jobId);
  await add();
  return true;
}

/**
 * Enqueues the delivery of recorded messages (the record exists in `outbound_messages` first, so
 * nothing lives only in Redis). The single-send methods never throw: when Redis is unavailable
 * the record stays `queued` and a sweep of the worker enqueues it later.
 */
@Injectable()
export class MessageJobs {
  private readonly logger = new Logger(MessageJobs.name);
  private readonly jobIdKey: Buffer;

  constructor(
    private readonly producer: JobProducer,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.jobIdKey = derivedSecret(env, 'staff-notification-job');
  }

  /**
   * Delivery of a staff notification whose outbound record already exists; the job id is an
   * unguessable UUID derived from the record ({@link staffNotificationJobId}: knowing it lets the
   * requester's browser watch the job).
   * @returns the job to watch, or null when it could not be enqueued now.
   */
  async enqueueStaffNotification(payload: StaffNotificationJob): Promise<JobRef | null> {
    try {
      return await this.producer.enqueue(Jobs.StaffNotification, payload, {
        ...deliveryJobOptions(this.env),
        jobId: staffNotificationJobId(this.jobIdKey, payload.outboundMessageId),
      });
    } catch (err) {
      this.logger.warn(`could not enqueue staff notification for outbound #${payload.outboundMessageId}: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * Delivery of a staff notification again (the outbox sweep), under the record's own job id
   * ({@link staffNotificationJobId}): nothing is added while its job will still run — waiting out
   * a backoff or an open circuit breaker leaves the record untouched in Postgres, so it looks
   * stale to the sweep. @returns whether a job was added. @throws the Redis error.
   */
  async requeueStaffNotification(payload: StaffNotificationJob): Promise<boolean> {
    const jobId = staffNotificationJobId(this.jobIdKey, payload.outboundMessageId);
    return addUnlessPending(this.producer.queue(Jobs.StaffNotification), jobId, () =>
      this.producer.enqueue(Jobs.StaffNotification, payload, { ...deliveryJobOptions(this.env), jobId }),
    );
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

  /**
   * Enqueues record `id` again (its job was lost: Redis restarted, a worker died before taking it,
   * or the job ended while the record stayed `queued`) under its own deterministic id
   * `msg-{id}[-g{generation}]`: nothing is added while that job will still run, so sweeps that
   * meet the record again while it waits (a long outage) never stack a second job.
   * @returns whether a job was added. @throws the Redis error when the connection fails.
   */
  async requeue(
    channel: OutboundChannel,
    id: number,
    refs: { campaignId: number | null; leadId: number | null; generation: number | null },
  ): Promise<boolean> {
    const jobId = messageJobId(id, refs.generation ?? undefined);
    return addUnlessPending(this.producer.queue(messageJobOf(channel)), jobId, () =>
      this.producer.enqueue(
        messageJobOf(channel),
        {
          outboundMessageId: id,
          ...(refs.campaignId ? { campaignId: refs.campaignId } : {}),
          ...(refs.leadId ? { leadId: refs.leadId } : {}),
        },
        { ...messageJobOptions(this.env), jobId },
      ),
    );
  }
}
