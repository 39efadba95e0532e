import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { socketIoKey } from './live-events.js';

/**
 * Socket.IO with the Redis adapter, so several api instances share rooms
 * (architecture.md "Progress"). Closes its Redis clients when the app closes.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly log = new Logger(RedisIoAdapter.name);
  private pub?: Redis;
  private sub?: Redis;
  private lastErrorLog = 0;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly keyPrefix: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, serveClient: false } as ServerOptions) as Server;
    this.pub = new Redis(this.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    this.sub = this.pub.duplicate();
    for (const client of [this.pub, this.sub]) client.on('error', (err: Error) => this.logError(err));
    server.adapter(createAdapter(this.pub, this.sub, { key: socketIoKey(this.keyPrefix) }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    for (const client of [this.pub, this.sub]) client?.disconnect();
  }

  /** At most one log line every 10 s while Redis is unreachable. */
  private logError(err: Error): void {
    if (Date.now() - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = Date.now();
    this.log.warn(`socket.io redis adapter: ${err.message}`);
  }
}
