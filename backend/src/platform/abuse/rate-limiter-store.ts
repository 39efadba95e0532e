import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { ENV, type Env } from '../config/env.js';

/** A fixed-window limit: `points` per `duration` seconds, refusing for `blockDuration` seconds once over (0 = until the window ends). */
export interface LimitWindow {
  points: number;
  duration: number;
  blockDuration?: number;
}

/**
 * The Redis store of every rate limit of the api (login limits, public-write limits, challenge
 * passes): one connection that fails fast (no offline queue, one retry), so that while Redis is
 * down each limiter falls back at once to its in-process memory (rate-limiter-flexible's insurance
 * limiter) instead of failing open or hanging a request. Errors are logged at most every 10 s.
 */
@Injectable()
export class RateLimiterStore implements OnApplicationShutdown {
  private readonly log = new Logger('RateLimits');
  readonly redis: Redis;

  constructor(@Inject(ENV) private readonly env: Env) {
    this.redis = new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let lastLog = 0;
    this.redis.on('error', (err: Error) => {
      if (Date.now() - lastLog < 10_000) return;
      lastLog = Date.now();
      this.log.warn(`rate limits redis: ${err.message}`);
    });
  }

  /** A limiter counting under `{QUEUE_PREFIX}:{keyPrefix}:<key>`, shared by every api instance. */
  limiter(keyPrefix: string, window: LimitWindow): RateLimiterRedis {
    return new RateLimiterRedis({
      storeClient: this.redis,
      useRedisPackage: false,
      keyPrefix: `${this.env.QUEUE_PREFIX}:${keyPrefix}`,
      ...window,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...window }),
    });
  }

  /** A key under this process's prefix (`{QUEUE_PREFIX}:{suffix}`), for the store's own counters. */
  key(suffix: string): string {
    return `${this.env.QUEUE_PREFIX}:${suffix}`;
  }

  /** Disconnects last, once requests and jobs that count against a limit have finished. */
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
