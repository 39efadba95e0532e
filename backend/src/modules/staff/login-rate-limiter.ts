import { Inject, Injectable } from '@nestjs/common';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiterStore } from '../../platform/abuse/index.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { addressKey } from '../../platform/http/client-address.js';

/** Outcome of reserving a login attempt: allowed (with what it holds), or refused for `retryAfterSeconds`. */
export type LoginGate = { allowed: true; attempt: LoginAttempt } | { allowed: false; retryAfterSeconds: number };

/** What an allowed attempt took: the keys it counted under and the delay gates it set. */
export interface LoginAttempt {
  pairKey: string;
  ipKey: string;
  heldGates: ReadonlyArray<'pair' | 'ip'>;
}

/** One counted scope (account-and-IP, or IP): failures remembered in a window, and the delay gate. */
interface Scope {
  name: 'pair' | 'ip';
  failures: RateLimiterRedis;
  gate: RateLimiterRedis;
  /** Failures allowed without any delay. */
  free: number;
}

/** A failure counter never refuses by itself: it only counts (refusals come from the gates). */
const COUNT_ONLY = 1_000_000;

/**
 * Login protection (decisions.md §1; OWASP Authentication Cheat Sheet "Login Throttling"):
 * failures are counted per ACCOUNT-AND-IP (lower-cased email + client address) and per IP, never
 * per account alone, so guesses from one address cannot lock the account's owner out from another.
 *
 * Progressive delays instead of a hard lock: the first LOGIN_MAX_FAILURES_PER_ACCOUNT_IP failures
 * of a pair (LOGIN_MAX_FAILURES_PER_IP of an address) cost nothing; from then on every failure
 * makes the next attempt of that scope wait, the wait doubling each time:
 * LOGIN_DELAY_BASE_SECONDS, ×2, ×4, … up to LOGIN_DELAY_MAX_SECONDS. An attempt during the wait is
 * refused (429 with Retry-After) and is not counted. Failures are remembered for
 * LOGIN_FAILURE_WINDOW_SECONDS from the first one; a successful login clears its pair and gives the
 * address its point back.
 *
 * State is in Redis (`rate-limiter-flexible`) under `{QUEUE_PREFIX}:login-fail-*` (counts) and
 * `{QUEUE_PREFIX}:login-wait-*` (delay gates), shared by every api instance. Each attempt RESERVES
 * its point (an atomic increment) and, once past the free failures, takes the scope's gate (an
 * atomic increment on a key that lives as long as the delay) before the password is checked, so a
 * burst of parallel guesses gets exactly one past the gate.
 *
 * Addresses: `req.ip`, which believes X-Forwarded-For only from TRUSTED_PROXIES (default none);
 * IPv4 per address, IPv6 per /64 network. While Redis is down the counts fall back to this
 * process's memory (insurance limiter) instead of failing open.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly scopes: readonly [Scope, Scope];
  private readonly base: number;
  private readonly max: number;

  constructor(@Inject(ENV) env: Env, store: RateLimiterStore) {
    const duration = env.LOGIN_FAILURE_WINDOW_SECONDS;
    this.base = env.LOGIN_DELAY_BASE_SECONDS;
    this.max = Math.max(env.LOGIN_DELAY_MAX_SECONDS, env.LOGIN_DELAY_BASE_SECONDS);
    const scope = (name: 'pair' | 'ip', free: number): Scope => ({
      name,
      free,
      failures: store.limiter(`login-fail-${name}`, { points: COUNT_ONLY, duration }),
      gate: store.limiter(`login-wait-${name}`, { points: 1, duration: this.max }),
    });
    this.scopes = [scope('pair', env.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP), scope('ip', env.LOGIN_MAX_FAILURES_PER_IP)];
  }

  /**
   * The wait (seconds) that the `n`-th failure of a scope with `free` free failures imposes on the
   * next attempt: 0 while n < free, then base × 2^(n − free), capped at the maximum.
   */
  delayAfter(n: number, free: number): number {
    if (n < free) return 0;
    return Math.min(this.max, this.base * 2 ** Math.min(n - free, 30));
  }

  /**
   * Reserves one login attempt for `email` from `ip` (counted at once, in Redis). Refused while
   * the pair's or the address's delay runs; a refused attempt gives back everything it took.
   * @throws Error only when the store and its in-memory insurance both fail.
   */
  async reserve(email: string, ip: string): Promise<LoginGate> {
    const keys = [pairKey(email, ip), addressKey(ip)] as const;
    const results = await Promise.allSettled(this.scopes.map((s, i) => this.take(s, keys[i])));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const taken = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ scope: this.scopes[i], key: keys[i], held: r.value }] : []));
    if (!refused.length) {
      return {
        allowed: true,
        attempt: { pairKey: keys[0], ipKey: keys[1], heldGates: taken.filter((t) => t.held).map((t) => t.scope.name) },
      };
    }
    await Promise.all(taken.map((t) => this.giveBack(t.scope, t.key, t.held)));
    const failure = refused.find((r) => !(r instanceof RateLimiterRes));
    if (failure) throw failure;
    const waitMs = Math.max(...(refused as RateLimiterRes[]).map((r) => r.msBeforeNext));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** A successful login: clears the pair (count and wait) and gives the address its point back. */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    const [pair, ipScope] = this.scopes;
    await Promise.all([
      pair.failures.delete(attempt.pairKey).catch(() => undefined),
      pair.gate.delete(attempt.pairKey).catch(() => undefined),
      this.giveBack(ipScope, attempt.ipKey, attempt.heldGates.includes('ip')),
    ]);
  }

  /**
   * Counts one attempt under `key`; past the free failures also takes the scope's gate, which
   * then lives for the delay this failure would impose. Resolves with whether it took the gate;
   * rejects with the RateLimiterRes of a running wait (after giving the count back).
   */
  private async take(scope: Scope, key: string): Promise<boolean> {
    const counted = await scope.failures.consume(key);
    const n = counted.consumedPoints;
    const wait = this.delayAfter(n, scope.free);
    if (wait === 0) return false;
    try {
      await scope.gate.consume(key, 1, { customDuration: wait });
      return true;
    } catch (err) {
      await scope.failures.reward(key, 1).catch(() => undefined);
      throw err;
    }
  }

  /** Undoes what {@link take} did for an attempt that was refused elsewhere or succeeded. */
  private async giveBack(scope: Scope, key: string, heldGate: boolean): Promise<void> {
    await Promise.all([
      scope.failures.reward(key, 1).catch(() => undefined),
      heldGate ? scope.gate.delete(key).catch(() => undefined) : undefined,
    ]);
  }
}

/** The account-and-IP key: lower-cased email and the address key, so one pair is one bucket. */
const pairKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${addressKey(ip)}`;
