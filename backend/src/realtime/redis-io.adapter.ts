import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/**
 * Socket.IO with the Redis adapter, so several api instances share rooms
 * (architecture.md "Progress"). Closes its Redis clients when the app closes.
 */
export class RedisIoAdapter extends IoAdapter {
  private pub?: Redis;
  private sub?: Redis;

  constructor(app: INestApplicationContext, private readonly redisUrl: string, private readonly keyPrefix: string) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, serveClient: false } as ServerOptions) as Server;
    this.pub = new Redis(this.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    this.sub = this.pub.duplicate();
    server.adapter(createAdapter(this.pub, this.sub, { key: `${this.keyPrefix}:socket.io` }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all([this.pub?.quit().catch(() => undefined), this.sub?.quit().catch(() => undefined)]);
  }
}
