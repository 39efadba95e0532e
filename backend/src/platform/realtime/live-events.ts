/**
 * Server → browser events that any process may raise (api or worker): features publish through
 * {@link LiveEvents}; the Socket.IO Redis emitter hands them to every api instance's Redis adapter
 * (same key, `{QUEUE_PREFIX}:socket.io`, see redis-io.adapter.ts), which delivers them to its own
 * sockets. Which events exist and what they carry is the features' business (e.g. `lead:changed`
 * in leads, `campaign:progress` in communications); this layer only knows rooms.
 */
import { createHash } from 'node:crypto';
import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { ENV, type Env } from '../config/env.js';
import { SharedRedis } from './shared-redis.js';

/** Socket.IO room of the signed-in admins (joined on connect by JobsGateway). */
export const STAFF_ROOM = 'staff';

/**
 * Socket.IO room of the sockets opened with one HTTP session (joined on connect by JobsGateway).
 * Named by a hash of the session id, so the id itself never travels through Redis.
 */
export const sessionRoom = (sid: string) => `session:${createHash('sha256').update(sid).digest('hex').slice(0, 32)}`;

/** Redis pub/sub key shared by the Socket.IO adapter and the emitter. */
export const socketIoKey = (queuePrefix: string) => `${queuePrefix}:socket.io`;

/**
 * The publishing side of live events, for features. Best effort: a Redis outage never fails the
 * request or job that raised an event (it is logged instead).
 */
export abstract class LiveEvents {
  /** Sends `event` with `payload` to every signed-in admin's sockets, on every api instance. */
  abstract toStaff(event: string, payload: unknown): void;
  /** Sends `event` with `payload` to the sockets that joined `room`, on every api instance. */
  abstract toRoom(room: string, event: string, payload: unknown): void;
  /** Disconnects every socket opened with HTTP session `sid`, on every api instance (logout). */
  abstract endSession(sid: string): void;
}

/** {@link LiveEvents} through the Socket.IO Redis emitter. */
@Injectable()
export class RedisLiveEvents extends LiveEvents {
  private readonly logger = new Logger('LiveEvents');
  private readonly emitter: Emitter;

  constructor(@Inject(ENV) env: Env, redis: SharedRedis) {
    super();
    // The emitter ignores the promise of `publish`: failures (Redis down) are logged here instead
    // of surfacing as unhandled rejections.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        redis.client.publish(channel, message).catch((err: Error) => redis.logError(err)),
    };
    this.emitter = new Emitter(publisher, { key: socketIoKey(env.QUEUE_PREFIX) });
  }

  toStaff(event: string, payload: unknown): void {
    this.safely(() => this.emitter.to(STAFF_ROOM).emit(event, payload));
  }

  toRoom(room: string, event: string, payload: unknown): void {
    this.safely(() => this.emitter.to(room).emit(event, payload));
  }

  endSession(sid: string): void {
    this.safely(() => this.emitter.in(sessionRoom(sid)).disconnectSockets(true));
  }

  private safely(fn: () => unknown): void {
    try {
      fn();
    } catch (err) {
      this.logger.warn(`could not publish a live event: ${(err as Error).message}`);
    }
  }
}

/** Provides {@link LiveEvents} and {@link SharedRedis} everywhere (api and worker). */
@Global()
@Module({ providers: [SharedRedis, { provide: LiveEvents, useClass: RedisLiveEvents }], exports: [SharedRedis, LiveEvents] })
export class LiveEventsModule {}
