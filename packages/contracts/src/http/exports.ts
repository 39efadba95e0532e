/**
 * The staff CSV exports (staff-side.md §9; decisions.md §12): GET /api/exports/{kind}. Staff only.
 *
 * The answer is a `text/csv; charset=utf-8` attachment (UTF-8 BOM; cells starting with
 * `= + - @`, tab or CR escaped with a leading `'`), not JSON: leads_export.csv,
 * contacts_export.csv, all_prospects_export.csv, comprehensive-leads-export-{YYYY-MM-DD}.csv.
 * Each export is audited. 404 for another kind.
 */
import { z } from 'zod';

/** The CSV exports (staff-side.md §9). */
export const EXPORT_KINDS = ['leads', 'contacts', 'all_prospects', 'comprehensive'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The `{kind}` path parameter of GET /api/exports/{kind}. */
export const exportKindSchema = z.enum(EXPORT_KINDS);

/**
 * Exports as jobs (issue 27): `POST /api/exports/{kind}` answers 202 at once with the stored
 * export and the job to watch (`job:watch {jobId, queue: 'exports'}`, progress
 * BuildExportProgress (jobs.ts)); the worker streams the rows into the stored file. The file is
 * downloaded from `downloadUrl` by staff only, until `expiresAt` (24 h after the request); each
 * download is audited (`export.download`).
 */
export const EXPORT_FILE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportFileStatus = (typeof EXPORT_FILE_STATUSES)[number];

/** How long a stored export can be downloaded after it was requested (ms): 24 h. */
export const EXPORT_FILE_TTL_MS = 24 * 60 * 60 * 1000;

/** A stored export, as `POST /api/exports/{kind}` and `GET /api/exports/files/{id}` answer it. */
export interface ExportFile {
  /** UUID, also the id of its BuildExport job. */
  id: string;
  kind: ExportKind;
  filename: string;
  status: ExportFileStatus;
  /** Rows written (final once `done`). */
  rows: number;
  /** Size of the file in bytes (0 until `done`). */
  bytes: number;
  /** ISO 8601. */
  createdAt: string;
  completedAt: string | null;
  /** ISO 8601: after this the file is gone (410 on download). */
  expiresAt: string;
  /** `/api/exports/files/{id}/download` once done, else null. */
  downloadUrl: string | null;
  /** Why the job failed, when `failed`. */
  error: string | null;
}

/** The 202 answer of `POST /api/exports/{kind}`. */
export interface ExportStarted {
  export: ExportFile;
  job: { id: string; queue: 'exports' };
}

/** The path parameters of the export file routes: `{id}`, a UUID. */
export const exportFileParamsSchema = z.object({ id: z.uuid({ error: 'Must be an export id (UUID)' }) });
