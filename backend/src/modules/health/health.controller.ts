import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Response } from 'express';
import { QueueName, type HealthResponse, type QueueHealth, type WorkersHealth } from '@ironclad/contracts';
import { withTimeout } from '../../platform/lifecycle/with-timeout.js';
import { redisAnswers } from '../../platform/queue/redis-probe.js';
import { QueueRegistry } from '../../platform/queue/queue-registry.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { ProviderHealthService } from '../messaging/index.js';

/** Longest a dependency check may take before it counts as down (ms); also bounds the queue figures. */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

@Controller('api/health')
export class HealthController {
  private readonly queue: Queue;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
    private readonly providerHealth: ProviderHealthService,
  ) {
    this.queue = queues.get(QueueName.Notifications);
  }

  /**
   * Redis is checked with the platform's probe (`redisAnswers`: a round trip through the queue's
   * own client), the same check the job dashboard makes.
   *
   * GET /api/health: 200 `{status:'ok', checks:{postgres:'up', redis:'up'}, workers, queues}` when
   * both answer within 1.5 s; otherwise 503 with the failing one(s) named in `message`
   * (e.g. "redis is not answering"). While Redis answers, `queues` gives per queue the BullMQ
   * workers connected (`workers`), the jobs waiting and the oldest one's age in ms
   * (`oldestWaitingMs`, null when none waits), and `workers` sums them up: `ok`, `partial` (a
   * queue with waiting jobs has no worker), `none` ("no worker is running: jobs wait") or
   * `unknown` (the queues did not answer within 1.5 s). No worker is not an error: the api
   * still takes and stores requests, so the status stays 200. `providers` gives each provider's
   * state (`up`, `down` since `downSince`, `probing`) and the messages `waiting` for it (while
   * Redis answers, like `queues`); a
   * provider down is not an error either (its messages wait), the status stays 200.
   */
  @Public()
  @Get()
  @HttpCode(200)
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [pgOk, redisOk, queues, providers] = await Promise.all([
      withTimeout(this.dataSource.query('SELECT 1'), HEALTH_CHECK_TIMEOUT_MS, 'postgres check').then(
        () => true,
        () => false,
      ),
      redisAnswers(this.queue, HEALTH_CHECK_TIMEOUT_MS),
      withTimeout(Promise.all(this.queues.all().map(queueHealth)), HEALTH_CHECK_TIMEOUT_MS, 'queue figures').catch(() => null),
      this.providerHealth.providers(),
    ]);
    const checks = { postgres: pgOk ? 'up' : 'down', redis: redisOk ? 'up' : 'down' } as const;
    // the providers' states live in Redis (published by the workers' circuit breakers): given with the queues
    const jobs = redisOk ? { ...(queues ? { workers: workersHealth(queues), queues } : { workers: UNKNOWN_WORKERS }), providers } : {};
    if (pgOk && redisOk) return { status: 'ok', checks, ...jobs };
    const down = Object.entries(checks)
      .filter(([, v]) => v === 'down')
      .map(([k]) => k);
    res.status(503);
    return { status: 'error', checks, message: `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} not answering`, ...jobs };
  }
}

const UNKNOWN_WORKERS: WorkersHealth = {
  status: 'unknown',
  message: `the queues did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`,
};

/**
 * Workers, waiting jobs and the oldest waiting job's age of one queue. BullMQ names the blocking
 * connection of each Worker `{prefix}:{base64(queue)}[:w:{name}]` (CLIENT SETNAME), and
 * `getWorkersCount` counts the connections of that name in CLIENT LIST: one per worker process
 * draining the queue under this key prefix. The oldest waiting job is the tail of the wait list.
 */
async function queueHealth(queue: Queue): Promise<QueueHealth> {
  const [workers, waiting, oldest] = await Promise.all([
    queue.getWorkersCount(),
    queue.getWaitingCount(),
    queue.getJobs(['wait'], 0, 0, true),
  ]);
  const job = oldest[0];
  // A delayed job (or one retried after a backoff) waits from the end of its delay, not from when
  // it was enqueued; BullMQ keeps no "entered wait" time, so this is the closest it records.
  const since = job ? Math.max(job.timestamp, job.processedOn ?? 0) + (job.delay ?? 0) : null;
  return {
    queue: queue.name as QueueName,
    workers,
    waiting,
    oldestWaitingMs: since === null ? null : Math.max(0, Date.now() - since),
  };
}

/** The workers in one word (see healthResponseSchema). */
function workersHealth(queues: QueueHealth[]): WorkersHealth {
  if (queues.every((q) => q.workers === 0)) return { status: 'none', message: 'no worker is running: jobs wait' };
  const stranded = queues.filter((q) => q.workers === 0 && q.waiting > 0);
  if (stranded.length === 0) return { status: 'ok' };
  return {
    status: 'partial',
    message: `no worker drains ${stranded.map((q) => `${q.queue} (${q.waiting} waiting)`).join(', ')}`,
  };
}
