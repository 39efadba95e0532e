/**
 * GET /api/health (public): whether the api reaches PostgreSQL and Redis, each checked with a
 * 1.5 s timeout (`npm start` waits for it; the Docker health check of the api calls it).
 */
import { z } from 'zod';

const checkState = z.enum(['up', 'down']);

/**
 * 200 `{status: 'ok', checks: {postgres: 'up', redis: 'up'}}` when both answer; otherwise 503
 * with `status: 'error'` and the failing one(s) named in `message` (e.g. "redis is not
 * answering").
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.object({ postgres: checkState, redis: checkState }),
  message: z.string().optional(),
});
export type HealthResponse = z.output<typeof healthResponseSchema>;
