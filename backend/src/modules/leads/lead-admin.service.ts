import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import {
  computeManualEstimate,
  ErrorCode,
  INVENTORY_CATEGORY_LABELS,
  LEAD_STATUSES,
  type AuditEntry,
  type Lead,
  type LeadBoardQuery,
  type LeadBoardResponse,
  type LeadListQuery,
  type LeadListResponse,
  type LeadSortKey,
  type LeadStats,
  type LeadStatus,
  type ManualEstimate,
  type UpdateLead,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { InventoryService, type InventoryItemRecord } from '../inventory/index.js';
import { AuditLogService, StaffUsersService } from '../staff/index.js';
import { LeadRecord } from './lead.entity.js';
import { LeadStatusChangeRecord } from './lead-status-change.entity.js';
import { toStaffLead } from './leads.service.js';
import { LeadEvents } from './lead-events.js';

/**
 * The staff search runs over the stored column `leads.search_text`: lower-cased first name, last
 * name, email, phone and the phone's digits, kept by the trigger `TRG_leads_search_text` and
 * indexed with pg_trgm (`IDX_leads_search_text_trgm`), so `LIKE '%term%'` stays fast at 50,000+
 * leads, counting included (migration LeadSearchAndSort).
 */
export const LEAD_SEARCH_COLUMN = 'l.search_text';

/**
 * ORDER BY terms of each sort key of GET /api/leads (LEAD_SORT_KEYS); ties: newest first. The
 * name and estimate terms match the indexes IDX_leads_name_lower and IDX_leads_estimate (ASC
 * NULLS FIRST), so both directions are an index scan (migration LeadSearchAndSort).
 */
export function leadOrder(sort: LeadSortKey, order: 'asc' | 'desc'): [string, 'ASC' | 'DESC', ('NULLS FIRST' | 'NULLS LAST')?][] {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const newest: [string, 'DESC'][] = [
    ['l.created_at', 'DESC'],
    ['l.id', 'DESC'],
  ];
  switch (sort) {
    case 'name':
      return [[`lower(coalesce(l.last_name, ''))`, dir], [`lower(coalesce(l.first_name, ''))`, dir], ...newest];
    case 'estimate':
      return [['l.total_estimate_cents', dir, dir === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST'], ...newest];
    case 'status':
      return [[`array_position(ARRAY[${LEAD_STATUSES.map((st) => `'${st}'`).join(',')}]::varchar[], l.status)`, dir], ...newest];
    case 'createdAt':
      return [
        ['l.created_at', dir],
        ['l.id', dir],
      ];
  }
}

/**
 * The number of rows of `qb` (issue 27: counts must not cost a scan of a million rows): the
 * planner's estimate (`EXPLAIN`, no rows read) when it is above `exactMax`, else the exact
 * count — selective filters and small tables stay exact.
 */
export async function countOrEstimate(
  dataSource: DataSource,
  qb: SelectQueryBuilder<LeadRecord>,
  exactMax: number,
): Promise<{ total: number; estimated: boolean }> {
  const [sql, params] = qb.clone().select('1').orderBy().getQueryAndParameters();
  const [{ 'QUERY PLAN': plan }] = (await dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as {
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }[];
  const estimate = Math.round(plan[0].Plan['Plan Rows']);
  if (estimate > exactMax) return { total: estimate, estimated: true };
  return { total: await qb.getCount(), estimated: false };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The LIKE pattern of a staff search term (leads and contacts): a phone-like term (digits,
 * spaces, `()+.-`, at least 3 digits) becomes its digits, so `(212) 555-0101`, `212-555-0101`
 * and `2125550101` find the same number; any other term is matched as typed. `%`/`_` escaped.
 */
export function searchPattern(term: string): string {
  const digits = term.replace(/\D/g, '');
  const needle = /^[\d\s()+.-]+$/.test(term) && digits.length >= 3 ? digits : term;
  return `%${likeEscape(needle)}%`;
}

/** Staff operations on leads (staff-side.md §2 leads tab, CRM, §4, §7; decisions.md §5). */
@Injectable()
export class LeadAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly events: LeadEvents,
    private readonly inventory: InventoryService,
    private readonly users: StaffUsersService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * One page of leads, filtered on the server: `search` matches first/last name, email or phone
   * (case-insensitive substring; phone also by digits only), `status` a canonical status,
   * `minEstimate` (whole dollars) an estimate at least that (no estimate never matches); sorted
   * by `sort`/`order` (default newest first). `spam` `exclude` (default) leaves out the leads
   * flagged as spam, `only` lists just them; `source` a lead source, `owner` a staff user's id
   * or `none` (issue 22 points 5, 6). Answers `{leads, total, page, pageSize}`.
   */
  async list(q: LeadListQuery): Promise<LeadListResponse> {
    const qb = this.dataSource.getRepository(LeadRecord).createQueryBuilder('l');
    qb.where(q.spam === 'only' ? 'l.spamReason IS NOT NULL' : 'l.spamReason IS NULL');
    qb.andWhere(q.archived === 'only' ? 'l.archivedAt IS NOT NULL' : 'l.archivedAt IS NULL');
    if (q.status && q.status !== 'all') qb.andWhere('l.status = :status', { status: q.status });
    if (q.minEstimate !== undefined) qb.andWhere('l.totalEstimateCents >= :minCents', { minCents: q.minEstimate * 100 });
    applyLeadFilters(qb, q);
    const sort = q.sort ?? 'createdAt';
    const order = q.order ?? 'desc';
    if (q.cursor && sort !== 'createdAt')
      throw new ApiError(400, ErrorCode.ValidationFailed, 'Invalid input: cursor', {
        fieldErrors: { cursor: ['A cursor pages the list only when sorted by createdAt'] },
      });
    const counted = qb.clone();
    if (q.cursor) {
      const [ms, id] = q.cursor.split('.').map(Number) as [number, number];
      // The row's exact (microsecond) time when it still exists; its millisecond time otherwise.
      qb.andWhere(
        `(l.created_at, l.id) ${order === 'asc' ? '>' : '<'} (coalesce((SELECT c.created_at FROM leads c WHERE c.id = :cursorId), to_timestamp(:cursorMs / 1000.0)), :cursorId)`,
        { cursorId: id, cursorMs: ms },
      );
    }
    leadOrder(sort, order).forEach(([expr, dir, nulls], i) => (i === 0 ? qb.orderBy(expr, dir, nulls) : qb.addOrderBy(expr, dir, nulls)));
    // Keyset pages ask for one row more than the page, to know whether another page follows.
    const [rows, { total, estimated }] = await Promise.all([
      q.cursor || sort === 'createdAt'
        ? qb
            .offset(q.cursor ? 0 : (q.page - 1) * q.pageSize)
            .limit(q.pageSize + 1)
            .getMany()
        : qb
            .skip((q.page - 1) * q.pageSize)
            .take(q.pageSize)
            .getMany(),
      countOrEstimate(this.dataSource, counted, this.env.LIST_EXACT_COUNT_MAX),
    ]);
    const more = sort === 'createdAt' && rows.length > q.pageSize;
    const page = rows.slice(0, q.pageSize);
    const last = page[page.length - 1];
    const nextCursor = sort === 'createdAt' ? (more && last ? `${last.createdAt.getTime()}.${last.id}` : null) : undefined;
    return {
      leads: page.map(toStaffLead),
      total,
      page: q.page,
      pageSize: q.pageSize,
      ...(nextCursor !== undefined ? { nextCursor } : {}),
      ...(estimated ? { totalIsEstimate: true } : {}),
    };
  }

  /**
   * GET /api/leads/board (issue 22 point 5): one column per stage of the single pipeline
   * (decisions.md §5), in pipeline order, each with the count and estimate total (whole dollars)
   * of ALL its leads matching the filters and its `perColumn` newest cards. Leads flagged as spam
   * and archived (deleted) leads are left out, as in the pipeline table and the KPIs.
   *
   * At scale (issue 27 point 3): without a filter the counts and totals are the maintained
   * counters (`lead_status_counts`, see stats()); filtered by source and/or owner, the sum of the
   * maintained per (status, source, owner) counters (`lead_board_counts`); with a search, one
   * grouped query over the matching leads (found by the trigram index). The cards are read per stage from the (status, created_at) index, `perColumn`
   * rows each (a LATERAL subquery per stage), never by ranking every lead.
   */
  async board(q: LeadBoardQuery): Promise<LeadBoardResponse> {
    const searched = Boolean(q.search?.trim());
    const bySource = q.source !== undefined && q.source !== 'all';
    const byOwner = q.owner !== undefined && q.owner !== 'all';
    let sums: { status: LeadStatus; count: string; cents: string }[];
    if (!searched && (bySource || byOwner)) {
      // source and owner filters: the maintained per (status, source, owner) counters (migration LeadBoardCounts)
      const where: string[] = [];
      const params: string[] = [];
      if (bySource) where.push(`source = $${params.push(q.source!)}`);
      if (byOwner) where.push(`owner_id = $${params.push(q.owner === 'none' ? '' : q.owner!)}`);
      sums = await this.dataSource.query(
        `SELECT status, sum(leads) AS count, sum(estimate_cents) AS cents FROM lead_board_counts WHERE ${where.join(' AND ')} GROUP BY status`,
        params,
      );
    } else if (searched) {
      const totals = this.dataSource
        .getRepository(LeadRecord)
        .createQueryBuilder('l')
        .where('l.spamReason IS NULL AND l.archivedAt IS NULL');
      applyLeadFilters(totals, q);
      sums = await totals
        .select('l.status', 'status')
        .addSelect('count(*)', 'count')
        .addSelect('coalesce(sum(l.total_estimate_cents), 0)', 'cents')
        .groupBy('l.status')
        .getRawMany();
    } else {
      sums = await this.dataSource.query(`SELECT status, leads AS count, estimate_cents AS cents FROM lead_status_counts`);
    }
    const newest = this.dataSource
      .getRepository(LeadRecord)
      .createQueryBuilder('l')
      .select('l.id', 'id')
      .where('l.status = s.status AND l.spamReason IS NULL AND l.archivedAt IS NULL');
    applyLeadFilters(newest, q);
    newest.orderBy('l.created_at', 'DESC').addOrderBy('l.id', 'DESC');
    const [sql, params] = newest.getQueryAndParameters();
    const picked: { id: number }[] = await this.dataSource.query(
      `SELECT c.id FROM unnest($${params.length + 1}::text[]) AS s(status) CROSS JOIN LATERAL (${sql} LIMIT $${params.length + 2}) c`,
      [...params, [...LEAD_STATUSES], q.perColumn],
    );
    const rows = picked.length
      ? await this.dataSource
          .getRepository(LeadRecord)
          .createQueryBuilder('l')
          .where('l.id IN (:...ids)', { ids: picked.map((p) => p.id) })
          .orderBy('l.created_at', 'DESC')
          .addOrderBy('l.id', 'DESC')
          .getMany()
      : [];
    const byStatus = new Map(sums.map((r) => [r.status, r]));
    return {
      columns: LEAD_STATUSES.map((status) => ({
        status,
        count: Number(byStatus.get(status)?.count ?? 0),
        totalEstimate: Math.round(Number(byStatus.get(status)?.cents ?? 0) / 100),
        leads: rows.filter((r) => r.status === status).map(toStaffLead),
      })),
    };
  }

  /**
   * The KPI figures of the leads tab, the contacts tab and the CRM, from ONE SQL query
   * (staff-side.md §2, §9; money in whole dollars; conversion rate one decimal). Leads and
   * contacts flagged as spam, and archived leads, are not counted.
   *
   * At scale (issue 27 point 3) nothing here reads the whole tables: the per-status counts and
   * estimate sums come from `lead_status_counts`, the contacts from `contact_counts` (both kept by
   * triggers in the transaction of every write, migration LeadStatCounters), and the week's new
   * leads / contacts from a range of the created_at indexes.
   */
  async stats(): Promise<LeadStats> {
    const statusCols = LEAD_STATUSES.map((s) => `coalesce(sum(c.leads) FILTER (WHERE c.status = '${s}'), 0)::int AS "s_${s}"`).join(
      ',\n      ',
    );
    const [row] = await this.dataSource.query(`
      SELECT coalesce(sum(c.leads), 0)::int AS total,
        coalesce(sum(c.estimate_cents), 0)::bigint AS pipeline_cents,
        (SELECT count(*)::int FROM leads l WHERE l.created_at >= now() - interval '7 days' AND l.spam_reason IS NULL AND l.archived_at IS NULL) AS new_week,
        coalesce(sum(c.leads) FILTER (WHERE c.status NOT IN ('won', 'lost')), 0)::int AS active,
        ${statusCols},
        (SELECT coalesce(sum(k.contacts), 0)::int FROM contact_counts k) AS contacts,
        (SELECT count(*)::int FROM contacts k WHERE k.spam_reason IS NULL AND k.created_at >= now() - interval '7 days') AS contacts_week
      FROM lead_status_counts c`);
    return statsFromRow(row);
  }

  /** @throws ApiError 404 NOT_FOUND when lead `id` does not exist. */
  async assertExists(id: number): Promise<void> {
    if (!(await this.dataSource.getRepository(LeadRecord).existsBy({ id }))) throw notFound(id);
  }

  /** One lead with its audit trail. @throws ApiError 404 NOT_FOUND. */
  async get(id: number): Promise<{ lead: Lead; audit: AuditEntry[] }> {
    const lead = await this.dataSource.getRepository(LeadRecord).findOne({ where: { id } });
    if (!lead) throw notFound(id);
    return { lead: toStaffLead(lead), audit: await this.audit.forEntity('lead', id) };
  }

  /**
   * PATCH: applies a partial update (status aliases already canonical) and records who changed
   * what in the audit log and, for a status change, a `lead_status_changes` row (the timeline's
   * status-change item), in one transaction; then tells staff sockets (`lead:activity`).
   * @throws ApiError 404 NOT_FOUND.
   */
  async update(id: number, patch: UpdateLead, user: SessionUser | undefined): Promise<{ lead: Lead }> {
    let statusChanged = false;
    const result = await this.dataSource.transaction(async (m) => {
      const lead = await m.getRepository(LeadRecord).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!lead) throw notFound(id);
      const before = lead.status;
      const ownerBefore = lead.ownerId;
      if (patch.ownerId && !(await this.users.isActive(patch.ownerId, m))) {
        throw new ApiError(400, ErrorCode.ValidationFailed, 'Invalid input: ownerId', {
          fieldErrors: { ownerId: ['No active staff user has this id.'] },
        });
      }
      const changes: Partial<LeadRecord> = {};
      for (const [k, v] of Object.entries(patch)) if (v !== undefined) (changes as Record<string, unknown>)[k] = v;
      Object.assign(lead, changes);
      const saved = await m.save(lead);
      if (patch.status && patch.status !== before) {
        await this.audit.record(m, user, 'lead.status_changed', 'lead', id, { from: before, to: patch.status });
        await m.insert(LeadStatusChangeRecord, { leadId: id, fromStatus: before, toStatus: patch.status, changedBy: user?.email ?? null });
        statusChanged = true;
      }
      if (patch.ownerId !== undefined && patch.ownerId !== ownerBefore) {
        await this.audit.record(m, user, 'lead.owner_changed', 'lead', id, { from: ownerBefore, to: patch.ownerId });
      }
      const other = Object.keys(changes).filter((k) => k !== 'status' && k !== 'ownerId');
      if (other.length) await this.audit.record(m, user, 'lead.updated', 'lead', id, { fields: other });
      return { lead: toStaffLead(saved) };
    });
    if (statusChanged) this.events.activity({ leadId: id, type: 'status_change' });
    return result;
  }

  /**
   * POST /api/leads/{id}/not-spam: clears the spam flag of a lead the bot defences flagged, so it
   * joins the pipeline, KPIs and campaigns; audited as `lead.restored_from_spam` with the reason it
   * had. A lead that is not flagged is answered as it is.
   * @throws ApiError 404 NOT_FOUND.
   */
  async restoreFromSpam(id: number, user: SessionUser | undefined): Promise<{ lead: Lead }> {
    return this.dataSource.transaction(async (m) => {
      const lead = await m.getRepository(LeadRecord).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!lead) throw notFound(id);
      if (lead.spamReason === null) return { lead: toStaffLead(lead) };
      const reason = lead.spamReason;
      lead.spamReason = null;
      const saved = await m.save(lead);
      await this.audit.record(m, user, 'lead.restored_from_spam', 'lead', id, { reason });
      return { lead: toStaffLead(saved) };
    });
  }

  /**
   * DELETE (issue 22 point 9): ARCHIVES the lead (archived_at, archived_by): hidden from every
   * list, KPI, campaign and export, restorable for LEAD_ARCHIVE_DAYS, then purged by the scheduled
   * ArchivedLeadsPurge. Audited as `lead.deleted` (with the email and name). An already archived
   * lead is answered 404, like a missing one.
   * @throws ApiError 404 NOT_FOUND.
   */
  async remove(id: number, user: SessionUser | undefined): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const lead = await m.getRepository(LeadRecord).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!lead || lead.archivedAt) throw notFound(id);
      await m.update(LeadRecord, { id }, { archivedAt: () => 'now()', archivedBy: user?.email ?? null } as never);
      await this.audit.record(m, user, 'lead.deleted', 'lead', id, {
        email: lead.email,
        name: [lead.firstName, lead.lastName].filter(Boolean).join(' '),
        archived: true,
      });
    });
  }

  /**
   * POST /api/leads/{id}/restore: brings an archived lead back (within LEAD_ARCHIVE_DAYS; after
   * that it is purged and gone). Audited as `lead.restored`.
   * @throws ApiError 404 NOT_FOUND (missing or purged); 409 CONFLICT when the lead is not archived.
   */
  async restore(id: number, user: SessionUser | undefined): Promise<{ lead: Lead }> {
    return this.dataSource.transaction(async (m) => {
      const lead = await m.getRepository(LeadRecord).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!lead) throw notFound(id);
      if (!lead.archivedAt) throw new ApiError(409, ErrorCode.Conflict, `Lead ${id} is not deleted.`);
      const archivedAt = lead.archivedAt;
      lead.archivedAt = null;
      lead.archivedBy = null;
      const saved = await m.save(lead);
      await this.audit.record(m, user, 'lead.restored', 'lead', id, { archivedAt: archivedAt.toISOString() });
      return { lead: toStaffLead(saved) };
    });
  }

  /**
   * Saves a manual estimate as a lead (source `manual_estimator`, status `new`). The total is
   * recomputed here from the §9 formulas (decisions.md §3); stored in cents, answered in dollars.
   * With `cameraSku` / `nvrSku` the camera and NVR are priced from those active catalogue items
   * (the sent prices are ignored) and the stored quote lists them with their SKU, so it keeps
   * the prices it was made with and the catalogue knows the items are in use.
   * @throws 400 VALIDATION_FAILED when a SKU is not an active inventory item.
   */
  async saveManualEstimate(input: ManualEstimate, user: SessionUser | undefined): Promise<{ lead: Lead }> {
    const [camera, nvr] = await Promise.all([this.catalogueItem(input.cameraSku, 'cameraSku'), this.catalogueItem(input.nvrSku, 'nvrSku')]);
    const e: ManualEstimate = {
      ...input,
      cameraPrice: camera ? camera.unitPrice / 100 : input.cameraPrice,
      nvrCost: nvr ? nvr.unitPrice / 100 : input.nvrCost,
    };
    const b = computeManualEstimate(e);
    const equipmentLine = (item: InventoryItemRecord | undefined, fallback: string, quantity: number, unitPrice: number) => ({
      ...(item ? { sku: item.sku } : {}),
      item: item?.name ?? fallback,
      description: item?.description ?? '',
      quantity,
      unitPrice,
      total: Math.round(quantity * unitPrice * 100) / 100,
    });
    const equipmentList = [
      { category: INVENTORY_CATEGORY_LABELS.cameras, items: [equipmentLine(camera, 'Camera', e.cameras, e.cameraPrice)] },
      { category: INVENTORY_CATEGORY_LABELS.nvr, items: [equipmentLine(nvr, 'NVR', 1, e.nvrCost)] },
    ];
    return this.dataSource.transaction(async (m) => {
      const saved = await m.save(
        m.create(LeadRecord, {
          firstName: e.firstName,
          lastName: e.lastName,
          email: e.email,
          phone: e.phone,
          company: e.company ?? null,
          address: null,
          buildingInfo: {
            type: e.buildingType,
            size: e.buildingSize,
            buildingSize: e.buildingSize,
            squareFootage: e.squareFootage,
            floors: e.floors,
            entryPoints: e.entryPoints,
            cameras: e.cameras,
            description: e.notes,
            timeline: b.timeline,
          },
          aiRecommendation: {
            description: 'Manual estimate',
            // dollars with cents here (a manual estimate's prices are typed with step 0.01)
            equipmentList,
            pricing: { equipmentSubtotal: b.equipment, laborCost: b.labor, additionalCosts: b.additional, totalProjectCost: b.total },
            projectDetails: {
              totalCameras: e.cameras,
              installationDays: e.installationDays,
              buildingSize: e.buildingSize,
              estimateType: 'manual',
            },
            inputs: {
              cameraPrice: e.cameraPrice,
              nvrCost: e.nvrCost,
              laborRate: e.laborRate,
              ...(camera ? { cameraSku: camera.sku } : {}),
              ...(nvr ? { nvrSku: nvr.sku } : {}),
            },
            timeline: b.timeline,
            notes: e.notes ?? null,
          },
          totalEstimateCents: Math.round(b.total * 100),
          budget: null,
          timeline: b.timeline,
          specificAreas: null,
          additionalFeatures: [],
          status: 'new',
          source: 'manual_estimator',
        }),
      );
      await this.audit.record(m, user, 'lead.manual_estimate', 'lead', saved.id, { total: b.total });
      return { lead: toStaffLead(saved) };
    });
  }

  /** The active catalogue item of `sku` (none asked: undefined). @throws 400 on `field` when there is none. */
  private async catalogueItem(sku: string | undefined, field: 'cameraSku' | 'nvrSku'): Promise<InventoryItemRecord | undefined> {
    if (sku === undefined) return undefined;
    const item = await this.inventory.activeBySku(sku);
    if (!item) {
      const message = `No active inventory item has SKU ${sku}.`;
      throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: ${field}`, { fieldErrors: { [field]: [message] } });
    }
    return item;
  }
}

/**
 * The filters the lead list and the board share: `search` (name, email, phone, see
 * searchPattern), `source` (a lead source; `all` = none) and `owner` (a staff user's id, `none`
 * = no owner, `all` = none).
 */
export function applyLeadFilters(
  qb: SelectQueryBuilder<LeadRecord>,
  q: { search?: string; source?: string; owner?: string },
): SelectQueryBuilder<LeadRecord> {
  const term = q.search?.trim();
  if (term) qb.andWhere(`${LEAD_SEARCH_COLUMN} LIKE lower(:needle)`, { needle: searchPattern(term) });
  if (q.source && q.source !== 'all') qb.andWhere('l.source = :source', { source: q.source });
  if (q.owner === 'none') qb.andWhere('l.ownerId IS NULL');
  else if (q.owner && q.owner !== 'all') qb.andWhere('l.ownerId = :owner', { owner: q.owner });
  return qb;
}

const notFound = (id: number) => new ApiError(404, ErrorCode.NotFound, `Lead ${id} not found`);

/** Maps the KPI row to LeadStats (exported for the formula tests). */
export function statsFromRow(row: Record<string, unknown>): LeadStats {
  const total = Number(row.total);
  const pipelineCents = Number(row.pipeline_cents);
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, Number(row[`s_${s}`])])) as Record<LeadStatus, number>;
  return {
    totalLeads: total,
    pipelineValue: Math.round(pipelineCents / 100),
    averageDeal: total ? Math.round(pipelineCents / 100 / total) : 0,
    newThisWeek: Number(row.new_week),
    conversionRate: total ? Math.round((byStatus.won / total) * 1000) / 10 : 0,
    activeLeads: Number(row.active),
    byStatus,
    totalContacts: Number(row.contacts),
    contactsNewThisWeek: Number(row.contacts_week),
  };
}
