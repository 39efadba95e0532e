/**
 * How long jobs run, counted for the whole cluster.
 *
 * Jobs finish in the worker processes (any number of them, on any host), while Prometheus scrapes
 * GET /metrics on an api instance, which runs no job. So each worker process adds every finished
 * attempt to a histogram kept in Redis — one hash per queue under QUEUE_PREFIX,
 * `{prefix}:job-durations:{queue}`, bumped with HINCRBY (atomic, so any number of workers add to
 * it safely) — and every api instance reads those hashes when it is scraped
 * ({@link readJobDurations}) and exposes them as a Prometheus histogram. Every api instance thus
 * shows the same cluster-wide figures, whichever one Prometheus reaches, and the figures outlive
 * the restart of any worker or api process. The alternatives were worse: a per-process
 * prom-client histogram in the worker would need an HTTP port on every worker (and a scrape
 * target per worker), and pushing raw durations to a list that the api drains would split them
 * between api instances. The hashes live beside the jobs in Redis and are lost with them when
 * Redis restarts empty, which Prometheus reads as an ordinary counter reset.
 *
 * Buckets are fixed ({@link JOB_DURATION_BUCKETS}): the hash stores the count of each bucket
 * alone (non-cumulative, field `{outcome}:le:{bound}` or `{outcome}:le:+Inf`), the number of
 * attempts (`{outcome}:count`) and their total in whole milliseconds (`{outcome}:sum_ms`, integer
 * so concurrent increments never lose precision).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueName } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';
import { SharedRedis } from '../realtime/shared-redis.js';
import { QueueWorkers } from './queue-workers.js';

/** Upper bounds of the job duration buckets, in seconds (a 50 ms email to a 5 min campaign fan-out). */
export const JOB_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300] as const;

/** How an attempt ended: `completed`, or `failed` (the handler threw; it may be retried). */
export type JobOutcome = 'completed' | 'failed';
export const JOB_OUTCOMES: readonly JobOutcome[] = ['completed', 'failed'];

/** Redis key of one queue's duration histogram. */
export const jobDurationKey = (prefix: string, queue: string) => `${prefix}:job-durations:${queue}`;

/** Field of the bucket a duration of `seconds` falls in. */
export function bucketField(outcome: JobOutcome, seconds: number): string {
  const bound = JOB_DURATION_BUCKETS.find((b) => seconds <= b);
  return `${outcome}:le:${bound ?? '+Inf'}`;
}

/** One queue's durations for one outcome, as stored. */
export interface JobDurationSnapshot {
  queue: QueueName;
  outcome: JobOutcome;
  /** Attempts per bucket of JOB_DURATION_BUCKETS, not cumulative; one more entry at the end for +Inf. */
  buckets: number[];
  /** Attempts counted. */
  count: number;
  /** Total duration in seconds. */
  sumSeconds: number;
}

/**
 * Reads the duration histograms of `queues` in one round trip (a pipeline of HGETALL). Queues
 * and outcomes never observed are answered with zeros, so every series exists from the start.
 * @throws the Redis error.
 */
export async function readJobDurations(redis: Redis, prefix: string, queues: readonly QueueName[]): Promise<JobDurationSnapshot[]> {
  const pipeline = redis.pipeline();
  for (const queue of queues) pipeline.hgetall(jobDurationKey(prefix, queue));
  const replies = (await pipeline.exec()) ?? [];
  const out: JobDurationSnapshot[] = [];
  queues.forEach((queue, i) => {
    const [err, hash] = replies[i] ?? [new Error('no reply'), null];
    if (err) throw err;
    const fields = (hash ?? {}) as Record<string, string>;
    const int = (field: string) => Number.parseInt(fields[field] ?? '0', 10) || 0;
    for (const outcome of JOB_OUTCOMES) {
      out.push({
        queue,
        outcome,
        buckets: [...JOB_DURATION_BUCKETS.map((b) => int(`${outcome}:le:${b}`)), int(`${outcome}:le:+Inf`)],
        count: int(`${outcome}:count`),
        sumSeconds: int(`${outcome}:sum_ms`) / 1000,
      });
    }
  });
  return out;
}

/** At most one warning per this many ms while Redis refuses the writes. */
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Worker side of the cluster-wide job durations (see the file comment): listens to the
 * `completed` and `failed` events of this process's BullMQ workers ({@link QueueWorkers.workers})
 * and adds each attempt's duration (`finishedOn` − `processedOn`, the time the attempt ran) to its
 * queue's hash. A job delayed by its handler (RetryLaterError) is neither, so it is not counted.
 *
 * It registers with QueueWorkers when constructed, so it watches each worker from its creation,
 * before the worker's first job. Best effort: a failed write is logged (at most once per 10 s) and
 * never fails a job.
 */
@Injectable()
export class JobDurationRecorder {
  private readonly logger = new Logger(JobDurationRecorder.name);
  private lastError = 0;

  constructor(
    host: QueueWorkers,
    private readonly redis: SharedRedis,
    @Inject(ENV) private readonly env: Env,
  ) {
    host.whenWorkerStarts((worker) => this.watch(worker));
  }

  /** Records the attempts `worker` finishes from now on. */
  watch(worker: Worker): void {
    worker.on('completed', (job) => void this.record(worker.name, 'completed', job));
    worker.on('failed', (job) => {
      if (job) void this.record(worker.name, 'failed', job);
    });
  }

  /** Adds one finished attempt of `job` to `queue`'s histogram. Never throws. */
  async record(queue: string, outcome: JobOutcome, job: Pick<Job, 'processedOn' | 'finishedOn'>): Promise<void> {
    if (!job.processedOn) return;
    const ms = Math.max(0, Math.round((job.finishedOn ?? Date.now()) - job.processedOn));
    const key = jobDurationKey(this.env.QUEUE_PREFIX, queue);
    try {
      await this.redis.client
        .multi()
        .hincrby(key, bucketField(outcome, ms / 1000), 1)
        .hincrby(key, `${outcome}:count`, 1)
        .hincrby(key, `${outcome}:sum_ms`, ms)
        .exec();
    } catch (err) {
      if (Date.now() - this.lastError < ERROR_LOG_INTERVAL_MS) return;
      this.lastError = Date.now();
      this.logger.warn(`could not record a ${queue} job duration: ${(err as Error).message}`);
    }
  }
}
