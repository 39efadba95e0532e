/**
 * The equipment catalogue (staff-side.md §2 "Inventory tab", §3 "inventory" and "Inventory
 * categories", §5 "Inventory form", §8 "Inventory", §9 "cents factor 100", inventory-export.xlsx):
 * categories with their labels, the money conversion of the form, the tab's texts, the Excel
 * columns and limits, and the SKUs the quote engine prices from. The calls are in http/inventory.ts.
 */

/** Inventory categories, in the tab order (§3). */
export const INVENTORY_CATEGORIES = ['cameras', 'nvr', 'installation', 'features', 'services'] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];

/** Display label of each category (§3). */
export const INVENTORY_CATEGORY_LABELS: Record<InventoryCategory, string> = {
  cameras: 'Security Cameras',
  nvr: 'NVR Systems',
  installation: 'Installation & Infrastructure',
  features: 'Additional Features',
  services: 'Professional Services',
};

/** Cents per dollar (§9 "cents factor 100"). */
export const CENTS_PER_DOLLAR = 100;

/**
 * The form's dollars → whole cents (§5): a decimal typed with step 0.01; invalid, empty, negative
 * or non-finite input becomes 0; dollars × 100, rounded.
 */
export function dollarsInputToCents(input: string | number): number {
  const n =
    typeof input === 'number'
      ? input
      : Number(
          String(input)
            .trim()
            .replace(/[$,\s]/g, ''),
        );
  if (!Number.isFinite(n) || n < 0 || (typeof input === 'string' && input.trim() === '')) return 0;
  return Math.round(n * CENTS_PER_DOLLAR);
}

/** Whole cents → dollars for display and Excel cells (e.g. 32500 → 325). */
export const centsToDollars = (cents: number) => cents / CENTS_PER_DOLLAR;

/** The tab's toasts (§8), word for word; all failures are titled "Error". */
export const INVENTORY_TEXTS = {
  errorTitle: 'Error',
  createFailed: 'Failed to create inventory item',
  updateFailed: 'Failed to update inventory item',
  deleteFailed: 'Failed to delete inventory item',
  uploadFailed: 'Failed to upload Excel file',
  downloadFailed: 'Failed to download Excel file',
  created: 'Inventory item created successfully',
  updated: 'Inventory item updated successfully',
  deleted: 'Inventory item deleted successfully',
} as const;

/** File name of GET /api/inventory/export-excel (§9). */
export const INVENTORY_EXPORT_FILENAME = 'inventory-export.xlsx';

/** Media type of an .xlsx workbook. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The columns of the export, in order, and the header names the import recognises (matched
 * case- and space-insensitively). Money columns are US dollars with cents; `Active` is TRUE/FALSE
 * (yes/no, 1/0 also read); `Specifications (JSON)` is a JSON object.
 */
export const INVENTORY_COLUMNS = {
  sku: 'SKU',
  category: 'Category',
  name: 'Name',
  description: 'Description',
  manufacturer: 'Manufacturer',
  model: 'Model',
  unitPrice: 'Unit Price (USD)',
  unitCost: 'Unit Cost (USD)',
  labourHours: 'Labour Hours',
  isActive: 'Active',
  specifications: 'Specifications (JSON)',
} as const;
export type InventoryColumnKey = keyof typeof INVENTORY_COLUMNS;

/** Columns an import must have (a missing one is a 400 naming it). */
export const INVENTORY_REQUIRED_COLUMNS: readonly InventoryColumnKey[] = ['sku', 'category', 'name', 'unitPrice'];

/** Limits of POST /api/inventory/upload-excel, all checked before the workbook is parsed. */
export const INVENTORY_IMPORT_LIMITS = {
  /** Largest upload, bytes (5 MiB). */
  maxFileBytes: 5 * 1024 * 1024,
  /** Most entries in the .xlsx zip (a workbook has about a dozen). */
  maxZipEntries: 100,
  /** Largest total uncompressed size of the zip's entries, bytes (25 MiB). */
  maxUncompressedBytes: 25 * 1024 * 1024,
  /** Most data rows (after the header row). */
  maxRows: 5000,
  /** Most columns read in a row. */
  maxColumns: 50,
  /** Longest cell text, characters. */
  maxCellLength: 10_000,
} as const;

/** Field lengths of an item. */
export const INVENTORY_FIELD_LIMITS = {
  sku: 64,
  name: 200,
  description: 2000,
  manufacturer: 120,
  model: 120,
  /** Characters of the specifications as JSON. */
  specifications: 10_000,
} as const;

/**
 * The catalogue items the AI designer's engine prices its lines from, by SKU (decisions.md §10).
 * An active item with the SKU gives the line its name, description and unit price; without one
 * (missing or deactivated) the engine falls back to the AI configuration's component price and a
 * generic name, or leaves an optional line out.
 */
export const QUOTE_ENGINE_SKUS = {
  defaultCamera: 'CAM-TURRET-4K',
  bulletCamera: 'CAM-BULLET-4K',
  domeCamera: 'CAM-DOME-4MP',
  ptzCamera: 'CAM-PTZ-4MP',
  doorbellCamera: 'CAM-DOORBELL-2K',
  nvr8: 'NVR-8CH-2TB',
  nvr16: 'NVR-16CH-4TB',
  nvr32: 'NVR-32CH-8TB',
  wiring: 'INS-CAT6-RUN',
  rack: 'INS-RACK-9U',
  poeSwitch: 'INS-POE-SW16',
  ups: 'INS-UPS-1500',
  accessControl: 'FEA-ACCESS-DOOR',
  videoIntercom: 'FEA-INTERCOM-DOOR',
  monitoringSetup: 'FEA-MONITOR-SETUP',
  alarmIntegration: 'FEA-ALARM-INTEG',
  cloudStorage: 'FEA-CLOUD-STORAGE',
  /** An extra surveillance drive for the recorder (the Complete option's 30-day retention). */
  storageDrive: 'NVR-HDD-4TB',
  smartHome: 'FEA-SMART-HOME',
} as const;
