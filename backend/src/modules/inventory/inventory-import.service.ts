import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  centsToDollars,
  ErrorCode,
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  INVENTORY_COLUMNS,
  INVENTORY_REQUIRED_COLUMNS,
  inventoryItemBodySchema,
  skuField,
  type FieldErrors,
  type ImportApplyResponse,
  type ImportDryRunResponse,
  type ImportRow,
  type ImportSummary,
  type InventoryColumnKey,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService } from '../staff/index.js';
import { columnLetter, readFirstSheet, type SheetData } from './inventory-excel.js';
import { InventoryItemRecord } from './inventory-item.entity.js';
import { changesBetween, columnOfField, InventoryService, LIST_ORDER } from './inventory.service.js';
import { assertSafeXlsx } from './xlsx-guard.js';

/** An uploaded file as multer hands it over. */
export interface UploadedWorkbook {
  buffer: Buffer;
  originalname: string;
}

/** The stored fields of an item (no id, no timestamps). */
type ItemFields = Pick<
  InventoryItemRecord,
  | 'sku'
  | 'category'
  | 'name'
  | 'description'
  | 'manufacturer'
  | 'model'
  | 'unitPrice'
  | 'unitCostCents'
  | 'labourHours'
  | 'isActive'
  | 'specifications'
>;

/** The import's plan: the report, and the rows to write (each full, creates and updates alike). */
export interface ImportPlan extends ImportDryRunResponse {
  writes: ItemFields[];
}

const bad = (message: string, fieldErrors?: FieldErrors) =>
  new ApiError(400, ErrorCode.ValidationFailed, message, fieldErrors ? { fieldErrors } : undefined);

/** Header text → the key its column matches: case and white space ignored. */
const normalizeHeader = (h: string) => h.toLowerCase().replace(/\s+/g, '');
const HEADER_KEYS = new Map<string, InventoryColumnKey>(
  (Object.entries(INVENTORY_COLUMNS) as [InventoryColumnKey, string][]).map(([key, header]) => [normalizeHeader(header), key]),
);

/** Category cell → key: the key or its §3 label, any case. */
const CATEGORY_BY_TEXT = new Map<string, string>(
  INVENTORY_CATEGORIES.flatMap((c) => [
    [c, c],
    [INVENTORY_CATEGORY_LABELS[c].toLowerCase(), c],
  ]),
);

const TRUE_TEXTS = new Set(['true', 'yes', 'y', '1', 'active']);
const FALSE_TEXTS = new Set(['false', 'no', 'n', '0', 'inactive']);

/** Body field (inventoryItemBodySchema) → its column (the column keys are the body's field names). */
const COLUMN_OF_BODY_FIELD: Record<string, InventoryColumnKey> = {
  sku: 'sku',
  category: 'category',
  name: 'name',
  description: 'description',
  manufacturer: 'manufacturer',
  model: 'model',
  unitPrice: 'unitPrice',
  unitCost: 'unitCost',
  labourHours: 'labourHours',
  isActive: 'isActive',
  specifications: 'specifications',
};

/** The body schema of an import row: the SKU is required (it is the natural key). */
const importRowSchema = inventoryItemBodySchema.extend({ sku: skuField });

/** A value of a stored field as the export writes it (dollars for money), for the change report. */
function exportValue(field: keyof ItemFields, v: unknown): unknown {
  if ((field === 'unitPrice' || field === 'unitCostCents') && typeof v === 'number') return centsToDollars(v);
  return v;
}

/**
 * The Excel import of the catalogue (staff-side.md §7 POST /api/inventory/upload-excel): checks
 * the file before parsing (xlsx-guard), reads the first sheet (inventory-excel), plans each row
 * by SKU (create, update, unchanged or error, with cell references) and, unless it is a dry run,
 * applies the plan in one transaction: all rows or none.
 */
@Injectable()
export class InventoryImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inventory: InventoryService,
    private readonly audit: AuditLogService,
  ) {}

  /** Reads and checks an upload; throws the file-level 400s (hostile file, headers, no rows). */
  async read(file: UploadedWorkbook): Promise<SheetData> {
    await assertSafeXlsx(file.buffer, file.originalname);
    const sheet = await readFirstSheet(file.buffer);
    if (!sheet) throw bad('The workbook is empty: it has no worksheet.');
    if (sheet.headers.size === 0) {
      throw bad(`The first sheet has no header row: row 1 must name the columns (${Object.values(INVENTORY_COLUMNS).join(', ')}).`);
    }
    return sheet;
  }

  /** POST /api/inventory/upload-excel?dryRun=true: the plan of `file`, nothing written. */
  async dryRun(file: UploadedWorkbook): Promise<ImportDryRunResponse> {
    const sheet = await this.read(file);
    const existing = await this.dataSource.getRepository(InventoryItemRecord).find();
    const { writes: _writes, ...report } = plan(sheet, existing);
    return report;
  }

  /**
   * POST /api/inventory/upload-excel: plans `file` again inside one transaction (the table locked
   * against other writers) and writes every create and update, or nothing when a row has an
   * error (400, field errors keyed by cell reference). Audited as `inventory.imported` with the
   * summary; the quote engine's catalogue is bumped after the commit.
   */
  async apply(file: UploadedWorkbook, user: SessionUser | undefined): Promise<ImportApplyResponse> {
    const sheet = await this.read(file);
    const report = await this.dataSource.transaction(async (m) => {
      await m.query('LOCK TABLE "inventory" IN SHARE ROW EXCLUSIVE MODE');
      const existing = await m.getRepository(InventoryItemRecord).find();
      const p = plan(sheet, existing);
      if (p.summary.errors > 0) {
        const fieldErrors: FieldErrors = {};
        for (const r of p.rows)
          for (const e of r.errors ?? []) (fieldErrors[e.cell ?? `row ${r.row}`] ??= []).push(`${e.column}: ${e.message}`);
        const rows = p.rows.filter((r) => r.action === 'error').map((r) => r.row);
        throw bad(
          `${rows.length} ${rows.length === 1 ? 'row has' : 'rows have'} errors (${rowList(rows)}); nothing was imported. Run a dry run to see them.`,
          fieldErrors,
        );
      }
      await upsert(m, p.writes);
      await this.audit.record(m, user, 'inventory.imported', 'inventory', null, {
        fileName: file.originalname,
        summary: p.summary,
        ignoredColumns: p.ignoredColumns,
        created: p.rows
          .filter((r) => r.action === 'create')
          .map((r) => r.sku)
          .slice(0, 200),
        updated: p.rows
          .filter((r) => r.action === 'update')
          .map((r) => r.sku)
          .slice(0, 200),
      });
      return p;
    });
    if (report.writes.length > 0) await this.inventory.catalogueChanged();
    const s = report.summary;
    const ignored = report.ignoredColumns.length ? ` Ignored columns: ${report.ignoredColumns.join(', ')}.` : '';
    return {
      message: `Inventory imported: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged.${ignored}`,
      summary: { created: s.created, updated: s.updated, unchanged: s.unchanged, errors: 0 },
    };
  }

  /** The items for the export, in the list's order (active first, category, name). */
  exportItems(): Promise<InventoryItemRecord[]> {
    return this.dataSource.getRepository(InventoryItemRecord).createQueryBuilder('i').orderBy(LIST_ORDER).getMany();
  }
}

const rowList = (rows: number[]) =>
  rows.length > 10 ? `rows ${rows.slice(0, 10).join(', ')} …` : `row${rows.length > 1 ? 's' : ''} ${rows.join(', ')}`;

/**
 * The plan of a sheet against the stored items (pure): header mapping (400 for a missing
 * required column, a duplicate, an empty header cell before the last one (merged or missing), or
 * values under no header), then each data row validated with the body schema and matched by SKU.
 */
export function plan(sheet: SheetData, existing: readonly InventoryItemRecord[]): ImportPlan {
  const columns = mapHeaders(sheet);
  if (sheet.rows.length === 0) throw bad('The sheet has a header row but no data rows: add at least one item below the header.');
  const colOf = new Map<InventoryColumnKey, number>([...columns.byCol].map(([col, key]) => [key, col]));
  const bySku = new Map(existing.map((i) => [i.sku, i]));
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  const writes: ItemFields[] = [];
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, errors: 0 };

  for (const { row, cells } of sheet.rows) {
    const errors: NonNullable<ImportRow['errors']> = [];
    const cellRef = (key: InventoryColumnKey) => `${columnLetter(colOf.get(key)!)}${row}`;
    const fail = (key: InventoryColumnKey, message: string) => errors.push({ column: INVENTORY_COLUMNS[key], message, cell: cellRef(key) });
    const body: Record<string, unknown> = {};
    for (const [key, col] of colOf) {
      const v = cells.get(col) ?? null;
      if (v !== null && typeof v === 'object') {
        fail(key, `The cell ${v.problem}.`);
        continue;
      }
      const out = convert(key, v);
      if (out.error) fail(key, out.error);
      else if (out.value !== undefined) body[key] = out.value;
    }
    const skuText = typeof body.sku === 'string' ? body.sku.trim().toUpperCase() : null;
    const parsed = importRowSchema.safeParse(body);
    if (!parsed.success) {
      // a column whose cell could not be converted already has its error (the field is absent)
      const failed = new Set(errors.map((e) => e.column));
      for (const issue of parsed.error.issues) {
        const key = columnOfIssue(issue);
        if (!failed.has(INVENTORY_COLUMNS[key])) fail(key, issue.message);
      }
    } else if (errors.length === 0) {
      const b = parsed.data;
      const earlier = seen.get(b.sku);
      if (earlier !== undefined) fail('sku', `SKU ${b.sku} is already on row ${earlier}.`);
      else {
        seen.set(b.sku, row);
        const stored = bySku.get(b.sku);
        const next: ItemFields = {
          sku: b.sku,
          category: b.category,
          name: b.name,
          description: b.description !== undefined ? b.description : (stored?.description ?? null),
          manufacturer: b.manufacturer !== undefined ? b.manufacturer : (stored?.manufacturer ?? null),
          model: b.model !== undefined ? b.model : (stored?.model ?? null),
          unitPrice: b.unitPrice,
          unitCostCents: b.unitCost !== undefined ? b.unitCost : (stored?.unitCostCents ?? null),
          labourHours: b.labourHours ?? stored?.labourHours ?? 0,
          isActive: b.isActive ?? stored?.isActive ?? true,
          specifications: b.specifications !== undefined ? b.specifications : (stored?.specifications ?? null),
        };
        if (!stored) {
          rows.push({ row, sku: b.sku, action: 'create' });
          summary.created++;
          writes.push(next);
        } else {
          const changes = changesBetween(stored, next);
          const list = Object.entries(changes).map(([field, c]) => ({
            column: columnOfField(field as keyof ItemFields),
            from: exportValue(field as keyof ItemFields, c.from),
            to: exportValue(field as keyof ItemFields, c.to),
          }));
          if (list.length === 0) {
            rows.push({ row, sku: b.sku, action: 'unchanged' });
            summary.unchanged++;
          } else {
            rows.push({ row, sku: b.sku, action: 'update', changes: list });
            summary.updated++;
            writes.push(next);
          }
        }
        continue;
      }
    }
    rows.push({ row, sku: skuText, action: 'error', errors });
    summary.errors++;
  }
  return { summary, rows, ignoredColumns: columns.ignored, writes };
}

/** The header row's columns: known ones by column number, and the ignored headers. */
function mapHeaders(sheet: SheetData): { byCol: Map<number, InventoryColumnKey>; ignored: string[] } {
  const byCol = new Map<number, InventoryColumnKey>();
  const firstCol = new Map<InventoryColumnKey, number>();
  const ignored: string[] = [];
  const lastHeader = Math.max(...sheet.headers.keys());
  for (let col = 1; col <= lastHeader; col++) {
    const text = sheet.headers.get(col)?.trim() ?? '';
    if (text === '') {
      throw bad(`Header cell ${columnLetter(col)}1 is empty (a merged or missing header): give every column up to the last one a name.`);
    }
    const key = HEADER_KEYS.get(normalizeHeader(text));
    if (!key) {
      ignored.push(text);
      continue;
    }
    const earlier = firstCol.get(key);
    if (earlier !== undefined) {
      throw bad(`Column "${INVENTORY_COLUMNS[key]}" appears twice (${columnLetter(earlier)}1 and ${columnLetter(col)}1).`);
    }
    firstCol.set(key, col);
    byCol.set(col, key);
  }
  const missing = INVENTORY_REQUIRED_COLUMNS.filter((k) => !firstCol.has(k));
  if (missing.length) {
    const names = missing.map((k) => `"${INVENTORY_COLUMNS[k]}"`).join(', ');
    throw bad(
      `Missing required column${missing.length > 1 ? 's' : ''} ${names}: the header row must name ${INVENTORY_REQUIRED_COLUMNS.map((k) => INVENTORY_COLUMNS[k]).join(', ')}.`,
    );
  }
  for (const { row, cells } of sheet.rows) {
    for (const col of cells.keys()) {
      if (col > lastHeader)
        throw bad(`Cell ${columnLetter(col)}${row} has a value but its column has no header (cell ${columnLetter(col)}1 is empty).`);
    }
  }
  return { byCol, ignored };
}

/** The column of a body-schema issue (its first path element). */
function columnOfIssue(issue: z.core.$ZodIssue): InventoryColumnKey {
  const field = String(issue.path[0] ?? 'sku');
  return COLUMN_OF_BODY_FIELD[field] ?? 'sku';
}

/**
 * A cell of column `key` → the body field's value (`undefined` leaves the field absent: an
 * update keeps the stored value, a create takes the default), or an error message.
 */
export function convert(key: InventoryColumnKey, v: string | number | boolean | null): { value?: unknown; error?: string } {
  switch (key) {
    case 'sku':
      return { value: v === null ? undefined : String(v) };
    case 'name':
      return { value: v === null ? undefined : String(v) };
    case 'description':
    case 'manufacturer':
    case 'model':
      return { value: v === null ? null : String(v) };
    case 'category': {
      if (v === null) return { value: undefined };
      const c = CATEGORY_BY_TEXT.get(String(v).trim().toLowerCase());
      return c ? { value: c } : { error: `Category must be one of ${INVENTORY_CATEGORIES.join(', ')} (got "${String(v)}").` };
    }
    case 'unitPrice':
    case 'unitCost': {
      if (v === null) return { value: key === 'unitCost' ? null : undefined };
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(/^\$/, '').replace(/,/g, '')) : NaN;
      if (!Number.isFinite(n) || (typeof v === 'string' && v.trim() === ''))
        return { error: 'Must be an amount in US dollars, e.g. 249.99.' };
      if (n < 0) return { error: 'Cannot be negative.' };
      if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return { error: 'Takes at most two decimals (whole cents).' };
      return { value: Math.round(n * 100) };
    }
    case 'labourHours': {
      if (v === null) return { value: undefined };
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
      return Number.isFinite(n) ? { value: n } : { error: 'Must be a number of hours, e.g. 1.5.' };
    }
    case 'isActive': {
      if (v === null) return { value: undefined };
      if (typeof v === 'boolean') return { value: v };
      const t = String(v).trim().toLowerCase();
      if (TRUE_TEXTS.has(t)) return { value: true };
      if (FALSE_TEXTS.has(t)) return { value: false };
      return { error: 'Must be TRUE or FALSE.' };
    }
    case 'specifications': {
      if (v === null) return { value: null };
      if (typeof v !== 'string') return { error: 'Must be a JSON object, e.g. {"resolution": "4K"}.' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(v);
      } catch {
        return { error: 'Is not valid JSON: write a JSON object, e.g. {"resolution": "4K"}.' };
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return { error: 'Must be a JSON object, e.g. {"resolution": "4K"}.' };
      return { value: parsed };
    }
  }
}

/** Inserts or updates `items` by SKU, 500 rows a statement. */
async function upsert(m: EntityManager, items: readonly ItemFields[]): Promise<void> {
  const COLS = [
    'sku',
    'category',
    'name',
    'description',
    'manufacturer',
    'model',
    'unit_price',
    'unit_cost_cents',
    'labour_hours',
    'is_active',
    'specifications',
  ];
  for (let start = 0; start < items.length; start += 500) {
    const chunk = items.slice(start, start + 500);
    const params: unknown[] = [];
    const tuples = chunk.map((i) => {
      const values = [
        i.sku,
        i.category,
        i.name,
        i.description,
        i.manufacturer,
        i.model,
        i.unitPrice,
        i.unitCostCents,
        i.labourHours,
        i.isActive,
        i.specifications === null ? null : JSON.stringify(i.specifications),
      ];
      const refs = values.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      refs[10] = `${refs[10]}::jsonb`;
      return `(${refs.join(', ')})`;
    });
    const updates = COLS.filter((c) => c !== 'sku').map((c) => `"${c}" = EXCLUDED."${c}"`);
    await m.query(
      `INSERT INTO "inventory" (${COLS.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}
       ON CONFLICT ("sku") DO UPDATE SET ${updates.join(', ')}, "updated_at" = now()`,
      params,
    );
  }
}
