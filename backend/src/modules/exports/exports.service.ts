import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BuildingInfo, ExportKind } from '@ironclad/contracts';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService } from '../staff/index.js';
import { toCsv } from './csv.js';

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

export interface CsvFile {
  filename: string;
  body: string;
  rows: number;
}

/**
 * Server-side CSV exports (staff-side.md §9; decisions.md §12), each audited (`export.{kind}`
 * with the row count). Files: leads_export.csv, contacts_export.csv, all_prospects_export.csv,
 * comprehensive-leads-export-{YYYY-MM-DD}.csv. Total Estimate in whole dollars.
 */
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

@Injectable()
export class ExportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  async build(kind: ExportKind, user: SessionUser | undefined, now = new Date()): Promise<CsvFile> {
    let file: CsvFile;
    const iso = (d: Date | string) => new Date(d).toISOString();
    if (kind === 'comprehensive') {
      const rows: ComprehensiveRow[] = await this.dataSource.query(
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
      file = {
        filename: `comprehensive-leads-export-${now.toISOString().slice(0, 10)}.csv`,
        body: toCsv(COMPREHENSIVE_COLUMNS, data),
        rows: data.length,
      };
    } else {
      const parts: string[] = [];
      if (kind === 'leads' || kind === 'all_prospects')
        parts.push(
          `SELECT first_name, last_name, email, phone, company, created_at FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL`,
        );
      if (kind === 'contacts' || kind === 'all_prospects')
        parts.push(`SELECT first_name, last_name, email, phone, NULL::text AS company, created_at FROM contacts WHERE spam_reason IS NULL`);
      const rows: ProspectRow[] = await this.dataSource.query(`${parts.join(' UNION ALL ')} ORDER BY created_at DESC`);
      const data = rows.map((r) => [r.first_name, r.last_name, r.email, r.phone, r.company, iso(r.created_at)]);
      const filename = kind === 'leads' ? 'leads_export.csv' : kind === 'contacts' ? 'contacts_export.csv' : 'all_prospects_export.csv';
      file = { filename, body: toCsv(PROSPECT_COLUMNS, data), rows: data.length };
    }
    await this.audit.record(null, user, `export.${kind}`, 'export', null, { filename: file.filename, rows: file.rows });
    return file;
  }
}
