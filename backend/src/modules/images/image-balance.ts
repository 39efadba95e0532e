/**
 * The Stability credit balance as the worker last read it, kept in Redis beside the queues (a
 * cache: a Redis that lost it is refilled by the next ImageBalance job). The api never calls
 * Stability itself (architecture.md "Processes"): it reads this and enqueues a refresh.
 */
import { Inject, Injectable } from '@nestjs/common';
import { imageBalanceSchema, type ImageBalance } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { SharedRedis } from '../../platform/realtime/shared-redis.js';

/** A balance older than this (ms) is refreshed when the generator page asks for it. */
export const BALANCE_FRESH_MS = 60_000;
/** A balance older than this (ms) no longer allows a run to start. */
export const BALANCE_USABLE_MS = 15 * 60_000;

@Injectable()
export class ImageBalanceCache {
  constructor(
    private readonly redis: SharedRedis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private key() {
    return `${this.env.QUEUE_PREFIX}:images:balance`;
  }

  /** The last balance read, or null (never read, Redis lost it, or Redis is down). */
  async get(): Promise<ImageBalance | null> {
    try {
      const raw = await this.redis.client.get(this.key());
      if (!raw) return null;
      const parsed = imageBalanceSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Stores a balance just read. */
  async set(balance: ImageBalance): Promise<void> {
    await this.redis.client.set(this.key(), JSON.stringify(balance), 'EX', 24 * 3600);
  }
}
