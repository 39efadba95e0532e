import { Inject, Injectable } from '@nestjs/common';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiterStore } from '../../platform/abuse/index.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { addressKey } from '../../platform/http/client-address.js';

/** Outcome of reserving a login attempt: allowed, or refused for `retryAfterSeconds`. */
export type LoginGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Login rate limits (decisions.md §1): attempts are counted per account (lower-cased email) and
 * per client address in Redis (`rate-limiter-flexible`), so every api instance shares the counts.
 * Keys live under `{QUEUE_PREFIX}:login-fail-*`. Past LOGIN_MAX_FAILURES_PER_ACCOUNT /
 * LOGIN_MAX_FAILURES_PER_IP failures within LOGIN_FAILURE_WINDOW_SECONDS, further attempts are
 * refused (429) until the block (one window) ends.
 *
 * Each attempt RESERVES its point (an atomic Redis increment) before the password is checked,
 * so a burst of parallel guesses cannot all slip past a read-then-count check; a successful
 * login gives the points back (the account's count is cleared, the address's point returned),
 * so only failures (and attempts still in flight) count.
 *
 * Addresses: IPv4 per address (an IPv4-mapped IPv6 address counts as its IPv4 address); IPv6 per
 * /64 network, the block one subscriber gets, so rotating addresses inside it does not help.
 * While Redis is down the counts fall back to this process's memory (insurance limiter) instead
 * of failing open.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perAccount: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(ENV) env: Env, store: RateLimiterStore) {
    const duration = env.LOGIN_FAILURE_WINDOW_SECONDS;
    this.perAccount = store.limiter('login-fail-account', {
      points: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      duration,
      blockDuration: duration,
    });
    this.perIp = store.limiter('login-fail-ip', { points: env.LOGIN_MAX_FAILURES_PER_IP, duration, blockDuration: duration });
  }

  /**
   * Reserves one login attempt for `email` from `ip` (counted at once, in Redis). Refused when
   * the account or the address is over its limit; a refused attempt gives back the point it took
   * from the limiter that did not refuse it.
   * @throws Error only when the store and its in-memory insurance both fail.
   */
  async reserve(email: string, ip: string): Promise<LoginGate> {
    const keys = [accountKey(email), addressKey(ip)] as const;
    const limiters = [this.perAccount, this.perIp] as const;
    const results = await Promise.allSettled(limiters.map((l, i) => l.consume(keys[i])));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (!refused.length) return { allowed: true };
    const failure = refused.find((r) => !(r instanceof RateLimiterRes));
    if (failure) throw failure;
    await Promise.all(
      results.map((r, i) => (r.status === 'fulfilled' ? limiters[i].reward(keys[i], 1).catch(() => undefined) : undefined)),
    );
    const waitMs = Math.max(...(refused as RateLimiterRes[]).map((r) => r.msBeforeNext));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** A successful login: clears the account's count and gives the address its point back. */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.perAccount.delete(accountKey(email)).catch(() => undefined),
      this.perIp.reward(addressKey(ip), 1).catch(() => undefined),
    ]);
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
