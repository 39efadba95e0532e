import type { Logger } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import type { JobSchedule } from './job-processor.js';

/** Options of every scheduled run: one attempt (the next run comes anyway) and a short history. */
const SCHEDULED_RUN_OPTIONS: JobsOptions = { attempts: 1, removeOnComplete: 100, removeOnFail: 100 };

/**
 * Keeps the repeatable jobs of one queue (BullMQ job schedulers) registered in Redis, so the
 * periodic sweeps outlive Redis losing its data.
 *
 * Why: a job scheduler exists only in Redis. Registered once at bootstrap, it is gone for good
 * after Redis restarts without persistence (as the machines' Redis and the one `npm start`
 * launches do), a FLUSHALL or a failover to an empty replica; and with it go the sweeps that
 * re-enqueue from Postgres what Redis lost (architecture.md: "Redis may lose everything"). So:
 * 1. {@link start} registers every schedule (`upsertJobScheduler`, idempotent: an existing
 *    scheduler keeps its slot; a changed interval takes effect);
 * 2. each time the queue's Redis connection becomes ready again (a reconnect after an outage) and
 *    every `checkEveryMs` (data lost without a reconnect) {@link check} re-registers a schedule
 *    whose scheduler or next run is missing. BullMQ runs the first iteration of a new `every`
 *    scheduler at once, so the sweep runs as soon as Redis is back rather than an interval later.
 *
 * Checking before upserting keeps the reconnects of a Redis that kept its data free of writes.
 * Several workers may re-register the same scheduler at once after a loss: BullMQ's upsert is
 * atomic per call and the sweeps are idempotent, so at worst one extra run happens.
 * A check while Redis is down waits for the reconnect (the worker connection queues commands);
 * checks never overlap.
 */
export class JobSchedulerKeeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;
  private readonly onReady = () => void this.check();

  /**
   * @param queue the queue the schedules belong to (its connection's `ready` triggers a check)
   * @param schedules the processor's repeatable jobs (see JobProcessor.schedules)
   * @param checkEveryMs interval of the periodic check (ms)
   */
  constructor(
    private readonly queue: Queue,
    private readonly schedules: readonly JobSchedule[],
    private readonly checkEveryMs: number,
    private readonly logger: Pick<Logger, 'log' | 'warn'>,
  ) {}

  /** Registers every schedule, then watches reconnects and checks periodically. @throws the Redis error of the first registration. */
  async start(): Promise<void> {
    for (const schedule of this.schedules) await this.register(schedule);
    this.queue.getBackend().on('ready', this.onReady);
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  /** Stops watching (shutdown). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.queue.getBackend().off('ready', this.onReady);
  }

  /**
   * Re-registers the schedules whose scheduler, or whose next run, is missing from Redis.
   * @returns how many were re-registered (0 when Redis failed; the error is logged).
   */
  check(): Promise<number> {
    this.running ??= this.checkAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async checkAll(): Promise<number> {
    let registered = 0;
    try {
      for (const schedule of this.schedules) {
        if (this.stopped) break;
        if (await this.isRegistered(schedule)) continue;
        await this.register(schedule);
        registered += 1;
        this.logger.log(`${this.queue.name}: job scheduler ${schedule.definition.name} re-registered (Redis had lost it)`);
      }
    } catch (err) {
      if (!this.stopped) this.logger.warn(`${this.queue.name}: job schedulers not checked: ${(err as Error).message}`);
    }
    return registered;
  }

  /** The scheduler exists and so does the job of its next run (`repeat:{id}:{next}`). */
  private async isRegistered({ definition }: JobSchedule): Promise<boolean> {
    const scheduler = await this.queue.getJobScheduler(definition.name);
    if (!scheduler?.next) return false;
    return (await this.queue.getJobState(`repeat:${definition.name}:${scheduler.next}`)) !== 'unknown';
  }

  private async register({ definition, everyMs }: JobSchedule): Promise<void> {
    const { name } = definition;
    await this.queue.upsertJobScheduler(name, { every: everyMs }, { name, data: {}, opts: SCHEDULED_RUN_OPTIONS });
  }
}
