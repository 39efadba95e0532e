/**
 * The staff CSV exports (staff-side.md §9; decisions.md §12; issue 27), built on the server as
 * jobs: `POST /api/exports/{kind}` answers at once with the stored export and the job to watch over
 * Socket.IO; once done, the file downloads from its staff-only link (24 h, each download audited).
 */
import type { ExportFile, ExportKind, ExportStarted } from '@ironclad/contracts';
import { apiRequest } from '../../../lib/api';

/** Starts export `kind` on the server; resolves with the stored export and its job. */
export function startExport(kind: ExportKind): Promise<ExportStarted> {
  return apiRequest<ExportStarted>('POST', `/api/exports/${kind}`);
}

/** The stored export `id` (its status, rows and download link). */
export function fetchExportFile(id: string): Promise<ExportFile> {
  return apiRequest<ExportFile>('GET', `/api/exports/files/${encodeURIComponent(id)}`);
}

/** Makes the browser download a stored export from its link (streamed by the server, never held in the page). */
export function downloadFromLink(url: string, filename: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}
