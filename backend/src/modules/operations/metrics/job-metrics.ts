/**
 * The queue families of GET /metrics, read from Redis when Prometheus scrapes, so every api
 * instance exposes the same cluster-wide figures whichever worker ran the jobs:
 *
 * - `ironclad_queue_jobs{queue, state}` (gauge): jobs per state (BullMQ `getJobCounts`: waiting,
 *   active, delayed, prioritized, waiting-children, completed, failed, paused);
 * - `ironclad_jobs_completed_total{queue}`, `ironclad_jobs_failed_total{queue}` (counters): jobs
 *   that completed / failed for good (after their last attempt), from BullMQ's own metrics that
 *   every worker updates in Redis in the same script that finishes the job (the counts behind the
 *   job dashboard's per-minute charts);
 * - `ironclad_job_duration_seconds{queue, outcome}` (histogram): how long each attempt ran,
 *   `outcome` completed or failed (an attempt that threw, retried or not), from the histograms
 *   the workers keep in Redis (platform/queue/job-durations.ts);
 * - `ironclad_queue_metrics_up` (gauge): 1 when the figures above were read, 0 when Redis did not
 *   answer within QUEUE_METRICS_TIMEOUT_MS — the families above then have no samples, and the
 *   scrape still answers at once with the api's own families.
 *
 * One Redis read serves every family above in a scrape (their collect hooks share it).
 */
import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, type Histogram, type Registry } from 'prom-client';
import { ALL_QUEUES, type QueueName } from '@ironclad/contracts';
import { ENV, type Env } from '../../../platform/config/env.js';
import { withTimeout } from '../../../platform/lifecycle/with-timeout.js';
import { JOB_DURATION_BUCKETS, readJobDurations, type JobDurationSnapshot } from '../../../platform/queue/job-durations.js';
import { QueueRegistry } from '../../../platform/queue/queue-registry.js';
import { SharedRedis } from '../../../platform/realtime/shared-redis.js';

/** Longest a scrape waits for the queue figures before it answers without them (ms). */
export const QUEUE_METRICS_TIMEOUT_MS = 1000;

/** What one scrape reads from Redis. */
interface QueueFigures {
  counts: { queue: QueueName; counts: Record<string, number> }[];
  finished: { queue: QueueName; completed: number; failed: number }[];
  durations: JobDurationSnapshot[];
}

/** One sample of a histogram's exposition, in prom-client's shape (`_bucket`, `_sum`, `_count`). */
interface HistogramSample {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/**
 * A histogram family whose samples are not observed in this process but read from stored bucket
 * counts at each scrape. prom-client has no custom-collector API and its Histogram cannot be set
 * from counts, but its Registry reads a metric only through `name`, `get()` /
 * `getForPromString()` (the samples) and `reset()`, so this object answers those in prom-client's
 * own sample shape and is registered in place of a Histogram.
 */
class StoredHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => Promise<JobDurationSnapshot[]>,
  ) {}

  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: HistogramSample[] }> {
    const values: HistogramSample[] = [];
    for (const s of await this.read()) {
      const labels = { queue: s.queue, outcome: s.outcome };
      let cumulative = 0;
      JOB_DURATION_BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i] ?? 0;
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: s.sumSeconds, metricName: `${this.name}_sum` });
      values.push({ labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  getForPromString() {
    return this.get();
  }

  /** Nothing to reset: the counts live in Redis. */
  reset(): void {}
}

/** Registers the queue families (see the file comment) in a registry. */
@Injectable()
export class JobMetrics {
  private inflight?: Promise<QueueFigures | null>;

  constructor(
    private readonly queues: QueueRegistry,
    private readonly redis: SharedRedis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Adds the queue families to `registry`. */
  register(registry: Registry): void {
    const figures = () => this.figures();
    new Gauge({
      name: 'ironclad_queue_metrics_up',
      help: 'Whether the queue figures of this scrape could be read from Redis (1) or not (0).',
      registers: [registry],
      async collect() {
        this.set((await figures()) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'ironclad_queue_jobs',
      help: 'Jobs per queue and state (BullMQ job counts), cluster-wide.',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue, counts } of (await figures())?.counts ?? [])
          for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
      },
    });
    new Counter({
      name: 'ironclad_jobs_completed_total',
      help: 'Jobs completed per queue, cluster-wide (BullMQ metrics).',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue, completed } of (await figures())?.finished ?? []) this.inc({ queue }, completed);
      },
    });
    new Counter({
      name: 'ironclad_jobs_failed_total',
      help: 'Jobs failed for good (no attempt left) per queue, cluster-wide (BullMQ metrics).',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue, failed } of (await figures())?.finished ?? []) this.inc({ queue }, failed);
      },
    });
    const durations = new StoredHistogram(
      'ironclad_job_duration_seconds',
      'How long job attempts ran (processing start to finish), per queue and outcome (completed, failed), cluster-wide.',
      async () => (await figures())?.durations ?? [],
    );
    registry.registerMetric(durations as unknown as Histogram);
  }

  /**
   * The figures of the current scrape: one read shared by every family collected at the same
   * time, or null when Redis did not answer within QUEUE_METRICS_TIMEOUT_MS.
   */
  figures(): Promise<QueueFigures | null> {
    this.inflight ??= withTimeout(this.read(), QUEUE_METRICS_TIMEOUT_MS, 'queue metrics')
      .catch(() => null)
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  private async read(): Promise<QueueFigures> {
    const queues = ALL_QUEUES.map((name) => this.queues.get(name));
    const [counts, finished, durations] = await Promise.all([
      Promise.all(queues.map(async (q) => ({ queue: q.name as QueueName, counts: await q.getJobCounts() }))),
      Promise.all(
        queues.map(async (q) => {
          // Only the totals are needed: the newest data point at most, not a week of minutes.
          const [completed, failed] = await Promise.all([q.getMetrics('completed', 0, 0), q.getMetrics('failed', 0, 0)]);
          return { queue: q.name as QueueName, completed: completed.meta.count, failed: failed.meta.count };
        }),
      ),
      readJobDurations(this.redis.client, this.env.QUEUE_PREFIX, ALL_QUEUES),
    ]);
    return { counts, finished, durations };
  }
}
