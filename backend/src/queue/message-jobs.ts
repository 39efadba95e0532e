/**
 * Job ids and options of the message queues (issue 7 item 2), shared by the api (single sends,
 * campaign fan-out requests) and the worker (fan-out, sweep).
 */
import type { JobsOptions } from 'bullmq';
import { QueueName, type OutboundChannel } from '@ironclad/contracts';
import type { Env } from '../config/env.js';

/** Custom backoff type of message jobs: jittered exponential (worker settings.backoffStrategy). */
export const JITTER_BACKOFF = 'jitter';

/** The queue of a channel: emails and SMS have their own limiter. */
export const queueOfChannel = (channel: OutboundChannel) => (channel === 'email' ? QueueName.Messages : QueueName.Sms);

/**
 * Job id of a message: deterministic, so enqueueing the same record twice (a replayed request,
 * a repeated fan-out) adds one job. `generation` distinguishes campaign fan-outs (one per resume),
 * `suffix` a sweep's re-enqueue of a record whose job was lost.
 */
export const messageJobId = (outboundMessageId: number, generation?: number, suffix?: string) =>
  `msg-${outboundMessageId}${generation ? `-g${generation}` : ''}${suffix ? `-${suffix}` : ''}`;

/** Job id of a campaign's fan-out of one generation. */
export const fanOutJobId = (campaignId: number, generation: number) => `fanout-${campaignId}-g${generation}`;

/** Options of every message job: MESSAGE_ATTEMPTS attempts, jittered exponential backoff. */
export function messageJobOptions(env: Pick<Env, 'MESSAGE_ATTEMPTS' | 'MESSAGE_BACKOFF_MS'>): JobsOptions {
  return {
    attempts: env.MESSAGE_ATTEMPTS,
    backoff: { type: JITTER_BACKOFF, delay: env.MESSAGE_BACKOFF_MS },
    removeOnComplete: { age: 3600, count: 50_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/**
 * "Full jitter" exponential backoff (AWS architecture blog): a random delay in
 * [½·d, d] with d = min(max, base · 2^(attempt-1)). Spreads the retries of many jobs that failed
 * together (a provider 429 or outage) instead of retrying them in lockstep.
 * @param attemptsMade attempts made so far (1 after the first failure).
 */
export function jitteredBackoff(attemptsMade: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
