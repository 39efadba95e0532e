import type { ConnectionOptions } from 'bullmq';

/**
 * BullMQ connection options for `redisUrl`. `maxRetriesPerRequest: null` is required by BullMQ
 * workers (blocking commands); producers in the API fail fast instead (`enableOfflineQueue: false`)
 * so a request never hangs when Redis is down.
 */
export function bullConnection(redisUrl: string, role: 'producer' | 'worker'): ConnectionOptions {
  return role === 'worker'
    ? { url: redisUrl, maxRetriesPerRequest: null }
    : { url: redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
}
