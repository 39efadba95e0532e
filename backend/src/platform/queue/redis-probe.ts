import type { Queue } from 'bullmq';
import { withTimeout } from '../lifecycle/with-timeout.js';

/** Longest a Redis round trip may take before Redis counts as not answering (ms). */
export const REDIS_PROBE_TIMEOUT_MS = 1500;

/**
 * Whether Redis answers a round trip through `queue`'s own client within `timeoutMs`: a GET of a
 * never-written key under the queue's prefix. Never throws; a producer connection
 * (`enableOfflineQueue: false`) fails at once while Redis is down, the timeout covers a half-open
 * connection.
 */
export async function redisAnswers(queue: Queue, timeoutMs = REDIS_PROBE_TIMEOUT_MS): Promise<boolean> {
  return withTimeout(
    queue.getBackend().client.then((c) => c.get(`${queue.opts.prefix}:probe`)),
    timeoutMs,
    'redis probe',
  ).then(
    () => true,
    () => false,
  );
}
