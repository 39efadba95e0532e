/**
 * A circuit breaker per provider (issue 26 point 2), with `opossum`:
 *
 * - **closed**: calls go through. Transient failures (a retryable {@link ProviderError}: 429, 5xx,
 *   timeouts, network) are counted over BREAKER_WINDOW_MS; permanent ones (a 4xx refusal) are the
 *   provider answering, not failing, and do not count. When at least BREAKER_FAILURES calls were
 *   made in the window and more than BREAKER_ERROR_PERCENT of them failed, the circuit opens.
 * - **open** ("down since …"): no call is made. {@link ProviderCircuit.admit} answers when to come
 *   back, and a job that meets it waits (delayed, no attempt spent: {@link ProviderUnavailableError}).
 * - **probe**: after BREAKER_PROBE_MS the circuit is half-open and lets exactly one call through.
 *   Success closes it; failure opens it again for twice as long (up to BREAKER_PROBE_MAX_MS).
 * - **ramp**: for BREAKER_RAMP_MS after closing, calls in flight are limited to 1, 2, 4, 8, 16 (one
 *   step per fifth of the ramp), so a recovering provider is not hit by every waiting message at once.
 *
 * Each process keeps its own circuits (each worker learns of an outage from its own calls); their
 * state is also written to Redis (`{QUEUE_PREFIX}:provider-state:<name>`) so the api's
 * `/api/health`, `/metrics` and the admin banner can tell (see {@link readProviderStates}).
 */
import { Global, Inject, Injectable, Logger, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import CircuitBreaker from 'opossum';
import { ENV, type Env } from '../config/env.js';
import { RetryLaterError } from '../queue/job-processor.js';
import { SharedRedis } from '../realtime/shared-redis.js';
import { ProviderError } from './provider-error.js';

/** The providers that have a circuit. */
export const CIRCUIT_PROVIDERS = ['sendgrid', 'twilio', 'stability'] as const;
export type CircuitProvider = (typeof CIRCUIT_PROVIDERS)[number];

/** A provider's state as the health check and the admin banner show it. */
export interface ProviderState {
  provider: CircuitProvider;
  state: 'up' | 'down' | 'probing';
  /** When the circuit opened (ISO 8601), or null while up. */
  downSince: string | null;
}

/** Thrown instead of calling a provider whose circuit is open: the job waits until `retryAt`, no attempt spent. */
export class ProviderUnavailableError extends RetryLaterError {
  constructor(message: string, retryAt: number) {
    super(message, retryAt, true);
  }
}

/** Number of ramp steps after a close (in-flight limit 1, 2, 4, 8, 16, then none). */
const RAMP_STEPS = 5;

/** Redis key of a provider's published state. */
export const providerStateKey = (prefix: string, provider: CircuitProvider) => `${prefix}:provider-state:${provider}`;

/** One provider's circuit in this process. */
export class ProviderCircuit {
  private readonly breaker: CircuitBreaker<[() => Promise<unknown>], unknown>;
  private openedAt: number | null = null;
  private firstOpenedAt: number | null = null;
  private probeMs: number;
  private closedAt = 0;
  private inFlight = 0;

  constructor(
    readonly provider: CircuitProvider,
    private readonly env: Env,
    private readonly publish: (state: ProviderState) => void,
    private readonly logger: Logger,
  ) {
    this.probeMs = env.BREAKER_PROBE_MS;
    const window = Math.max(1000, Math.round(env.BREAKER_WINDOW_MS / 10) * 10);
    this.breaker = new CircuitBreaker((fn: () => Promise<unknown>) => fn(), {
      timeout: false,
      volumeThreshold: env.BREAKER_FAILURES,
      errorThresholdPercentage: env.BREAKER_ERROR_PERCENT,
      rollingCountTimeout: window,
      rollingCountBuckets: 10,
      resetTimeout: this.probeMs,
      // a permanent refusal is the provider answering: it does not count toward opening
      errorFilter: (err: unknown) => err instanceof ProviderError && !err.retryable,
    });
    // Before opossum starts its half-open timer: the probe interval grows while probes fail.
    this.breaker.prependListener('open', () => {
      const now = Date.now();
      if (this.firstOpenedAt === null) {
        this.firstOpenedAt = now;
        this.probeMs = env.BREAKER_PROBE_MS;
      } else {
        this.probeMs = Math.min(env.BREAKER_PROBE_MAX_MS, this.probeMs * 2);
      }
      // opossum reads options.resetTimeout when it starts the half-open timer (not in its typings)
      (this.breaker as unknown as { options: { resetTimeout: number } }).options.resetTimeout = this.probeMs;
      this.openedAt = now;
      this.logger.warn(
        `${provider} circuit open (down since ${new Date(this.firstOpenedAt).toISOString()}): next probe in ${this.probeMs} ms`,
      );
      this.publish(this.state());
    });
    this.breaker.on('halfOpen', () => {
      this.logger.log(`${provider} circuit half-open: one probe call allowed`);
      this.publish(this.state());
    });
    this.breaker.on('close', () => {
      this.logger.log(`${provider} circuit closed: sending resumes with a ${env.BREAKER_RAMP_MS} ms ramp`);
      this.openedAt = null;
      this.firstOpenedAt = null;
      this.closedAt = Date.now();
      this.probeMs = env.BREAKER_PROBE_MS;
      this.publish(this.state());
    });
  }

  /** The circuit's state now. */
  state(): ProviderState {
    const state = this.breaker.closed ? 'up' : this.breaker.halfOpen ? 'probing' : 'down';
    return {
      provider: this.provider,
      state,
      downSince: this.firstOpenedAt === null ? null : new Date(this.firstOpenedAt).toISOString(),
    };
  }

  /**
   * Whether a call may be made now: while open, when the next probe is due (plus a jitter so the
   * waiting jobs do not all wake at once); half-open, one call (the probe) at a time; during the
   * ramp, while under its in-flight limit.
   */
  admit(now = Date.now()): { ok: true } | { ok: false; retryAt: number } {
    const jitter = () => Math.round(Math.random() * Math.min(1000, this.probeMs / 4));
    if (this.breaker.opened) return { ok: false, retryAt: (this.openedAt ?? now) + this.probeMs + 50 + jitter() };
    if (this.breaker.halfOpen) return this.breaker.pendingClose ? { ok: true } : { ok: false, retryAt: now + 200 + jitter() };
    const sinceClose = now - this.closedAt;
    if (this.closedAt > 0 && sinceClose < this.env.BREAKER_RAMP_MS) {
      const step = Math.floor((sinceClose / this.env.BREAKER_RAMP_MS) * RAMP_STEPS);
      if (this.inFlight >= 2 ** step) return { ok: false, retryAt: now + 100 + Math.round(Math.random() * 200) };
    }
    return { ok: true };
  }

  /**
   * Calls the provider through the breaker.
   * @throws ProviderUnavailableError when the circuit refused the call (nothing was sent); the
   *   call's own error otherwise.
   */
  async fire<T>(call: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    try {
      return (await this.breaker.fire(call)) as T;
    } catch (err) {
      if ((err as { code?: string }).code === 'EOPENBREAKER') {
        const admit = this.admit();
        throw new ProviderUnavailableError(
          `${this.provider} is unavailable (circuit open): waiting`,
          admit.ok ? Date.now() + 200 : admit.retryAt,
        );
      }
      throw err;
    } finally {
      this.inFlight -= 1;
    }
  }

  shutdown(): void {
    this.breaker.shutdown();
  }
}

/** The circuits of this process, one per provider, created on first use. */
@Injectable()
export class ProviderCircuits implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ProviderCircuits');
  private readonly circuits = new Map<CircuitProvider, ProviderCircuit>();

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly redis: SharedRedis,
  ) {}

  /** The circuit of `provider`. */
  get(provider: CircuitProvider): ProviderCircuit {
    let circuit = this.circuits.get(provider);
    if (!circuit) {
      circuit = new ProviderCircuit(provider, this.env, (s) => void this.publish(s), this.logger);
      this.circuits.set(provider, circuit);
    }
    return circuit;
  }

  /** The circuit of a provider by its adapter name, or null (the outbox, or an unknown name). */
  of(name: string): ProviderCircuit | null {
    return (CIRCUIT_PROVIDERS as readonly string[]).includes(name) ? this.get(name as CircuitProvider) : null;
  }

  /** Writes the state to Redis (down/probing: kept an hour, refreshed on each change; up: removed). */
  private async publish(state: ProviderState): Promise<void> {
    const key = providerStateKey(this.env.QUEUE_PREFIX, state.provider);
    try {
      if (state.state === 'up') await this.redis.client.del(key);
      else await this.redis.client.set(key, JSON.stringify(state), 'PX', 3_600_000);
    } catch (err) {
      this.redis.logError(err as Error);
    }
  }

  /**
   * Shuts the circuits down once every module is destroyed, i.e. after the queue workers have let
   * their active jobs finish (QueueWorkers.onModuleDestroy): a circuit shut down earlier would
   * fail the provider call of a job still running at SIGTERM ("the circuit has been shutdown"),
   * sending that job back to be retried instead of finishing it.
   */
  beforeApplicationShutdown(): void {
    for (const c of this.circuits.values()) c.shutdown();
  }
}

/**
 * Every provider's state as the workers published it (`up` when none did, or Redis cannot tell).
 */
export async function readProviderStates(redis: SharedRedis, prefix: string): Promise<ProviderState[]> {
  const raw = await redis.client
    .mget(...CIRCUIT_PROVIDERS.map((p) => providerStateKey(prefix, p)))
    .catch(() => CIRCUIT_PROVIDERS.map(() => null));
  return CIRCUIT_PROVIDERS.map((provider, i) => {
    const value = raw[i];
    if (!value) return { provider, state: 'up', downSince: null };
    try {
      return JSON.parse(value) as ProviderState;
    } catch {
      return { provider, state: 'up', downSince: null };
    }
  });
}

/** Provides {@link ProviderCircuits} to every feature (global). */
@Global()
@Module({ providers: [ProviderCircuits], exports: [ProviderCircuits] })
export class ProviderCircuitsModule {}
