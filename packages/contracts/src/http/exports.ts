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
