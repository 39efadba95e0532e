/**
 * The inventory calls (staff-side.md §7): the list, create, update, delete, the Excel upload (dry
 * run or apply) and the export. Answers are validated with their contract schemas; failures show
 * the §8 toasts through `meta.errorToast`.
 */
import {
  importApplyResponseSchema,
  importDryRunResponseSchema,
  INVENTORY_EXPORT_FILENAME,
  INVENTORY_TEXTS,
  inventoryDeleteResponseSchema,
  inventoryItemResponseSchema,
  inventoryListResponseSchema,
  type ImportApplyResponse,
  type ImportDryRunResponse,
  type InventoryItem,
  type InventoryItemBodyInput,
} from '@ironclad/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiResponseError, throwIfResNotOk } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';
import { saveBlob } from '../../../lib/save-blob';

export const inventoryKeys = {
  /** GET /api/inventory (every item; tabs, search and the status filter work on it in the browser). */
  all: [...sharedKeys.staff, 'inventory'] as const,
};

/** GET /api/inventory: every item, active first, then by category and name. */
export const inventoryQuery = queryOptions({
  queryKey: inventoryKeys.all,
  queryFn: ({ signal }) => apiRequest('GET', '/api/inventory', { schema: inventoryListResponseSchema, signal }) as Promise<InventoryItem[]>,
});

/** POST /api/inventory (create) or PUT /api/inventory/{id} (update); the list is refetched after. */
export function useSaveItem(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryItemBodyInput) =>
      id === null
        ? apiRequest('POST', '/api/inventory', { body, schema: inventoryItemResponseSchema })
        : apiRequest('PUT', `/api/inventory/${id}`, { body, schema: inventoryItemResponseSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
    meta: {
      errorToast: {
        title: INVENTORY_TEXTS.errorTitle,
        description: id === null ? INVENTORY_TEXTS.createFailed : INVENTORY_TEXTS.updateFailed,
      },
    },
  });
}

/** DELETE /api/inventory/{id}: deleted, or deactivated when stored quotes refer to it; the list is refetched. */
export function useDeleteItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/inventory/${id}`, { schema: inventoryDeleteResponseSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
    meta: { errorToast: { title: INVENTORY_TEXTS.errorTitle, description: INVENTORY_TEXTS.deleteFailed } },
  });
}

/** POST /api/inventory/upload-excel (multipart, field `excel`), as a dry run or applied. */
async function uploadExcel(file: File, dryRun: boolean): Promise<ImportDryRunResponse | ImportApplyResponse> {
  const form = new FormData();
  form.append('excel', file, file.name);
  const path = `/api/inventory/upload-excel${dryRun ? '?dryRun=true' : ''}`;
  const res = await fetch(path, { method: 'POST', credentials: 'include', body: form, headers: { Accept: 'application/json' } });
  await throwIfResNotOk(res);
  const parsed = (dryRun ? importDryRunResponseSchema : importApplyResponseSchema).safeParse(await res.json());
  if (!parsed.success) throw new ApiResponseError(path, parsed.error.issues);
  return parsed.data;
}

/** The dry run of an upload: its report, nothing written. */
export function useDryRun() {
  return useMutation({
    mutationFn: (file: File) => uploadExcel(file, true) as Promise<ImportDryRunResponse>,
    meta: { errorToast: { title: INVENTORY_TEXTS.errorTitle, description: INVENTORY_TEXTS.uploadFailed } },
  });
}

/** The applied upload: `{message, summary}`; the list is refetched. */
export function useApplyImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadExcel(file, false) as Promise<ImportApplyResponse>,
    onSettled: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
    meta: { errorToast: { title: INVENTORY_TEXTS.errorTitle, description: INVENTORY_TEXTS.uploadFailed } },
  });
}

/** GET /api/inventory/export-excel, saved as inventory-export.xlsx. */
export function useExportExcel() {
  return useMutation({
    mutationFn: async () => {
      const res = await fetch('/api/inventory/export-excel', { credentials: 'include' });
      await throwIfResNotOk(res);
      saveBlob(await res.blob(), INVENTORY_EXPORT_FILENAME);
    },
    meta: { errorToast: { title: INVENTORY_TEXTS.errorTitle, description: INVENTORY_TEXTS.downloadFailed } },
  });
}
