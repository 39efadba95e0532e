import { Inject, Injectable } from '@nestjs/common';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ENV, type Env } from '../config/env.js';
import { RateLimiterStore } from './rate-limiter-store.js';

/** The public writes that are limited per client address, each with its own budget. */
export const PUBLIC_LIMIT_NAMES = [
  'leads',
  'contacts',
  'estimatePdf',
  'paymentIntent',
  'unsubscribe',
  'quoteApproval',
  'cspReport',
] as const;
export type PublicLimitName = (typeof PUBLIC_LIMIT_NAMES)[number];

/** Points and window (seconds) of each limit, from the environment (`.env.example` gives the defaults and why). */
export function limitBudgets(env: Env): Record<PublicLimitName, { points: number; duration: number }> {
  const hour = 3600;
  return {
    leads: { points: env.RATE_LIMIT_LEADS_PER_HOUR, duration: hour },
    contacts: { points: env.RATE_LIMIT_CONTACTS_PER_HOUR, duration: hour },
    estimatePdf: { points: env.RATE_LIMIT_ESTIMATE_PDFS_PER_HOUR, duration: hour },
    paymentIntent: { points: env.RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR, duration: hour },
    unsubscribe: { points: env.RATE_LIMIT_UNSUBSCRIBE_PER_HOUR, duration: hour },
    quoteApproval: { points: env.RATE_LIMIT_QUOTE_APPROVALS_PER_HOUR, duration: hour },
    cspReport: { points: env.RATE_LIMIT_CSP_REPORTS_PER_MINUTE, duration: 60 },
  };
}

/** How long a solved challenge lets an address write without solving again, in ms. */
export const PASS_TTL_MS = 10 * 60_000;

/** Atomically takes one write of a pass: 1 when one was left, else 0 (a missing key stays missing). */
const USE_PASS = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then redis.call('DECR', KEYS[1]) return 1 end
return 0`;

/** Outcome of taking one point: allowed, or refused for `retryAfterSeconds`. */
export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Per-client-address limits of the public writes (rate-limiter-flexible, fixed windows counted in
 * Redis under `{QUEUE_PREFIX}:public-limit:<name>:<address>`, {@link RateLimiterStore}), so every
 * api instance shares the counts. Also counts the "gated" writes (those that send email or create
 * payments) of an address per hour, for the challenge's soft threshold. While Redis is down the
 * counts fall back to this process's memory (the insurance limiter) instead of failing open.
 */
@Injectable()
export class PublicLimits {
  private readonly limiters: Record<PublicLimitName, RateLimiterRedis>;
  private readonly gated: RateLimiterRedis;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly store: RateLimiterStore,
  ) {
    const budgets = limitBudgets(env);
    this.limiters = Object.fromEntries(
      PUBLIC_LIMIT_NAMES.map((name) => [name, store.limiter(`public-limit:${name}`, budgets[name])]),
    ) as Record<PublicLimitName, RateLimiterRedis>;
    // Counts only: the threshold is compared by the caller, so the window never blocks by itself.
    this.gated = store.limiter('public-gated', { points: Number.MAX_SAFE_INTEGER, duration: 3600 });
  }

  /**
   * Takes one point of `name` for the address key `address`.
   * @throws Error only when Redis and the in-memory insurance both fail.
   */
  async take(name: PublicLimitName, address: string): Promise<LimitOutcome> {
    try {
      await this.limiters[name].consume(address);
      return { allowed: true };
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
    }
  }

  /**
   * Gives back the point of `name` (and of the gated count when `gated`) that a write of `address`
   * took but that the api could not act on (503: database unreachable), so a visitor's retries of
   * one submission through an outage count once. Best effort.
   */
  async refund(name: PublicLimitName, address: string, gated: boolean): Promise<void> {
    await this.limiters[name].reward(address, 1).catch(() => undefined);
    if (gated) await this.gated.reward(address, 1).catch(() => undefined);
  }

  /** Counts one gated write of `address`; returns how many it made in the current hour, this one included. */
  async countGated(address: string): Promise<number> {
    const res = await this.gated.consume(address);
    return res.consumedPoints;
  }

  /** Gives `address` {@link Env.CHALLENGE_PASS_WRITES} gated writes without a new solution for {@link PASS_TTL_MS}. */
  async grantPass(address: string): Promise<void> {
    if (this.env.CHALLENGE_PASS_WRITES <= 0) return;
    await this.store.redis.set(this.passKey(address), String(this.env.CHALLENGE_PASS_WRITES), 'PX', PASS_TTL_MS).catch(() => undefined);
  }

  /** Uses one write of the address's pass; false when it has none left (or Redis is unreachable). */
  async usePass(address: string): Promise<boolean> {
    const used = await this.store.redis.eval(USE_PASS, 1, this.passKey(address)).catch(() => 0);
    return used === 1;
  }

  private passKey(address: string) {
    return this.store.key(`challenge-pass:${address}`);
  }
}
