/**
 * The one delivery policy of every outbound message (issue 26 point 1), whatever queue carries it
 * (staff notifications, PDF and free-guide emails, receipts, quote links, campaigns, SMS).
 *
 * Provider answers are classified once (platform/providers/provider-error.ts): 429 (honouring its
 * `Retry-After`), 408, 5xx, timeouts and network errors are transient; other 4xx are permanent.
 * A transient failure is retried after a jittered exponential wait — `MESSAGE_BACKOFF_MS` doubling
 * per failure, each wait capped at `MESSAGE_BACKOFF_MAX_MS` (15 min) — for as long as the message
 * is younger than `MESSAGE_PATIENCE_MS` (24 h): the last try happens at that deadline, and its
 * failure marks the message `failed` with the provider's reason. A `Retry-After` is honoured even
 * when longer than the cap (retrying earlier only earns another 429).
 */
import type { BackoffStrategy, JobsOptions } from 'bullmq';
import type { Env } from '../../platform/config/env.js';
import { ProviderError } from '../../platform/providers/provider-error.js';
import { jitteredBackoff } from '../../platform/queue/limiter.js';

/** Name of the delivery backoff in job options (`backoff: {type: DELIVERY_BACKOFF}`). */
export const DELIVERY_BACKOFF = 'delivery';

/** The policy's numbers, all in ms. */
export interface DeliveryPolicy {
  /** First wait (doubles per failure). */
  baseMs: number;
  /** Longest computed wait. */
  maxWaitMs: number;
  /** How long after it was recorded a message is still tried. */
  patienceMs: number;
}

/** The policy configured by MESSAGE_BACKOFF_MS, MESSAGE_BACKOFF_MAX_MS and MESSAGE_PATIENCE_MS. */
export const deliveryPolicyOf = (
  env: Pick<Env, 'MESSAGE_BACKOFF_MS' | 'MESSAGE_BACKOFF_MAX_MS' | 'MESSAGE_PATIENCE_MS'>,
): DeliveryPolicy => ({
  baseMs: env.MESSAGE_BACKOFF_MS,
  maxWaitMs: env.MESSAGE_BACKOFF_MAX_MS,
  patienceMs: env.MESSAGE_PATIENCE_MS,
});

/** What to do after a transient failure: wait `waitMs` and try again, or give up. */
export type RetryDecision = { retry: true; waitMs: number } | { retry: false; reason: string };

/**
 * Decides the retry of a message after its `failures`-th transient failure.
 * @param recordedAt when the message was recorded (its patience starts then).
 * @param retryAfterMs the provider's Retry-After, if it sent one.
 */
export function decideRetry(
  policy: DeliveryPolicy,
  failure: { failures: number; recordedAt: Date; retryAfterMs?: number | undefined; now?: number; random?: () => number },
): RetryDecision {
  const now = failure.now ?? Date.now();
  const deadline = failure.recordedAt.getTime() + policy.patienceMs;
  if (now >= deadline)
    return {
      retry: false,
      reason: `gave up after ${failure.failures} attempt(s) over ${formatDuration(now - failure.recordedAt.getTime())}`,
    };
  const backoff = jitteredBackoff(failure.failures, policy.baseMs, policy.maxWaitMs, failure.random);
  const wanted = failure.retryAfterMs !== undefined ? Math.max(failure.retryAfterMs, 0) : backoff;
  return { retry: true, waitMs: Math.min(wanted, deadline - now) };
}

/** "3 h 20 min", "45 s": a duration for people. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/**
 * A transient provider failure recorded with its scheduled retry: the job's backoff strategy
 * ({@link deliveryBackoffStrategy}) waits exactly `waitMs`.
 */
export class RetryScheduledError extends ProviderError {
  constructor(
    cause: ProviderError,
    readonly waitMs: number,
  ) {
    super(cause.message, true, cause.statusCode, cause.outcomeUnknown, cause.retryAfterMs);
  }
}

/**
 * The BullMQ backoff strategy of every queue that sends: the wait the delivery decided
 * ({@link RetryScheduledError}), else (a failure outside the provider call, e.g. Postgres) the
 * policy's jittered backoff.
 */
export const deliveryBackoffStrategy =
  (policy: DeliveryPolicy): BackoffStrategy =>
  (attemptsMade, _type, err) =>
    err instanceof RetryScheduledError ? err.waitMs : jitteredBackoff(attemptsMade, policy.baseMs, policy.maxWaitMs);

/**
 * Options of every job that delivers a message: MESSAGE_ATTEMPTS as a hard cap on provider calls
 * (the patience decides first with the defaults), the delivery backoff.
 */
export function deliveryJobOptions(env: Pick<Env, 'MESSAGE_ATTEMPTS' | 'MESSAGE_BACKOFF_MS'>): JobsOptions {
  return {
    attempts: env.MESSAGE_ATTEMPTS,
    backoff: { type: DELIVERY_BACKOFF, delay: env.MESSAGE_BACKOFF_MS },
    removeOnComplete: { age: 3600, count: 50_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}
