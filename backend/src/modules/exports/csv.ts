/**
 * CSV writing for the staff exports with `csv-stringify` (decisions.md §12).
 * - Every string cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 *   leading `'`, so a spreadsheet shows it as text instead of running it as a formula.
 * - The file starts with a UTF-8 byte-order mark so spreadsheets read Unicode correctly.
 */
import type { Options } from 'csv-stringify';

const FORMULA_START = /^[=+\-@\t\r]/;

/** The stringifier options of every export: CRLF line ends, RFC 4180 quoting where needed. */
export const CSV_OPTIONS: Options = { record_delimiter: 'windows', quoted_match: /[",\r\n]/ };

/** Escapes one cell value against formula injection (numbers and dates are left as they are). */
export function escapeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}
