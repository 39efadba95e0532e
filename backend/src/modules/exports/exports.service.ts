import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, Jobs, QueueName, type ExportKind, type ExportStarted } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { AuditLogService } from '../staff/index.js';
import { ExportFilesStore, type StoredExport } from './export-files.store.js';
import { exportPlan, writeExportCsv } from './export-rows.js';

/** Attempts of a BuildExport job (a killed worker's job is retaken; a failing one retried). */
export const EXPORT_JOB_ATTEMPTS = 3;

/**
 * Server-side CSV exports (staff-side.md §9; decisions.md §12; issue 27), each request audited
 * (`export.{kind}`). Files: leads_export.csv, contacts_export.csv, all_prospects_export.csv,
 * comprehensive-leads-export-{YYYY-MM-DD}.csv. Total Estimate in whole dollars.
 * - {@link start}: the export as a job — the stored export is recorded and its BuildExport job
 *   enqueued (job id = export id); the worker streams the file into the store.
 * - {@link streamTo}: the direct download of `GET /api/exports/{kind}`, streamed through a
 *   cursor (never held whole).
 * - {@link openDownload}: a stored file for its download, audited (`export.download`).
 */
@Injectable()
export class ExportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly files: ExportFilesStore,
    private readonly producer: JobProducer,
  ) {}

  /**
   * Starts export `kind` as a job and answers at once.
   * @throws Error when Redis does not take the job (the stored export is marked failed).
   */
  async start(kind: ExportKind, user: SessionUser | undefined, now = new Date()): Promise<ExportStarted> {
    const id = randomUUID();
    const stored = await this.dataSource.transaction(async (m) => {
      await this.audit.record(m, user, `export.${kind}`, 'export', null, { exportId: id, filename: exportPlan(kind, now).filename });
      return this.files.create({ id, kind, filename: exportPlan(kind, now).filename, requestedBy: user?.id ?? null, now });
    });
    try {
      await this.producer.enqueue(
        Jobs.BuildExport,
        { exportId: id },
        { jobId: id, attempts: EXPORT_JOB_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 } },
      );
    } catch (err) {
      await this.files.fail(id, `could not be queued: ${(err as Error).message}`);
      throw err;
    }
    return { export: publicExport(stored), job: { id, queue: QueueName.Exports } };
  }

  /** The stored export `id`. @throws ApiError 404 when there is none. */
  async get(id: string): Promise<StoredExport> {
    const stored = await this.files.find(id);
    if (!stored) throw new ApiError(404, ErrorCode.NotFound, `No export ${id}`);
    return stored;
  }

  /**
   * The stored file of export `id` for download; audits `export.download` (entity `export_file`).
   * @throws ApiError 404 for an unknown export, 410 GONE past its expiry, 409 CONFLICT while it is
   *   not done yet (or failed).
   */
  async openDownload(id: string, user: SessionUser | undefined, now = new Date()) {
    const stored = await this.get(id);
    if (new Date(stored.expiresAt) <= now) throw new ApiError(410, ErrorCode.Gone, 'This export has expired; please export again');
    if (stored.status !== 'done') throw new ApiError(409, ErrorCode.Conflict, `This export is ${stored.status}, not ready to download`);
    await this.audit.record(null, user, 'export.download', 'export_file', stored.id, {
      kind: stored.kind,
      filename: stored.filename,
      rows: stored.rows,
    });
    return { file: stored, body: this.files.reader(stored.id) };
  }

  /**
   * Streams export `kind` as CSV into `sink` (the direct download), auditing `export.{kind}` with
   * the file name before the first byte (so the audit entry is there once the answer has ended).
   * @param onStart called with the file name before streaming (to set the answer's headers).
   * @returns the file name and rows written.
   */
  async streamTo(kind: ExportKind, user: SessionUser | undefined, sink: Writable, onStart: (filename: string) => void, now = new Date()) {
    const { filename } = exportPlan(kind, now);
    await this.audit.record(null, user, `export.${kind}`, 'export', null, { filename });
    onStart(filename);
    const rows = await writeExportCsv(this.dataSource, kind, now, sink);
    return { filename, rows };
  }
}

/** A stored export without who asked for it (the answer's shape). */
export function publicExport(stored: StoredExport) {
  const { requestedBy: _requestedBy, ...file } = stored;
  return file;
}
