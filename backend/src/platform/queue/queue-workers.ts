import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { MetricsTime, Worker } from 'bullmq';
import { ENV, type Env } from '../config/env.js';
import { JobProcessor } from './job-processor.js';
import { JobSchedulerKeeper } from './job-schedulers.js';
import { QueuePauseKeeper, QueuePauses } from './queue-pauses.js';
import { QueueRegistry } from './queue-registry.js';
import { bullConnection } from './redis-connection.js';

/** At most one log line per worker per this many ms while Redis is unreachable. */
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * The worker bootstrap's job host: at application bootstrap it finds every {@link JobProcessor}
 * provider of the features' job modules, starts one BullMQ `Worker` per queue with the shared
 * settings (Redis connection, key prefix, WORKER_CONCURRENCY, WORKER_LOCK_DURATION_MS,
 * WORKER_STALLED_INTERVAL_MS) overridden by the processor's own `workerOptions()`, and registers
 * the processor's repeatable jobs, kept registered should Redis lose them ({@link JobSchedulerKeeper}). On shutdown (`onModuleDestroy`, i.e. before any
 * `onApplicationShutdown` hook closes Postgres or Redis) it stops taking jobs and waits for the
 * active ones, so a SIGTERM never cuts a job off from its database.
 * @throws Error at bootstrap when two processors claim the same queue.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(QueueWorkers.name);
  readonly workers: Worker[] = [];
  private readonly schedulers: JobSchedulerKeeper[] = [];
  private pauseKeeper?: QueuePauseKeeper;
  private readonly startListeners: ((worker: Worker) => void)[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly queues: QueueRegistry,
    private readonly pauses: QueuePauses,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Calls `listener` with every BullMQ worker this host starts, before it takes its first job (and
   * at once with those already started), so observers such as the job-duration recorder miss none.
   */
  whenWorkerStarts(listener: (worker: Worker) => void): void {
    this.startListeners.push(listener);
    for (const worker of this.workers) listener(worker);
  }

  /** The processors registered in this process. */
  processors(): JobProcessor[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is JobProcessor => instance instanceof JobProcessor);
  }

  async onApplicationBootstrap(): Promise<void> {
    const seen = new Set<string>();
    for (const processor of this.processors()) {
      if (seen.has(processor.queue)) throw new Error(`two job processors drain queue ${processor.queue}`);
      seen.add(processor.queue);
      const worker = new Worker(processor.queue, (job, token) => processor.process(job, token), {
        // Stored on each job it runs (`job.processedBy`) and in its Redis client name: which process ran what.
        name: `${hostname()}:${process.pid}`,
        connection: bullConnection(this.env.REDIS_URL, 'worker'),
        prefix: this.env.QUEUE_PREFIX,
        concurrency: this.env.WORKER_CONCURRENCY,
        lockDuration: this.env.WORKER_LOCK_DURATION_MS,
        stalledInterval: this.env.WORKER_STALLED_INTERVAL_MS,
        // Completed / failed jobs per minute, kept a week in Redis: the job dashboard's charts.
        metrics: { maxDataPoints: MetricsTime.ONE_WEEK },
        ...processor.workerOptions(),
      });
      let lastError = 0;
      worker.on('error', (err) => {
        if (Date.now() - lastError < ERROR_LOG_INTERVAL_MS) return;
        lastError = Date.now();
        this.logger.warn(`${processor.queue} worker: ${err.message}`);
      });
      this.workers.push(worker);
      for (const listener of this.startListeners) listener(worker);
      const schedules = processor.schedules();
      if (schedules.length) {
        const keeper = new JobSchedulerKeeper(this.queues.get(processor.queue), schedules, this.env.SCHEDULER_CHECK_EVERY_MS, this.logger);
        await keeper.start();
        this.schedulers.push(keeper);
      }
    }
    // Queues paused on purpose stay paused should Redis lose the flag.
    this.pauseKeeper = new QueuePauseKeeper(this.queues.all(), this.pauses, this.env.SCHEDULER_CHECK_EVERY_MS, this.logger);
    await this.pauseKeeper.start();
  }

  /** Stops taking jobs and waits for the active ones (graceful shutdown). */
  async onModuleDestroy(): Promise<void> {
    for (const keeper of this.schedulers) keeper.stop();
    this.pauseKeeper?.stop();
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
