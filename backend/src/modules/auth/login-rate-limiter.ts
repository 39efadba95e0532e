import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { ENV, type Env } from '../../config/env.js';

/** Outcome of a pre-login check: allowed, or blocked for `retryAfterSeconds`. */
export type LoginGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Login rate limits (decisions.md §1): failed attempts are counted per account (lower-cased email)
 * and per client IP in Redis (`rate-limiter-flexible`), so several api instances share the
 * counts. Keys live under `{QUEUE_PREFIX}:login-fail-*`. Past LOGIN_MAX_FAILURES_PER_ACCOUNT /
 * LOGIN_MAX_FAILURES_PER_IP failures within LOGIN_FAILURE_WINDOW_SECONDS, further attempts are
 * refused (429) until the window ends. A success clears the account's count. While Redis is
 * down the counts fall back to this process's memory (insurance limiter) instead of failing open.
 */
@Injectable()
export class LoginRateLimiter implements OnModuleDestroy {
  private readonly log = new Logger(LoginRateLimiter.name);
  private readonly redis: Redis;
  private readonly perAccount: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(ENV) env: Env) {
    this.redis = new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let lastLog = 0;
    this.redis.on('error', (err: Error) => {
      if (Date.now() - lastLog < 10_000) return;
      lastLog = Date.now();
      this.log.warn(`login rate limiter redis: ${err.message}`);
    });
    const duration = env.LOGIN_FAILURE_WINDOW_SECONDS;
    const make = (keyPrefix: string, points: number) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        useRedisPackage: false,
        keyPrefix: `${env.QUEUE_PREFIX}:${keyPrefix}`,
        points,
        duration,
        blockDuration: duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration, blockDuration: duration }),
      });
    this.perAccount = make('login-fail-account', env.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    this.perIp = make('login-fail-ip', env.LOGIN_MAX_FAILURES_PER_IP);
  }

  /** Whether a login attempt for `email` from `ip` may be checked now. */
  async check(email: string, ip: string): Promise<LoginGate> {
    const [account, address] = await Promise.all([this.perAccount.get(accountKey(email)), this.perIp.get(ip)]);
    const blocked = [
      [account, this.perAccount.points],
      [address, this.perIp.points],
    ].filter(([res, points]) => res && (res as RateLimiterRes).consumedPoints >= (points as number)) as [RateLimiterRes, number][];
    if (!blocked.length) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, ...blocked.map(([r]) => Math.ceil(r.msBeforeNext / 1000))) };
  }

  /** Counts one failed attempt against the account and the IP. */
  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.perAccount.consume(accountKey(email)).catch(() => undefined),
      this.perIp.consume(ip).catch(() => undefined),
    ]);
  }

  /** Clears the account's failures after a successful login. */
  async recordSuccess(email: string): Promise<void> {
    await this.perAccount.delete(accountKey(email)).catch(() => undefined);
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
