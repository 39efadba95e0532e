/**
 * GET /api/health (public): whether the api reaches PostgreSQL and Redis, each checked with a
 * 1.5 s timeout (`npm start` waits for it; the Docker health check of the api calls it), and, when
 * Redis answers, the job workers: how many are connected per queue and how long the oldest job
 * has been waiting.
 */
import { z } from 'zod';
import { queueNameSchema } from './operations.js';

const checkState = z.enum(['up', 'down']);

/** One queue as health sees it. */
export const queueHealthSchema = z.object({
  queue: queueNameSchema,
  /** BullMQ workers connected to Redis for this queue (one per worker process that drains it). */
  workers: z.number().int().nonnegative(),
  /** Jobs waiting to be picked up. */
  waiting: z.number().int().nonnegative(),
  /**
   * Age of the oldest waiting job in ms: since it was enqueued, or since its delay ended for a
   * delayed job; null when none waits.
   */
  oldestWaitingMs: z.number().int().nonnegative().nullable(),
});
export type QueueHealth = z.output<typeof queueHealthSchema>;

/**
 * The workers in one word: `ok` (workers run and every queue with waiting jobs has one),
 * `partial` (a queue with waiting jobs has no worker), `none` (no worker at all: jobs wait),
 * `unknown` (the queues did not answer in time). `message` says what is wrong.
 */
export const workersHealthSchema = z.object({
  status: z.enum(['ok', 'partial', 'none', 'unknown']),
  message: z.string().optional(),
});
export type WorkersHealth = z.output<typeof workersHealthSchema>;

/**
 * 200 `{status: 'ok', checks: {postgres: 'up', redis: 'up'}, workers, queues}` when both answer
 * (also when no worker runs: `workers.status` says so); otherwise 503 with `status: 'error'` and
 * the failing one(s) named in `message` (e.g. "redis is not answering"). `workers` and `queues`
 * are left out while Redis does not answer.
 */
/**
 * A provider's state (issue 26 point 3): `up`, `down` since `downSince` (its circuit breaker
 * open: messages wait, they are sent when it returns), or `probing` (one trial call in flight);
 * `waiting`: its messages queued or being sent (null when not counted).
 */
export const providerHealthSchema = z.object({
  provider: z.enum(['sendgrid', 'twilio', 'stability']),
  state: z.enum(['up', 'down', 'probing']),
  downSince: z.string().nullable(),
  waiting: z.number().int().nullable(),
});
export type ProviderHealth = z.output<typeof providerHealthSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.object({ postgres: checkState, redis: checkState }),
  message: z.string().optional(),
  workers: workersHealthSchema.optional(),
  queues: z.array(queueHealthSchema).optional(),
  providers: z.array(providerHealthSchema).optional(),
});
export type HealthResponse = z.output<typeof healthResponseSchema>;
