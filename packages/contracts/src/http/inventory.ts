/**
 * The six /api/inventory calls (staff-side.md §7; decisions.md §1): list, create, update, delete,
 * Excel upload (with a dry run) and Excel export. Staff only (401 without a session, 403 for a
 * non-admin).
 *
 * Units: `unitPrice` and `unitCost` are **integer cents** (§9 cents factor 100); `labourHours` are
 * hours per unit (two decimals); dates ISO-8601.
 */
import { z } from 'zod';
import { INVENTORY_CATEGORIES, INVENTORY_FIELD_LIMITS as LIMITS, type InventoryCategory } from '../inventory.js';
import { limitedText } from '../text.js';

/** Largest unit price or cost, cents ($1,000,000). */
export const MAX_ITEM_CENTS = 100_000_000;

/**
 * A SKU: trimmed and upper-cased (so `cam-1` and `CAM-1` are one item), 1-64 characters of
 * letters, digits and `. _ - /`, starting with a letter or digit.
 */
export const skuField = z
  .string({ error: 'SKU is required.' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'SKU is required.' })
  .max(LIMITS.sku, { error: `SKU must be at most ${LIMITS.sku} characters.` })
  .regex(/^[A-Z0-9][A-Z0-9._/-]*$/, { error: 'SKU may hold only letters, digits and . _ - / (starting with a letter or digit).' });

export const inventoryCategoryField = z.enum(INVENTORY_CATEGORIES, {
  error: `Category must be one of ${INVENTORY_CATEGORIES.join(', ')}.`,
});

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(MAX_ITEM_CENTS, { error: `${label} must be at most $1,000,000.` });

/** Labour hours per unit: 0 to 1,000 with at most two decimals. */
export const labourHoursField = z
  .number({ error: 'Labour hours must be a number.' })
  .min(0, { error: 'Labour hours cannot be negative.' })
  .max(1000, { error: 'Labour hours must be at most 1000.' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'Labour hours take at most two decimals.' });

/** Optional free text: trimmed; empty or null becomes null (clears the stored value). */
const nullableText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters.` })
      .nullable(),
  );

/** `specifications`: a JSON object (resolution, lens, channels, storage …) of at most 10,000 characters, or null. */
export const specificationsField = z
  .record(z.string(), z.json())
  .nullable()
  .refine((v) => v === null || JSON.stringify(v).length <= LIMITS.specifications, {
    error: `Specifications must be at most ${LIMITS.specifications} characters of JSON.`,
  });

/**
 * Body of POST /api/inventory and PUT /api/inventory/{id}: the spec's `{category, name,
 * description, unitPrice (cents), specifications}` plus the catalogue's fields. On POST an
 * absent `sku` is generated from the category and the new id (e.g. `CAMERAS-000042`); on PUT
 * every absent field keeps its stored value.
 */
export const inventoryItemBodySchema = z
  .object({
    sku: skuField.optional(),
    category: inventoryCategoryField,
    name: limitedText(LIMITS.name).min(1, { error: 'Name is required.' }),
    description: nullableText(LIMITS.description, 'Description').optional(),
    manufacturer: nullableText(LIMITS.manufacturer, 'Manufacturer').optional(),
    model: nullableText(LIMITS.model, 'Model').optional(),
    /** Integer cents. */
    unitPrice: cents('Unit price'),
    /** Integer cents, or null when unknown. */
    unitCost: cents('Unit cost').nullable().optional(),
    labourHours: labourHoursField.optional(),
    isActive: z.boolean().optional(),
    specifications: specificationsField.optional(),
  })
  .strict();
export type InventoryItemBodyInput = z.input<typeof inventoryItemBodySchema>;
export type InventoryItemBody = z.output<typeof inventoryItemBodySchema>;

/** Query of GET /api/inventory: `category` (one of the five, or `all` / absent for every item). */
export const inventoryListQuerySchema = z.object({ category: z.union([z.literal('all'), inventoryCategoryField]).optional() }).strict();
export type InventoryListQuery = z.output<typeof inventoryListQuerySchema>;

/** An item as the api answers it. */
export const inventoryItemSchema = z.object({
  id: z.number().int().positive(),
  sku: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  name: z.string(),
  description: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  /** Integer cents. */
  unitPrice: z.number().int(),
  /** Integer cents, or null when unknown. */
  unitCost: z.number().int().nullable(),
  /** Hours per unit. */
  labourHours: z.number(),
  isActive: z.boolean(),
  specifications: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.output<typeof inventoryItemSchema> & { category: InventoryCategory };

/** Answer of GET /api/inventory: the items, active first, then by category (§3 order) and name. */
export const inventoryListResponseSchema = z.array(inventoryItemSchema);

/** Answer of POST (201) and PUT (200): the stored item. Errors: 400 field errors; 404; 409 SKU taken. */
export const inventoryItemResponseSchema = inventoryItemSchema;

/**
 * Answer of DELETE /api/inventory/{id}: `deleted` when nothing refers to the item, `deactivated`
 * (`isActive: false`, kept) when stored quotes or leads refer to it (`references` of them). 404
 * when missing.
 */
export const inventoryDeleteResponseSchema = z.object({
  outcome: z.enum(['deleted', 'deactivated']),
  references: z.number().int().nonnegative(),
  message: z.string(),
});
export type InventoryDeleteResponse = z.output<typeof inventoryDeleteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/inventory/upload-excel[?dryRun=true]
// ---------------------------------------------------------------------------------------------

/** Query of the upload: `dryRun=true` plans and validates without writing. */
export const inventoryUploadQuerySchema = z
  .object({ dryRun: z.enum(['true', 'false', '1', '0']).optional() })
  .strict()
  .transform((q) => ({ dryRun: q.dryRun === 'true' || q.dryRun === '1' }));

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** Counts of a planned or applied import. */
export const importSummarySchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
});
export type ImportSummary = z.output<typeof importSummarySchema>;

/** An error of one cell: its column header, the message, and the cell reference (e.g. `G12`). */
export const importCellErrorSchema = z.object({ column: z.string(), message: z.string(), cell: z.string().optional() });

/** A field an update changes (column header, stored value, new value as the export writes them). */
export const importChangeSchema = z.object({ column: z.string(), from: z.unknown(), to: z.unknown() });

/** One data row of the plan: `row` is the worksheet's row number (the header is row 1). */
export const importRowSchema = z.object({
  row: z.number().int().positive(),
  sku: z.string().nullable(),
  action: z.enum(IMPORT_ACTIONS),
  changes: z.array(importChangeSchema).optional(),
  errors: z.array(importCellErrorSchema).optional(),
});
export type ImportRow = z.output<typeof importRowSchema>;

/**
 * Answer of the dry run: `{summary, rows}` (every data row, in sheet order) and `ignoredColumns`
 * (headers that are not an inventory column, left unread).
 */
export const importDryRunResponseSchema = z.object({
  summary: importSummarySchema,
  rows: z.array(importRowSchema),
  ignoredColumns: z.array(z.string()),
});
export type ImportDryRunResponse = z.output<typeof importDryRunResponseSchema>;

/**
 * Answer of the applied upload: `{message, summary}`; the message is shown in the §8 toast. The
 * plan is applied in one transaction; when any row has an error nothing is written and the
 * answer is a 400 whose field errors are keyed by cell reference.
 */
export const importApplyResponseSchema = z.object({ message: z.string(), summary: importSummarySchema });
export type ImportApplyResponse = z.output<typeof importApplyResponseSchema>;
