/**
 * The per-process configuration cache (architecture.md "Configuration is read once per
 * process"): every configuration a request prices or decides from (site settings and company
 * facts, the AI recommendation config, promotions, the inventory catalogue) is read from Postgres
 * once per process and kept here, in every api and worker process, until it changes.
 *
 * Versions: each kind of configuration ({@link CONFIGURATION_KEYS}) has a version in the
 * `configuration_versions` table, set by database triggers in the transaction of every change
 * (whoever writes: the api, the seed, an import, hand-written SQL). A value is loaded together with
 * its version in one snapshot, so a cached value always knows the version it is.
 *
 * - `get(key, load)` / `entry(key, load)` answer the cached value of `key` (with its version),
 *   loading it once (concurrent callers share the one load); values are shared, so callers never
 *   mutate them.
 * - `changed(key)`, called by the feature after its transaction committed, drops the local value
 *   at once and publishes `{key, version}` on `{QUEUE_PREFIX}:config:changed`; every process drops
 *   its value of `key` when the message arrives.
 * - Safety net: every CONFIGURATION_POLL_MS each process reads the versions (one small query) and
 *   drops every value whose version moved, which catches a missed message and a change made
 *   behind the api's back; when the subscription comes back after a lost connection every value
 *   is dropped. While neither the subscription nor the last poll vouches for the values, `get`
 *   loads on every call (never stale, just slower). A value older than CONFIGURATION_MAX_AGE_MS is
 *   reloaded as a last resort.
 */
import { Global, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { SharedRedis } from '../realtime/shared-redis.js';
import { ENV, type Env } from './env.js';

/** A cached value is reloaded after this long even without a version change (5 minutes). */
export const CONFIGURATION_MAX_AGE_MS = 5 * 60_000;

/** The kinds of configuration, each with its row in `configuration_versions` (named after its table). */
export const CONFIGURATION_KEYS = ['site_settings', 'ai_recommendation_config', 'promotions', 'inventory', 'site_images'] as const;
export type ConfigurationKey = (typeof CONFIGURATION_KEYS)[number];

/** Redis channel of the bumps. */
export const configurationChannel = (queuePrefix: string) => `${queuePrefix}:config:changed`;

/** Redis client name of each process's subscription to the bumps (CLIENT LIST). */
export const configurationSubscriberName = (queuePrefix: string) => `${queuePrefix}:config-subscriber`;

/** A configuration value and the version of `configuration_versions` it was read at. */
export interface Versioned<T> {
  value: T;
  version: number;
}

interface Entry {
  value: Promise<Versioned<unknown>>;
  /** Known once the load resolved. */
  version: number | null;
  loadedAt: number;
}

@Injectable()
export class ConfigurationCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConfigurationCache.name);
  private readonly entries = new Map<string, Entry>();
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly pollMs: number;
  private subscribed = false;
  /** When the last poll of the versions succeeded (ms epoch), 0 before the first. */
  private polledAt = 0;
  private polling = false;
  private timer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    @Inject(ENV) env: Env,
    private readonly redis: SharedRedis,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.channel = configurationChannel(env.QUEUE_PREFIX);
    this.pollMs = env.CONFIGURATION_POLL_MS;
    // A connection of its own: a subscribed ioredis connection runs no other command.
    this.subscriber = new Redis(env.REDIS_URL, {
      maxRetriesPerRequest: null,
      autoResubscribe: false,
      connectionName: configurationSubscriberName(env.QUEUE_PREFIX),
    });
    this.subscriber.on('error', (err: Error) => this.redis.logError(err));
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('close', () => this.unsubscribed());
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.onMessage(message);
    });
  }

  onApplicationBootstrap(): void {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  /** Whether this process is subscribed to the bumps. */
  get trusted(): boolean {
    return this.subscribed;
  }

  /** Whether cached values may be served: the subscription or a recent poll vouches for them. */
  private get vouched(): boolean {
    return this.subscribed || Date.now() - this.polledAt < 3 * this.pollMs;
  }

  /**
   * The value of `key`: the cached one, or `load`'s (run in a REPEATABLE READ transaction that also
   * reads the key's version, so value and version belong to one snapshot). A failed load is not kept.
   */
  async get<T>(key: ConfigurationKey, load: (manager: EntityManager) => Promise<T>): Promise<T> {
    return (await this.entry(key, load)).value;
  }

  /** {@link get} with the version the value was read at. */
  entry<T>(key: ConfigurationKey, load: (manager: EntityManager) => Promise<T>): Promise<Versioned<T>> {
    if (!this.vouched) return this.load(key, load);
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.loadedAt < CONFIGURATION_MAX_AGE_MS) return hit.value as Promise<Versioned<T>>;
    const value = this.load(key, load);
    const entry: Entry = { value, version: null, loadedAt: Date.now() };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        entry.version = v.version;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * The version of `key` as `manager`'s transaction will commit it: fires the transaction's
   * pending version triggers (deferred to the commit otherwise) and reads the row. Call it last in
   * the transaction (it locks the version row until the commit).
   */
  async versionIn(manager: EntityManager, key: ConfigurationKey): Promise<number> {
    await manager.query(`SET CONSTRAINTS "configuration_version_bump" IMMEDIATE`);
    const rows: { version: string }[] = await manager.query(`SELECT version FROM configuration_versions WHERE key = $1`, [key]);
    return Number(rows[0]?.version ?? 0);
  }

  /** The stored version of every kind of configuration (one query). */
  async versions(): Promise<Record<ConfigurationKey, number>> {
    const rows: { key: string; version: string }[] = await this.dataSource.query(`SELECT key, version FROM configuration_versions`);
    const out = Object.fromEntries(CONFIGURATION_KEYS.map((k) => [k, 0])) as Record<ConfigurationKey, number>;
    for (const r of rows) if ((CONFIGURATION_KEYS as readonly string[]).includes(r.key)) out[r.key as ConfigurationKey] = Number(r.version);
    return out;
  }

  /**
   * Announces that `key`'s stored configuration changed (call after the commit): drops it here and
   * publishes the bump for every process. Never throws: when Redis does not answer the failure is
   * logged, and the other processes see the new version on their next poll.
   */
  async changed(key: ConfigurationKey, version?: number): Promise<void> {
    this.entries.delete(key);
    try {
      await this.redis.client.publish(this.channel, JSON.stringify({ key, version: version ?? null }));
    } catch (err) {
      this.logger.warn(`configuration "${key}" changed but the bump was not published: ${(err as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribed();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private async load<T>(key: ConfigurationKey, load: (manager: EntityManager) => Promise<T>): Promise<Versioned<T>> {
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const rows: { version: string }[] = await m.query(`SELECT version FROM configuration_versions WHERE key = $1`, [key]);
      const value = await load(m);
      return { value, version: Number(rows[0]?.version ?? 0) };
    });
  }

  /** Drops every value whose stored version moved. */
  private async poll(): Promise<void> {
    if (this.polling || this.closing) return;
    this.polling = true;
    try {
      const versions = await this.versions();
      for (const [key, entry] of this.entries) {
        if (entry.version !== null && entry.version !== versions[key as ConfigurationKey]) this.entries.delete(key);
      }
      this.polledAt = Date.now();
    } catch (err) {
      if (!this.closing) this.logger.warn(`configuration versions not read: ${(err as Error).message}`);
    } finally {
      this.polling = false;
    }
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

  private unsubscribed(): void {
    this.subscribed = false;
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
