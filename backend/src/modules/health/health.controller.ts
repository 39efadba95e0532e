import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Response } from 'express';
import { QueueName, type HealthResponse } from '@ironclad/contracts';
import { withTimeout } from '../../platform/lifecycle/with-timeout.js';
import { QueueRegistry } from '../../platform/queue/queue-registry.js';
import { Public } from '../../platform/http/auth/public.decorator.js';

/** Longest a dependency check may take before it counts as down (ms). */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

@Controller('api/health')
export class HealthController {
  private readonly queue: Queue;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    queues: QueueRegistry,
  ) {
    this.queue = queues.get(QueueName.Notifications);
  }

  /**
   * A round trip to Redis is a GET of a never-written key through the queue's own client
   * (portable across BullMQ's Redis drivers).
   *
   * GET /api/health: 200 `{status:'ok', checks:{postgres:'up', redis:'up'}}` when both answer
   * within 1.5 s; otherwise 503 with the failing one(s) named in `message`
   * (e.g. "redis is not answering").
   */
  @Public()
  @Get()
  @HttpCode(200)
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [pgOk, redisOk] = await Promise.all([
      withTimeout(this.dataSource.query('SELECT 1'), HEALTH_CHECK_TIMEOUT_MS, 'postgres check').then(
        () => true,
        () => false,
      ),
      withTimeout(
        this.queue.getBackend().client.then((c) => c.get(`${this.queue.opts.prefix}:health`)),
        HEALTH_CHECK_TIMEOUT_MS,
        'redis check',
      ).then(
        () => true,
        () => false,
      ),
    ]);
    const checks = { postgres: pgOk ? 'up' : 'down', redis: redisOk ? 'up' : 'down' } as const;
    if (pgOk && redisOk) return { status: 'ok', checks };
    const down = Object.entries(checks)
      .filter(([, v]) => v === 'down')
      .map(([k]) => k);
    res.status(503);
    return { status: 'error', checks, message: `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} not answering` };
  }
}
