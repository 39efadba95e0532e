import { Injectable, type Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';

/**
 * The queues paused on purpose, in Postgres (table `queue_pauses`, entity QueuePauseRecord; raw
 * SQL so that the jobs CLI can use it with a data source that registers no entity). Operations write it when
 * they pause or resume a queue; {@link QueuePauseKeeper} pauses again in Redis a queue that Redis
 * forgot was paused.
 */
@Injectable()
export class QueuePauses {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Remembers that `queue` was paused by `by` (idempotent). */
  async paused(queue: string, by: string | null): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO queue_pauses (queue, paused_by) VALUES ($1, $2) ON CONFLICT (queue) DO UPDATE SET paused_by = EXCLUDED.paused_by, paused_at = now()`,
      [queue, by],
    );
  }

  /** Forgets the pause of `queue` (it was resumed). */
  async resumed(queue: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM queue_pauses WHERE queue = $1`, [queue]);
  }

  /** The names of the queues that should be paused. */
  async pausedQueues(): Promise<string[]> {
    const rows: { queue: string }[] = await this.dataSource.query(`SELECT queue FROM queue_pauses`);
    return rows.map((r) => r.queue);
  }
}

/**
 * Keeps the pauses of {@link QueuePauses} in force in Redis (the worker runs one): each time a
 * queue's Redis connection becomes ready again and every `checkEveryMs`, a queue recorded as
 * paused whose Redis flag is gone (Redis lost its data) is paused again, and logged.
 */
export class QueuePauseKeeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;
  private readonly onReady = () => void this.check();

  constructor(
    private readonly queues: readonly Queue[],
    private readonly pauses: QueuePauses,
    private readonly checkEveryMs: number,
    private readonly logger: Pick<Logger, 'log' | 'warn'>,
  ) {}

  /** Applies the recorded pauses, then watches reconnects and checks periodically. */
  async start(): Promise<void> {
    await this.check();
    for (const queue of this.queues) queue.getBackend().on('ready', this.onReady);
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  /** Stops watching (shutdown). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const queue of this.queues) queue.getBackend().off('ready', this.onReady);
  }

  /** Pauses again every recorded queue Redis shows running. @returns how many (0 on an error, logged). */
  check(): Promise<number> {
    this.running ??= this.checkAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async checkAll(): Promise<number> {
    let paused = 0;
    try {
      const names = new Set(await this.pauses.pausedQueues());
      for (const queue of this.queues) {
        if (this.stopped) break;
        if (!names.has(queue.name) || (await queue.isPaused())) continue;
        await queue.pause();
        paused += 1;
        this.logger.log(`${queue.name}: paused again (it was paused on purpose; Redis had lost the flag)`);
      }
    } catch (err) {
      if (!this.stopped) this.logger.warn(`queue pauses not checked: ${(err as Error).message}`);
    }
    return paused;
  }
}
