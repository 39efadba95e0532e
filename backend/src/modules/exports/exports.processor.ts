import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError, type WorkerOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Jobs, QueueName, type BuildExportJob, type BuildExportProgress, type BuildExportResult } from '@ironclad/contracts';
import { JobProcessor, route, type JobContext, type JobRoute, type JobSchedule } from '../../platform/queue/job-processor.js';
import { ExportFilesStore } from './export-files.store.js';
import { countExportRows, writeExportCsv } from './export-rows.js';

/** Least time between two progress events of one export (ms). */
export const EXPORT_PROGRESS_EVERY_MS = 250;

/** How often expired exports are deleted (ms): hourly. */
export const EXPORT_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Drains the `exports` queue (issue 27):
 * - `BuildExport {exportId}`: streams the stored export's rows from Postgres (a cursor, one
 *   snapshot) through `csv-stringify` into its stored file (`export_file_chunks`), publishing
 *   progress `{rows, total}` at most every EXPORT_PROGRESS_EVERY_MS; marks it done with its rows
 *   and bytes. A retaken job (its worker was killed) or a retry starts the file over, so the
 *   stored file is always one whole run. Expired or unknown exports stop at once; the last
 *   failed attempt marks the export failed. The result carries the worker's peak memory growth.
 * - `ExportSweep` (hourly): deletes exports past their 24 h expiry with their files.
 * One export at a time per worker: each holds a database connection for its cursor.
 */
@Injectable()
export class ExportsProcessor extends JobProcessor {
  readonly queue = QueueName.Exports;
  private readonly logger = new Logger(ExportsProcessor.name);

  constructor(
    private readonly files: ExportFilesStore,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  protected routes(): JobRoute[] {
    return [route(Jobs.BuildExport, (payload, ctx) => this.build(payload, ctx)), route(Jobs.ExportSweep, () => this.sweep())];
  }

  override workerOptions(): Partial<WorkerOptions> {
    return { concurrency: 1 };
  }

  override schedules(): JobSchedule[] {
    return [{ definition: Jobs.ExportSweep, everyMs: EXPORT_SWEEP_EVERY_MS }];
  }

  private async build({ exportId }: BuildExportJob, ctx: JobContext): Promise<BuildExportResult> {
    const stored = await this.files.find(exportId);
    if (!stored) throw new UnrecoverableError(`export ${exportId} does not exist`);
    if (new Date(stored.expiresAt) <= new Date()) throw new UnrecoverableError(`export ${exportId} has expired`);
    const memory = new MemoryPeak();
    if (stored.status === 'done') return { exportId, rows: stored.rows, bytes: stored.bytes, peakRssDeltaBytes: 0, peakHeapDeltaBytes: 0 };
    try {
      await this.files.restart(exportId);
      const total = await countExportRows(this.dataSource, stored.kind);
      let last = 0;
      const progress = (rows: number) => {
        memory.sample();
        const now = Date.now();
        if (now - last < EXPORT_PROGRESS_EVERY_MS) return;
        last = now;
        const p: BuildExportProgress = { rows, total: Math.max(total, rows) };
        ctx.progress(p).catch((err: Error) => this.logger.warn(`export ${exportId} progress: ${err.message}`));
      };
      await ctx.progress({ rows: 0, total } satisfies BuildExportProgress);
      const sink = this.files.writer(exportId);
      const rows = await writeExportCsv(this.dataSource, stored.kind, new Date(stored.createdAt), sink, progress);
      await this.files.finish(exportId, rows, sink.bytes());
      await ctx.progress({ rows, total: rows } satisfies BuildExportProgress);
      memory.sample();
      return { exportId, rows, bytes: sink.bytes(), ...memory.deltas() };
    } catch (err) {
      this.logger.warn(`export ${exportId} (attempt ${ctx.job.attemptsMade + 1}): ${(err as Error).message}`);
      if (ctx.isFinalAttempt) await this.files.fail(exportId, (err as Error).message);
      throw err;
    }
  }

  private async sweep(): Promise<{ deleted: number }> {
    return { deleted: await this.files.deleteExpired() };
  }
}

/** Peak `process.memoryUsage()` growth since it was made (rss and heap used, bytes). */
class MemoryPeak {
  private readonly start = process.memoryUsage();
  private rss = 0;
  private heap = 0;
  private samples = 0;

  /** Takes a sample (every 200th call, as reading rss costs a system call). */
  sample(): void {
    if (this.samples++ % 200) return;
    const m = process.memoryUsage();
    this.rss = Math.max(this.rss, m.rss - this.start.rss);
    this.heap = Math.max(this.heap, m.heapUsed - this.start.heapUsed);
  }

  deltas(): { peakRssDeltaBytes: number; peakHeapDeltaBytes: number } {
    return { peakRssDeltaBytes: this.rss, peakHeapDeltaBytes: this.heap };
  }
}
