/**
 * The rows of the four staff exports (staff-side.md §9; decisions.md §12), read from Postgres with
 * a server-side cursor (`pg-query-stream`, batches of EXPORT_BATCH_ROWS) and written as CSV by
 * `csv-stringify`'s stream API: memory stays flat however many rows there are, and the event loop
 * gets a turn between batches. The columns, order, file names and formula escaping are those of the
 * in-memory export this replaces, byte for byte.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { BuildingInfo, ExportKind } from '@ironclad/contracts';
import { CSV_OPTIONS, escapeCell } from './csv.js';

/**
 * Rows fetched from the cursor per round trip. Small enough that a batch is written out before
 * V8's next young-generation collection or two: batches of 1,000 rows lived long enough to be
 * promoted, and the worker's heap grew by 100 MB between full collections during a 1M-row export
 * (200: about 30 MB, no slower).
 */
export const EXPORT_BATCH_ROWS = 200;

/** The prospect columns of the admin exports (staff-side.md §9). */
export const PROSPECT_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'company', 'createdAt'] as const;

/** The 18 columns of the CRM's comprehensive export (staff-side.md §9: 18 columns). */
export const COMPREHENSIVE_COLUMNS = [
  'ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Company',
  'Address',
  'Building Type',
  'Square Footage',
  'Floors',
  'Entry Points',
  'Budget',
  'Timeline',
  'Specific Areas',
  'Status',
  'Source',
  'Total Estimate',
  'Created At',
] as const;

/** A lead row of the comprehensive export (snake_case columns as selected). */
interface ComprehensiveRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  address: string | null;
  building_info: BuildingInfo | null;
  budget: string | null;
  timeline: string | null;
  specific_areas: string | null;
  status: string;
  source: string;
  /** bigint, as text. */
  total_estimate_cents: string | null;
  created_at: Date;
}

/** A lead or contact row of the prospect exports. */
interface ProspectRow {
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  created_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const COMPREHENSIVE_SQL = `SELECT id, first_name, last_name, email, phone, company, address, building_info, budget, timeline, specific_areas, status, source, total_estimate_cents, created_at FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL ORDER BY created_at DESC, id DESC`;
const LEADS_PART = `SELECT first_name, last_name, email, phone, company, created_at FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL`;
const CONTACTS_PART = `SELECT first_name, last_name, email, phone, NULL::text AS company, created_at FROM contacts WHERE spam_reason IS NULL`;

/** What one export kind reads and how it names its file. */
interface ExportPlan {
  filename: string;
  header: readonly string[];
  sql: string;
  countSql: string;
  toCells(row: Record<string, unknown>): unknown[];
}

function comprehensiveCells(r: ComprehensiveRow): unknown[] {
  return [
    r.id,
    r.first_name,
    r.last_name,
    r.email,
    r.phone,
    r.company,
    r.address,
    r.building_info?.type,
    r.building_info?.squareFootage,
    r.building_info?.floors,
    r.building_info?.entryPoints,
    r.budget ?? r.building_info?.budget,
    r.timeline ?? r.building_info?.timeline,
    r.specific_areas ?? r.building_info?.specificAreas,
    r.status,
    r.source,
    r.total_estimate_cents === null ? '' : Math.round(Number(r.total_estimate_cents) / 100),
    iso(r.created_at),
  ];
}

/**
 * The plan of export `kind` at time `now`: leads_export.csv, contacts_export.csv,
 * all_prospects_export.csv (newest first), comprehensive-leads-export-{YYYY-MM-DD}.csv (newest
 * first, then by id). Total Estimate in whole dollars.
 */
export function exportPlan(kind: ExportKind, now: Date): ExportPlan {
  if (kind === 'comprehensive')
    return {
      filename: `comprehensive-leads-export-${now.toISOString().slice(0, 10)}.csv`,
      header: COMPREHENSIVE_COLUMNS,
      sql: COMPREHENSIVE_SQL,
      countSql: `SELECT count(*)::int AS n FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL`,
      toCells: (row) => comprehensiveCells(row as unknown as ComprehensiveRow),
    };
  const parts: string[] = [];
  const counts: string[] = [];
  if (kind === 'leads' || kind === 'all_prospects') {
    parts.push(LEADS_PART);
    counts.push(`(SELECT count(*) FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL)`);
  }
  if (kind === 'contacts' || kind === 'all_prospects') {
    parts.push(CONTACTS_PART);
    counts.push(`(SELECT count(*) FROM contacts WHERE spam_reason IS NULL)`);
  }
  const filename = kind === 'leads' ? 'leads_export.csv' : kind === 'contacts' ? 'contacts_export.csv' : 'all_prospects_export.csv';
  return {
    filename,
    header: PROSPECT_COLUMNS,
    sql: `${parts.join(' UNION ALL ')} ORDER BY created_at DESC`,
    countSql: `SELECT (${counts.join(' + ')})::int AS n`,
    toCells: (row) => {
      const r = row as unknown as ProspectRow;
      return [r.first_name, r.last_name, r.email, r.phone, r.company, iso(r.created_at)];
    },
  };
}

/** The pg pool under a TypeORM data source (the cursor needs a client of its own). */
function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}

/** How many rows export `kind` has now (exact; read before streaming, for progress). */
export async function countExportRows(dataSource: DataSource, kind: ExportKind): Promise<number> {
  const [row] = (await dataSource.query(exportPlan(kind, new Date()).countSql)) as { n: number }[];
  return row?.n ?? 0;
}

/**
 * Writes export `kind` as CSV (UTF-8 BOM, header, CRLF, RFC 4180 quoting, formula cells escaped)
 * into `sink`, reading the rows through a cursor in one REPEATABLE READ transaction (one snapshot
 * from the first row to the last).
 * @param onRows called after each row with the rows written so far.
 * @returns the rows written.
 * @throws the database or sink error (the cursor's connection is released either way).
 */
export async function writeExportCsv(
  dataSource: DataSource,
  kind: ExportKind,
  now: Date,
  sink: Writable,
  onRows?: (rows: number) => void,
): Promise<number> {
  const plan = exportPlan(kind, now);
  const client: PoolClient = await poolOf(dataSource).connect();
  let rows = 0;
  let failed: Error | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const cursor = client.query(new QueryStream(plan.sql, [], { batchSize: EXPORT_BATCH_ROWS }));
    async function* records(): AsyncGenerator<unknown[]> {
      yield [...plan.header];
      for await (const row of cursor as AsyncIterable<Record<string, unknown>>) {
        yield plan.toCells(row).map(escapeCell);
        rows += 1;
        onRows?.(rows);
      }
    }
    await pipeline(Readable.from(records()), stringify({ ...CSV_OPTIONS, bom: true }), sink);
    await client.query('COMMIT');
    return rows;
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    // A connection left mid-cursor is destroyed rather than returned to the pool.
    client.release(failed);
  }
}
