import type { WorkerOptions } from 'bullmq';

/**
 * BullMQ rate limiter for `perSecond` jobs per second across all workers of a queue
 * (undefined = none). Fractional rates use the smallest window holding a whole number of jobs
 * (0.5/s → 1 per 2 s).
 */
export function limiterFor(perSecond: number): WorkerOptions['limiter'] {
  if (perSecond <= 0) return undefined;
  if (Number.isInteger(perSecond)) return { max: perSecond, duration: 1000 };
  for (const duration of [2000, 4000, 5000, 10_000]) {
    const max = (perSecond * duration) / 1000;
    if (Number.isInteger(max)) return { max, duration };
  }
  return { max: Math.max(1, Math.round(perSecond * 10)), duration: 10_000 };
}

/**
 * "Full jitter" exponential backoff (AWS architecture blog): a random delay in [½·d, d] with
 * d = min(max, base · 2^(attempt-1)), in ms. Spreads the retries of many jobs that failed together
 * (a provider 429 or outage) instead of retrying them in lockstep.
 * @param attemptsMade attempts made so far (1 after the first failure).
 */
export function jitteredBackoff(attemptsMade: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Name of the jittered backoff strategy in job options (`backoff: {type: JITTER_BACKOFF}`). */
export const JITTER_BACKOFF = 'jitter';
