import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ENV, type Env } from '../config/env.js';

/**
 * One general-purpose Redis connection per process (REDIS_URL), for live events and short-lived
 * coordination keys (e.g. throttle tokens). Commands fail fast while Redis is down
 * (`maxRetriesPerRequest: 1`); errors are logged at most once every 10 s. Closed after every
 * module's destroy hook, so a last event can still be published on shutdown.
 */
@Injectable()
export class SharedRedis implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client: Redis;
  private lastError = 0;

  constructor(@Inject(ENV) env: Env) {
    this.client = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
    this.client.on('error', (err: Error) => this.logError(err));
  }

  /** Logs a Redis failure, at most one line every 10 s. */
  logError(err: Error): void {
    if (Date.now() - this.lastError < 10_000) return;
    this.lastError = Date.now();
    this.logger.warn(`redis: ${err.message}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
