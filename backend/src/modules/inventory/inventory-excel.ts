/**
 * The catalogue as an .xlsx workbook (staff-side.md §7 export-excel / upload-excel, §9
 * inventory-export.xlsx) with exceljs: the export's one sheet, and the streaming read of an
 * upload's first sheet into plain cell values under the row, column and cell-length limits.
 * Columns and limits are INVENTORY_COLUMNS / INVENTORY_IMPORT_LIMITS (contracts).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { centsToDollars, ErrorCode, INVENTORY_COLUMNS, INVENTORY_IMPORT_LIMITS, type InventoryColumnKey } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { InventoryItemRecord } from './inventory-item.entity.js';

/** Export columns in order, with widths (characters). */
const EXPORT_LAYOUT: readonly { key: InventoryColumnKey; width: number }[] = [
  { key: 'sku', width: 20 },
  { key: 'category', width: 14 },
  { key: 'name', width: 40 },
  { key: 'description', width: 60 },
  { key: 'manufacturer', width: 22 },
  { key: 'model', width: 22 },
  { key: 'unitPrice', width: 16 },
  { key: 'unitCost', width: 16 },
  { key: 'labourHours', width: 13 },
  { key: 'isActive', width: 9 },
  { key: 'specifications', width: 60 },
];

/** Excel's currency format of the money columns. */
export const MONEY_FORMAT = '"$"#,##0.00';

/** A1-style column letters of a 1-based column number (1 → A, 28 → AB). */
export function columnLetter(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * The export workbook: one sheet "Inventory", a bold frozen header row with the fixed column
 * names, an auto filter over every row, column widths, money as numbers in dollars with a
 * currency format, Active as TRUE/FALSE and specifications as compact JSON. Text is written as text cells (an .xlsx text cell is never evaluated as a
 * formula), so an import of this file reads back exactly the stored values.
 */
export async function exportWorkbook(items: readonly InventoryItemRecord[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ironclad inventory';
  const ws = wb.addWorksheet('Inventory', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = EXPORT_LAYOUT.map((c) => ({ header: INVENTORY_COLUMNS[c.key], key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const i of items) {
    ws.addRow({
      sku: i.sku,
      category: i.category,
      name: i.name,
      description: i.description ?? null,
      manufacturer: i.manufacturer ?? null,
      model: i.model ?? null,
      unitPrice: centsToDollars(i.unitPrice),
      unitCost: i.unitCostCents === null ? null : centsToDollars(i.unitCostCents),
      labourHours: i.labourHours,
      isActive: i.isActive,
      specifications: i.specifications === null ? null : JSON.stringify(i.specifications),
    });
  }
  ws.getColumn('unitPrice').numFmt = MONEY_FORMAT;
  ws.getColumn('unitCost').numFmt = MONEY_FORMAT;
  ws.getColumn('labourHours').numFmt = '0.00';
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, items.length + 1), column: EXPORT_LAYOUT.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell as the import reads it: text, number, boolean, empty, or a problem to report. */
export type CellValue = string | number | boolean | null | { problem: string };

/** The first worksheet of an upload: header texts by column, and the data rows (row numbers of the sheet). */
export interface SheetData {
  headers: Map<number, string>;
  rows: { row: number; cells: Map<number, CellValue> }[];
}

export interface SheetLimits {
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
}

const bad = (message: string) => new ApiError(400, ErrorCode.ValidationFailed, message);

/**
 * Reads the first worksheet with exceljs's streaming reader (run only after assertSafeXlsx).
 * Formula cells give their cached result and are never evaluated; rich text and hyperlinks give
 * their text; an error value (#N/A …) or a formula without a cached result becomes a problem of
 * that cell. Stops at once, with a 400, past `maxRows` data rows, at a value beyond `maxColumns`
 * or a cell longer than `maxCellLength`; a workbook that cannot be read is a 400 too.
 */
export async function readFirstSheet(buffer: Buffer, limits: SheetLimits = INVENTORY_IMPORT_LIMITS): Promise<SheetData | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const headers = new Map<number, string>();
  const rows: SheetData['rows'] = [];
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet) {
        const cells = new Map<number, CellValue>();
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          const value = cellValue(cell.value);
          if (value === null) return;
          if (col > limits.maxColumns) {
            throw bad(
              `Cell ${columnLetter(col)}${row.number} is beyond column ${columnLetter(limits.maxColumns)}: at most ${limits.maxColumns} columns are read.`,
            );
          }
          if (typeof value === 'string' && value.length > limits.maxCellLength) {
            throw bad(`Cell ${columnLetter(col)}${row.number} holds more than ${limits.maxCellLength.toLocaleString('en-US')} characters.`);
          }
          cells.set(col, value);
        });
        if (row.number === 1) {
          for (const [col, v] of cells) headers.set(col, typeof v === 'object' && v !== null ? '' : String(v).trim());
          continue;
        }
        if (cells.size === 0) continue;
        if (rows.length >= limits.maxRows) {
          throw bad(`The sheet has more than ${limits.maxRows.toLocaleString('en-US')} data rows: split it into several files.`);
        }
        rows.push({ row: row.number, cells });
      }
      break; // only the first worksheet is read
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw bad(`The workbook could not be read (${(err as Error).message}).`);
  }
  return sawSheet ? { headers, rows } : null;
}

/** A plain value of an exceljs cell value (see readFirstSheet). */
export function cellValue(v: ExcelJS.CellValue): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : { problem: 'is not a finite number' };
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if ('error' in v) return { problem: `holds the error ${String(v.error)}` };
  if ('richText' in v) return cellValue(v.richText.map((r) => r.text).join(''));
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as { result?: unknown }).result;
    if (result === undefined || result === null) return { problem: 'is a formula without a saved value (open and save the file in Excel)' };
    if (typeof result === 'object' && result !== null && 'error' in result)
      return { problem: `holds the error ${String((result as { error: unknown }).error)}` };
    return cellValue(result as ExcelJS.CellValue);
  }
  if ('text' in v)
    return cellValue(
      typeof v.text === 'string' ? v.text : (v.text as { richText: { text: string }[] }).richText.map((r) => r.text).join(''),
    );
  return { problem: 'has a value that cannot be read' };
}
