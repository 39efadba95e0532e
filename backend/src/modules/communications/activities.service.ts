import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  LEAD_SOURCE_LABELS,
  type LeadActivity,
  type LeadSource,
  type LeadActivityItem,
  type LeadStatus,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { searchPattern } from '../leads/index.js';
import { formatUsd } from './template-renderer.js';

/** Items per lead in GET /api/lead-activities; GET /api/leads/{id}/activities returns up to ACTIVITY_ITEMS_MAX. */
export const ACTIVITY_ITEMS_PER_LEAD = 50;
export const ACTIVITY_ITEMS_MAX = 500;

/** The company's time zone: the Lead Activity date filters are its calendar days. */
const NEW_YORK = 'America/New_York';

/**
 * The newest `$1` events of each source of lead activity (messages, call notes, status changes,
 * payments, creation, staff notes), each read from the top of an index on its time (migration
 * ActivityFeedIndexes), with the oldest time each source returned. Leads flagged as spam or
 * archived are left out afterwards.
 */
const NEWEST_EVENTS = `
  WITH ev AS (
    (SELECT 0 AS src, lead_id, created_at AS at FROM outbound_messages WHERE lead_id IS NOT NULL ORDER BY created_at DESC LIMIT $1)
    UNION ALL (SELECT 1, lead_id, created_at FROM call_notes ORDER BY created_at DESC LIMIT $1)
    UNION ALL (SELECT 2, lead_id, created_at FROM lead_status_changes ORDER BY created_at DESC LIMIT $1)
    UNION ALL (SELECT 3, lead_id, created_at FROM payments WHERE lead_id IS NOT NULL ORDER BY created_at DESC LIMIT $1)
    UNION ALL (SELECT 4, id, created_at FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL ORDER BY created_at DESC LIMIT $1)
    UNION ALL (SELECT 5, lead_id, created_at FROM lead_notes ORDER BY created_at DESC LIMIT $1)
  )
  SELECT ev.src, ev.lead_id, (extract(epoch FROM ev.at) * 1000000)::float8 AS us,
         (l.spam_reason IS NOT NULL OR l.archived_at IS NOT NULL) AS spam
    FROM ev JOIN leads l ON l.id = ev.lead_id`;

/** Events read per source on the first try, per lead asked for (doubled until the answer is exact). */
const EVENTS_PER_LEAD = 4;

interface EventRow {
  src: number;
  lead_id: number;
  /** The event's time in microseconds since the epoch (exact below 2^53). */
  us: number;
  spam: boolean;
}

/**
 * The `limit` leads with the newest last activity, newest first (ties: higher id first), from the
 * newest `perSource` events of each source. Exact when every lead picked was last active strictly
 * after the cutoff — the newest time that a source which returned all `perSource` rows may still
 * hold more events at — or when no source was cut off; null when more events must be read.
 */
export function pickRecentlyActive(rows: EventRow[], perSource: number, limit: number): number[] | null {
  const perSrc = new Map<number, { n: number; oldest: number }>();
  const last = new Map<number, number>();
  for (const r of rows) {
    const t = r.us;
    const s = perSrc.get(r.src) ?? { n: 0, oldest: Infinity };
    s.n += 1;
    s.oldest = Math.min(s.oldest, t);
    perSrc.set(r.src, s);
    if (!r.spam) last.set(r.lead_id, Math.max(last.get(r.lead_id) ?? -Infinity, t));
  }
  // Sources cut off at `perSource` rows may hold more events at or before their oldest time.
  const cutoff = Math.max(-Infinity, ...[...perSrc.values()].filter((s) => s.n >= perSource).map((s) => s.oldest));
  const sorted = [...last.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const exact = sorted.filter(([, t]) => t > cutoff);
  if (exact.length >= limit || cutoff === -Infinity) return exact.slice(0, limit).map(([id]) => id);
  return null;
}

/**
 * Every timeline item of the given leads, newest first, at most `perLead` per lead, as one
 * UNION over the stored records (decisions.md §8).
 */
const ITEMS = `
  SELECT * FROM (
    SELECT i.*, row_number() OVER (PARTITION BY i.lead_id ORDER BY i.ts DESC, i.id DESC) AS rn FROM (
      SELECT o.lead_id, 'message:' || o.id AS id, o.channel AS type, o.channel, o.status, o.template, o.subject, o.body AS content,
             o.created_at AS ts, o.error, o.provider_message_id, o.triggered_by, o.campaign_id, NULL::int AS amount_cents,
             NULL::text AS from_status, NULL::text AS to_status
        FROM outbound_messages o WHERE o.lead_id = ANY($1)
      UNION ALL
      SELECT n.lead_id, 'call:' || n.id, 'call', NULL, NULL, NULL, NULL, n.content, n.created_at, NULL, NULL, n.created_by, NULL, NULL, NULL, NULL
        FROM call_notes n WHERE n.lead_id = ANY($1)
      UNION ALL
      SELECT ln.lead_id, 'note:' || ln.id, 'note', NULL, NULL, NULL, NULL, ln.body, ln.created_at, NULL, NULL, ln.author_email, NULL, NULL, NULL, NULL
        FROM lead_notes ln WHERE ln.lead_id = ANY($1)
      UNION ALL
      SELECT s.lead_id, 'status:' || s.id, 'status_change', NULL, s.to_status, NULL, NULL, NULL, s.created_at, NULL, NULL, s.changed_by, NULL, NULL, s.from_status, s.to_status
        FROM lead_status_changes s WHERE s.lead_id = ANY($1)
      UNION ALL
      SELECT p.lead_id, 'payment:' || p.id, 'payment', NULL, p.status, NULL, NULL, p.kind, coalesce(p.succeeded_at, p.created_at), p.failure_message, p.payment_intent_id, NULL, NULL, p.amount_cents, NULL, NULL
        FROM payments p WHERE p.lead_id = ANY($1)
      UNION ALL
      SELECT l.id, 'lead:' || l.id, 'lead_created', NULL, NULL, NULL, NULL, l.source, l.created_at, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM leads l WHERE l.id = ANY($1)
    ) i WHERE ${itemFilter('i', 3)}
  ) ranked WHERE rn <= $2 ORDER BY ts DESC, id DESC`;

/**
 * The Lead Activity filters of one item alias `a` with parameters from `$n`: type, channel, and
 * the New York calendar days from / to (inclusive); a null parameter filters nothing.
 */
function itemFilter(a: string, n: number): string {
  return `($${n}::text IS NULL OR ${a}.type = $${n}) AND ($${n + 1}::text IS NULL OR ${a}.channel = $${n + 1})
    AND ($${n + 2}::date IS NULL OR ${a}.ts >= ($${n + 2}::date)::timestamp AT TIME ZONE '${NEW_YORK}')
    AND ($${n + 3}::date IS NULL OR ${a}.ts < ($${n + 3}::date + 1)::timestamp AT TIME ZONE '${NEW_YORK}')`;
}

/**
 * The leads with a timeline item matching the filters ($1 type, $2 channel, $3 from, $4 to, $5
 * search pattern), most recently active (by a matching item) first, one page ($6 limit, $7
 * offset), with the number of such leads; leads flagged as spam left out.
 */
const FILTERED_LEADS = `
  WITH items AS (
    SELECT lead_id, channel::text AS type, channel::text AS channel, created_at AS ts FROM outbound_messages WHERE lead_id IS NOT NULL
    UNION ALL SELECT lead_id, 'call', NULL, created_at FROM call_notes
    UNION ALL SELECT lead_id, 'note', NULL, created_at FROM lead_notes
    UNION ALL SELECT lead_id, 'status_change', NULL, created_at FROM lead_status_changes
    UNION ALL SELECT lead_id, 'payment', NULL, coalesce(succeeded_at, created_at) FROM payments WHERE lead_id IS NOT NULL
    UNION ALL SELECT id, 'lead_created', NULL, created_at FROM leads
  )
  SELECT i.lead_id, max(i.ts) AS at, count(*) OVER ()::int AS total
    FROM items i JOIN leads l ON l.id = i.lead_id AND l.spam_reason IS NULL
   WHERE ${itemFilter('i', 1)} AND ($5::text IS NULL OR l.search_text LIKE lower($5))
   GROUP BY i.lead_id
   ORDER BY at DESC, i.lead_id DESC
   LIMIT $6 OFFSET $7`;

/** The Lead Activity filters (LeadActivitiesQuery without paging). */
export interface ActivityFilters {
  type?: string;
  channel?: string;
  from?: string;
  to?: string;
}

const filterParams = (f: ActivityFilters) => [f.type ?? null, f.channel ?? null, f.from ?? null, f.to ?? null];

interface ItemRow {
  lead_id: number;
  id: string;
  type: LeadActivityItem['type'];
  channel: 'email' | 'sms' | null;
  status: string | null;
  template: string | null;
  subject: string | null;
  content: string | null;
  ts: Date;
  error: string | null;
  provider_message_id: string | null;
  triggered_by: string | null;
  campaign_id: number | null;
  amount_cents: number | null;
  from_status: LeadStatus | null;
  to_status: LeadStatus | null;
}

/** The lead activity timeline, from stored records only (GET /api/lead-activities, /api/leads/{id}/activities). */
@Injectable()
export class ActivitiesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One page (`limit` leads, `page` from 1) of the most recently active leads (or the one
   * `leadId`), each with its latest ACTIVITY_ITEMS_PER_LEAD items, newest first (staff-side.md §3
   * "Lead activity"). With filters (issue 22 point 8: `type`, `channel`, `from`/`to` New York
   * days, `search`), only the leads with a matching item, ordered by their latest matching item,
   * each with its matching items. Answers the page and the number of matching leads.
   */
  async leadActivities(
    q: { limit: number; page?: number; leadId?: number; search?: string } & ActivityFilters,
  ): Promise<{ activities: LeadActivity[]; total: number; page: number; pageSize: number }> {
    const page = q.page ?? 1;
    const filtered = !!(q.type || q.channel || q.from || q.to || q.search?.trim());
    let total: number | undefined;
    let picked: { lead_id: number }[];
    if (q.leadId !== undefined) {
      picked = await this.dataSource.query('SELECT id AS lead_id FROM leads WHERE id = $1', [q.leadId]);
    } else if (filtered) {
      const term = q.search?.trim();
      const rows: { lead_id: number; total: number }[] = await this.dataSource.query(FILTERED_LEADS, [
        ...filterParams(q),
        term ? searchPattern(term) : null,
        q.limit,
        (page - 1) * q.limit,
      ]);
      picked = rows;
      total = rows[0]?.total ?? 0;
    } else {
      // the newest pages by the sources' time indexes (issue 27), not by aggregating whole tables
      picked = (await this.recentlyActive(page * q.limit)).slice((page - 1) * q.limit).map((id) => ({ lead_id: id }));
    }
    const ids = picked.map((r) => r.lead_id);
    total ??=
      q.leadId !== undefined
        ? ids.length
        : // every active lead has its creation as an activity: the feed lists each one once. The
          // active leads (not spam, not archived) are counted by the maintained counters
          // (lead_status_counts, kept by triggers), not by a scan of the table (issue 27).
          Number(
            (
              (await this.dataSource.query(`SELECT coalesce(sum(leads), 0)::int AS n FROM lead_status_counts`)) as {
                n: number;
              }[]
            )[0]?.n ?? 0,
          );
    const result = (activities: LeadActivity[]) => ({ activities, total: total ?? 0, page, pageSize: q.limit });
    if (!ids.length) return result([]);
    const [leads, items] = await Promise.all([
      this.dataSource.query(
        `SELECT id, first_name, last_name, email, phone, company, total_estimate_cents, status FROM leads WHERE id = ANY($1)`,
        [ids],
      ) as Promise<
        {
          id: number;
          first_name: string | null;
          last_name: string | null;
          email: string;
          phone: string | null;
          company: string | null;
          total_estimate_cents: string | null;
          status: LeadStatus;
        }[]
      >,
      this.items(ids, ACTIVITY_ITEMS_PER_LEAD, q),
    ]);
    const byLead = new Map<number, LeadActivityItem[]>();
    const lastContact = new Map<number, string>();
    for (const { leadId, item } of items) {
      (byLead.get(leadId) ?? byLead.set(leadId, []).get(leadId)!).push(item);
      if ((item.type === 'email' || item.type === 'sms' || item.type === 'call') && !lastContact.has(leadId))
        lastContact.set(leadId, item.timestamp);
    }
    const leadById = new Map(leads.map((l) => [l.id, l]));
    return result(
      ids.flatMap((id) => {
        const l = leadById.get(id);
        if (!l) return [];
        return [
          {
            id: l.id,
            leadId: l.id,
            firstName: l.first_name,
            lastName: l.last_name,
            email: l.email,
            phone: l.phone,
            company: l.company,
            totalEstimate: l.total_estimate_cents === null ? null : Math.round(Number(l.total_estimate_cents) / 100),
            pipelineStage: l.status,
            lastContact: lastContact.get(id) ?? null,
            activities: byLead.get(id) ?? [],
          },
        ];
      }),
    );
  }

  /**
   * The `limit` most recently active leads (last activity over every source), read from the top of
   * each source's time index; reads twice as many events again until the answer is exact.
   */
  private async recentlyActive(limit: number): Promise<number[]> {
    for (let perSource = Math.max(limit * EVENTS_PER_LEAD, 50); ; perSource *= 2) {
      const rows: EventRow[] = await this.dataSource.query(NEWEST_EVENTS, [perSource]);
      const picked = pickRecentlyActive(rows, perSource, limit);
      if (picked) return picked;
    }
  }

  /** GET /api/leads/{id}/activities: the lead's items, newest first. @throws 404. */
  async ofLead(leadId: number): Promise<LeadActivityItem[]> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM leads WHERE id = $1', [leadId]);
    if (!rows.length) throw new ApiError(404, ErrorCode.NotFound, `Lead ${leadId} not found`);
    return (await this.items([leadId], ACTIVITY_ITEMS_MAX)).map((r) => r.item);
  }

  private async items(
    leadIds: number[],
    perLead: number,
    filters: ActivityFilters = {},
  ): Promise<{ leadId: number; item: LeadActivityItem }[]> {
    const rows: ItemRow[] = await this.dataSource.query(ITEMS, [leadIds, perLead, ...filterParams(filters)]);
    return rows.map((r) => ({ leadId: r.lead_id, item: toItem(r) }));
  }
}

function toItem(r: ItemRow): LeadActivityItem {
  const base = { id: r.id, type: r.type, timestamp: new Date(r.ts).toISOString() };
  switch (r.type) {
    case 'email':
    case 'sms':
      return {
        ...base,
        channel: r.channel ?? r.type,
        status: r.status ?? undefined,
        template: r.template,
        subject: r.subject,
        content: r.content,
        error: r.error,
        providerMessageId: r.provider_message_id,
        triggeredBy: r.triggered_by,
        campaignId: r.campaign_id,
      };
    case 'call':
    case 'note':
      return { ...base, content: r.content, triggeredBy: r.triggered_by };
    case 'status_change':
      return {
        ...base,
        status: r.to_status ?? undefined,
        fromStatus: r.from_status,
        toStatus: r.to_status ?? undefined,
        content: `${r.from_status ?? '—'} → ${r.to_status}`,
        triggeredBy: r.triggered_by,
      };
    case 'payment':
      return {
        ...base,
        status: r.status ?? undefined,
        amountCents: r.amount_cents ?? undefined,
        providerMessageId: r.provider_message_id,
        error: r.error,
        content: `${r.content === 'consultation' ? 'Consultation deposit' : 'Deposit'} ${formatUsd(r.amount_cents ?? 0)} — ${r.status}`,
      };
    default:
      return { ...base, content: `Lead created (${LEAD_SOURCE_LABELS[r.content as LeadSource] ?? LEAD_SOURCE_LABELS.unknown})` };
  }
}
