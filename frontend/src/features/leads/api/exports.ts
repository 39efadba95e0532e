/** The staff CSV exports (staff-side.md §9; decisions.md §12), generated and audited on the server. */
import type { ExportKind } from '@ironclad/contracts';
import { notify } from '../../../components/ui/toaster';
import { throwIfResNotOk } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

/** Downloads a server-generated CSV export (audited on the server) under the spec's file name. */
export async function downloadExport(kind: ExportKind): Promise<void> {
  const res = await fetch(`/api/exports/${kind}`, { credentials: 'include' });
  await throwIfResNotOk(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
  saveBlob(await res.blob(), name);
}

/** Runs an export with an error toast. */
export function exportWithToast(kind: ExportKind): void {
  downloadExport(kind).catch(() => notify({ title: 'Export failed', description: 'Please try again.', type: 'error' }));
}
