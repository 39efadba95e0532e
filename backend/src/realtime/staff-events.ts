/**
 * Server → browser events that any process may raise (api or worker), published through Redis
 * with the Socket.IO Redis emitter: every api instance's Redis adapter (same key,
 * `{QUEUE_PREFIX}:socket.io`, see redis-io.adapter.ts) delivers them to its own sockets.
 */
import { createHash } from 'node:crypto';
import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { ServerEvent, campaignRoom, type CampaignProgress, type LeadActivityEvent, type LeadChanged, type LeadChangeKind, type LeadStatus } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';

/** Socket.IO room of the signed-in admins (joined on connect by JobsGateway). */
export const STAFF_ROOM = 'staff';

/**
 * Socket.IO room of the sockets opened with one HTTP session (joined on connect by JobsGateway).
 * Named by a hash of the session id, so the id itself never travels through Redis.
 */
export const sessionRoom = (sid: string) => `session:${createHash('sha256').update(sid).digest('hex').slice(0, 32)}`;

/** Redis pub/sub key shared by the Socket.IO adapter and the emitter. */
export const socketIoKey = (queuePrefix: string) => `${queuePrefix}:socket.io`;

@Injectable()
export class StaffEvents implements OnApplicationShutdown {
  private readonly logger = new Logger(StaffEvents.name);
  /** Also used for the campaign progress throttle tokens. */
  readonly redis: Redis;
  private readonly emitter: Emitter;
  private lastError = 0;

  constructor(@Inject(ENV) env: Env) {
    this.redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
    this.redis.on('error', (err: Error) => this.logError(err));
    // The emitter ignores the promise of `publish`: failures (Redis down) are logged here instead
    // of surfacing as unhandled rejections.
    const publisher = { publish: (channel: string, message: string | Buffer) => this.redis.publish(channel, message).catch((err: Error) => this.logError(err)) };
    this.emitter = new Emitter(publisher, { key: socketIoKey(env.QUEUE_PREFIX) });
  }

  /** `lead:activity {leadId, type}` to every staff socket: the lead's timeline changed. */
  leadActivity(event: LeadActivityEvent): void {
    this.safely(() => this.emitter.to(STAFF_ROOM).emit(ServerEvent.LeadActivity, event));
  }

  /**
   * `lead:changed {leadId, kind, status?, at}` to every staff socket: a lead was created, its
   * status or other fields changed, or it was deleted. Raise it after the change is committed;
   * open dashboards refetch their lists, KPIs and CRM.
   */
  leadChanged(leadId: number, kind: LeadChangeKind, status?: LeadStatus): void {
    const event: LeadChanged = { leadId, kind, ...(status ? { status } : {}), at: Date.now() };
    this.safely(() => this.emitter.to(STAFF_ROOM).emit(ServerEvent.LeadChanged, event));
  }

  /**
   * Disconnects every socket opened with session `sid`, on every api instance (logout: a signed-out
   * browser tab must stop receiving staff events at once).
   */
  endSession(sid: string): void {
    this.safely(() => this.emitter.in(sessionRoom(sid)).disconnectSockets(true));
  }

  /** `campaign:progress` to the campaign's room (callers throttle: see CampaignProgressPublisher). */
  campaignProgress(progress: CampaignProgress): void {
    this.safely(() => this.emitter.to(campaignRoom(progress.campaignId)).emit(ServerEvent.CampaignProgress, progress));
  }

  /** After every module's destroy hook, so a last progress event can still be published. */
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** At most one line every 10 s while Redis is unreachable. */
  private logError(err: Error): void {
    if (Date.now() - this.lastError < 10_000) return;
    this.lastError = Date.now();
    this.logger.warn(`live events: ${err.message}`);
  }

  /** Live events are best effort: a Redis outage must not fail the request or job that raised one. */
  private safely(fn: () => unknown): void {
    try {
      fn();
    } catch (err) {
      this.logger.warn(`could not publish a live event: ${(err as Error).message}`);
    }
  }
}

/** Provides StaffEvents everywhere (api and worker). */
@Global()
@Module({ providers: [StaffEvents], exports: [StaffEvents] })
export class StaffEventsModule {}
