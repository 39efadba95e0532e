/**
 * The staff export as main built it before issue 27 (every row read into the api's memory, one
 * `csv-stringify/sync` call), kept verbatim as the reference the streamed exports must match byte
 * for byte for the same rows.
 */
import { stringify } from 'csv-stringify/sync';
import type { DataSource } from 'typeorm';
import type { BuildingInfo, ExportKind } from '@ironclad/contracts';
import { escapeCell } from '../../src/modules/exports/csv.js';
import { COMPREHENSIVE_COLUMNS, PROSPECT_COLUMNS } from '../../src/modules/exports/export-rows.js';

function toCsv(header: readonly string[], rows: readonly unknown[][]): string {
  return `\uFEFF${stringify([header as string[], ...rows.map((r) => r.map(escapeCell))], { record_delimiter: 'windows', quoted_match: /[",\r\n]/ })}`;
}

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
  total_estimate_cents: string | null;
  created_at: Date;
}

interface ProspectRow {
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  created_at: Date;
}

/** The export main built for `kind` at `now`: its file name and bytes. */
export async function referenceExport(
  dataSource: DataSource,
  kind: ExportKind,
  now = new Date(),
): Promise<{ filename: string; body: string }> {
  const iso = (d: Date | string) => new Date(d).toISOString();
  if (kind === 'comprehensive') {
    const rows: ComprehensiveRow[] = await dataSource.query(
      `SELECT id, first_name, last_name, email, phone, company, address, building_info, budget, timeline, specific_areas, status, source, total_estimate_cents, created_at FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL ORDER BY created_at DESC, id DESC`,
    );
    const data = rows.map((r) => [
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
    ]);
    return { filename: `comprehensive-leads-export-${now.toISOString().slice(0, 10)}.csv`, body: toCsv(COMPREHENSIVE_COLUMNS, data) };
  }
  const parts: string[] = [];
  if (kind === 'leads' || kind === 'all_prospects')
    parts.push(
      `SELECT first_name, last_name, email, phone, company, created_at FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL`,
    );
  if (kind === 'contacts' || kind === 'all_prospects')
    parts.push(`SELECT first_name, last_name, email, phone, NULL::text AS company, created_at FROM contacts WHERE spam_reason IS NULL`);
  const rows: ProspectRow[] = await dataSource.query(`${parts.join(' UNION ALL ')} ORDER BY created_at DESC`);
  const data = rows.map((r) => [r.first_name, r.last_name, r.email, r.phone, r.company, iso(r.created_at)]);
  const filename = kind === 'leads' ? 'leads_export.csv' : kind === 'contacts' ? 'contacts_export.csv' : 'all_prospects_export.csv';
  return { filename, body: toCsv(PROSPECT_COLUMNS, data) };
}
