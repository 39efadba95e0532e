/**
 * The per-process configuration cache (architecture.md "Configuration is read once per
 * process"): features keep what every request prices or decides from (the quote engine's
 * catalogue, …) here, loaded from Postgres on first use and kept until a version bump published
 * over Redis replaces it, in every api and worker process.
 *
 * - `get(key, load)` answers the cached value of `key`, loading it once (concurrent callers share
 *   the one load); values are shared, so callers never mutate them.
 * - `changed(key)`, called by the feature after its transaction committed, drops the local value
 *   at once (this process's next request reloads), increments the key's version in Redis and
 *   publishes `{key, version}` on `{QUEUE_PREFIX}:config:changed`; every process drops its value.
 * - A bump can only be missed while this process's subscription is down, so the cache trusts
 *   itself only while subscribed: until the subscriber is ready, and from a lost connection to
 *   the next ready one, `get` loads on every call (never stale, just slower) and every value is
 *   dropped on reconnection. A value older than `CONFIGURATION_MAX_AGE_MS` is reloaded as a last
 *   safety net.
 */
import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SharedRedis } from '../realtime/shared-redis.js';
import { ENV, type Env } from './env.js';

/** A cached value is reloaded after this long even without a bump (5 minutes). */
export const CONFIGURATION_MAX_AGE_MS = 5 * 60_000;

/** Redis channel of the bumps. */
export const configurationChannel = (queuePrefix: string) => `${queuePrefix}:config:changed`;

interface Entry {
  value: Promise<unknown>;
  loadedAt: number;
}

@Injectable()
export class ConfigurationCache implements OnApplicationShutdown {
  private readonly logger = new Logger(ConfigurationCache.name);
  private readonly entries = new Map<string, Entry>();
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly versionKeyPrefix: string;
  private subscribed = false;
  private closing = false;

  constructor(
    @Inject(ENV) env: Env,
    private readonly redis: SharedRedis,
  ) {
    this.channel = configurationChannel(env.QUEUE_PREFIX);
    this.versionKeyPrefix = `${env.QUEUE_PREFIX}:config:version:`;
    // A connection of its own: a subscribed ioredis connection runs no other command.
    this.subscriber = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null, autoResubscribe: false });
    this.subscriber.on('error', (err: Error) => this.redis.logError(err));
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('close', () => this.untrust());
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.onMessage(message);
    });
  }

  /** Whether values are being kept (this process is subscribed to the bumps). */
  get trusted(): boolean {
    return this.subscribed;
  }

  /**
   * The value of `key`: the cached one, or `load()`'s (kept while this process is subscribed to
   * the bumps). A failed load is not kept.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.subscribed) return load();
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.loadedAt < CONFIGURATION_MAX_AGE_MS) return hit.value as Promise<T>;
    const value = load();
    const entry: Entry = { value, loadedAt: Date.now() };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /**
   * Announces that `key`'s stored configuration changed (call after the commit): drops it here
   * and bumps its version for every process. Never throws: when Redis does not answer the
   * failure is logged, and the other processes, whose subscription is then down as well, read
   * Postgres until they resubscribe (which drops every value).
   *
   * @returns the new version, or null when Redis did not answer.
   */
  async changed(key: string): Promise<number | null> {
    this.entries.delete(key);
    try {
      const version = await this.redis.client.incr(this.versionKeyPrefix + key);
      await this.redis.client.publish(this.channel, JSON.stringify({ key, version }));
      return version;
    } catch (err) {
      this.logger.warn(`configuration "${key}" changed but the bump was not published: ${(err as Error).message}`);
      return null;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.untrust();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
      if (this.closing) return;
      // Whatever was published while unsubscribed is unknown: start from Postgres again.
      this.entries.clear();
      this.subscribed = true;
    } catch (err) {
      this.redis.logError(err as Error);
    }
  }

  private untrust(): void {
    this.subscribed = false;
    this.entries.clear();
  }

  private onMessage(message: string): void {
    let key: unknown;
    try {
      key = (JSON.parse(message) as { key?: unknown }).key;
    } catch {
      key = undefined;
    }
    if (typeof key === 'string') this.entries.delete(key);
    else this.entries.clear();
  }
}

/** Provides {@link ConfigurationCache} everywhere (api and worker). */
@Global()
@Module({ providers: [ConfigurationCache], exports: [ConfigurationCache] })
export class ConfigurationCacheModule {}
