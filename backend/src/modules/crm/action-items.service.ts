import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  ACTION_CHANNELS,
  ACTION_RULES,
  ACTION_URGENCIES,
  COMPANY_TIME_ZONE,
  companyDate,
  ErrorCode,
  LEAD_URGENCIES,
  topUrgency,
  urgencyOfRatio,
  type ActionItemCounts,
  type ActionItemRef,
  type ActionItemState,
  type ActionItemsQuery,
  type ActionItemsResponse,
  type ActionKey,
  type ActionRule,
  type LeadActionItems,
  type OpenActionItem,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { LeadRecord, toLead } from '../leads/index.js';
import { AuditLogService } from '../staff/index.js';
import { ActionItemStateRecord } from './action-item-state.entity.js';

/** Start of the company's "today" as a timestamptz, from the :today date and the :tz zone. */
const TODAY_START = 'CAST(:today AS date)::timestamp AT TIME ZONE :tz';

/**
 * The SQL of a rule table (ACTION_RULES in production), over the alias `l` of leads, with the
 * parameters of `actionItemsParams`: each rule's condition (its status and, if any, its age),
 * `hasActions` (any rule matches) and `urgencyRank` (the index in ACTION_URGENCIES of the matching
 * rule's most urgent action), or null when every rule has the same rank, so the list is ordered
 * by age alone and can be read in created_at index order.
 */
export function actionItemsSql(rules: readonly ActionRule[]): { conditions: string[]; hasActions: string; urgencyRank: string | null } {
  const conditions = rules.map((rule, i) => {
    const when =
      rule.age === 'today'
        ? ` AND l.created_at >= ${TODAY_START}`
        : rule.age === 'before_today'
          ? ` AND l.created_at < ${TODAY_START}`
          : '';
    return `(l.status = :rule${i}${when})`;
  });
  const ranks = rules.map((rule) => ACTION_URGENCIES.indexOf(topUrgency(rule.actions)!));
  return {
    conditions,
    hasActions: `(${conditions.join(' OR ')})`,
    urgencyRank: new Set(ranks).size > 1 ? `CASE ${conditions.map((c, i) => `WHEN ${c} THEN ${ranks[i]}`).join(' ')} END` : null,
  };
}

/** The parameters of `actionItemsSql(rules)` at `now` ("today" in COMPANY_TIME_ZONE). */
export function actionItemsParams(rules: readonly ActionRule[], now: Date): Record<string, string> {
  return { today: companyDate(now), tz: COMPANY_TIME_ZONE, ...Object.fromEntries(rules.map((r, i) => [`rule${i}`, r.status])) };
}

/** Orders a leads query (alias `l`) most urgent first (when ranks differ), then newest first. */
export function orderByUrgencyThenAge<T extends SelectQueryBuilder<LeadRecord>>(qb: T, sql: ReturnType<typeof actionItemsSql>): T {
  (sql.urgencyRank ? qb.orderBy(sql.urgencyRank, 'ASC').addOrderBy('l.created_at', 'DESC') : qb.orderBy('l.created_at', 'DESC')).addOrderBy(
    'l.id',
    'DESC',
  );
  return qb;
}

const SQL = actionItemsSql(ACTION_RULES);

/** The rule actions as an SQL VALUES list: (rule index, order, key, channel, urgency, due hours). */
const ACTION_VALUES = ACTION_RULES.flatMap((rule, r) =>
  rule.actions.map((a, i) => {
    if (![a.key, a.channel, a.urgency].every((v) => /^[a-z_]+$/.test(v))) throw new Error(`bad action ${a.key}`);
    return `(${r}, ${i}, '${a.key}', '${a.channel}', '${a.urgency}', ${Number(a.dueHours)})`;
  }),
).join(', ');

/**
 * The open actions of the leads that match a rule (alias-free SQL over `leads`), with `:now`:
 * one row per lead and open action with the lead's `stage_since` (created, for `new`; its last
 * change to its status otherwise) and `ratio` (hours in stage / due hours). An action is left out
 * when its effect is recorded since `stage_since` (an email / SMS staff sent to the lead that
 * reached the provider, status `sent`; a call note for a call) or when it is dismissed or
 * snoozed past `:now`. `extraWhere` narrows the leads (e.g. to one page's ids).
 */
export function openActionsCte(extraWhere = ''): string {
  const rule = `CASE ${SQL.conditions.map((c, i) => `WHEN ${c} THEN ${i}`).join(' ')} END`;
  return `
    WITH cand AS (
      SELECT l.id, l.created_at, ${rule} AS rule,
        CASE WHEN l.status = 'new' THEN l.created_at
          ELSE COALESCE((SELECT max(s.created_at) FROM lead_status_changes s WHERE s.lead_id = l.id AND s.to_status = l.status), l.created_at)
        END AS stage_since
      FROM leads l
      WHERE ${SQL.hasActions} AND l.spam_reason IS NULL AND l.archived_at IS NULL ${extraWhere}
    ),
    acts AS (
      SELECT c.id, c.created_at, c.stage_since, a.ord, a.key, a.channel, a.urgency, a.due_hours,
        EXTRACT(EPOCH FROM (CAST(:now AS timestamptz) - c.stage_since)) / 3600.0 / a.due_hours AS ratio
      FROM cand c
      JOIN (VALUES ${ACTION_VALUES}) AS a(rule, ord, key, channel, urgency, due_hours) ON a.rule = c.rule
      WHERE NOT (
        (a.channel IN ('email', 'sms') AND EXISTS (
          SELECT 1 FROM outbound_messages om
          WHERE om.lead_id = c.id AND om.channel = a.channel AND om.status = 'sent'
            AND om.kind IN ('transactional', 'marketing') AND NOT om.visitor_addressed
            AND om.triggered_by <> 'system' AND om.created_at >= c.stage_since))
        OR (a.channel = 'call' AND EXISTS (
          SELECT 1 FROM call_notes cn WHERE cn.lead_id = c.id AND cn.created_at >= c.stage_since))
      )
      AND NOT EXISTS (
        SELECT 1 FROM action_item_states st
        WHERE st.lead_id = c.id AND st.action_key = a.key
          AND (st.dismissed_at IS NOT NULL OR st.snoozed_until > CAST(:now AS timestamptz)))
    )`;
}

interface ActRow {
  id: number;
  stage_since: Date;
  ord: number;
  key: ActionKey;
  channel: OpenActionItem['channel'];
  urgency: OpenActionItem['urgency'];
  due_hours: number;
  ratio: number;
}

/** A row of the list query: the totals, and (unless the page is empty) one open action of a page's lead at page position `pos`. */
type PageRow = Record<string, number> & { [K in keyof ActRow]: ActRow[K] | null } & { pos: number | null };

const toState = (r: ActionItemStateRecord): ActionItemState => ({
  leadId: r.leadId,
  key: r.actionKey,
  snoozedUntil: r.snoozedUntil?.toISOString() ?? null,
  dismissedAt: r.dismissedAt?.toISOString() ?? null,
  updatedBy: r.updatedBy,
});

/**
 * CRM Action Items over the whole leads table (staff-side.md §4; issue 22 point 2). The candidate
 * actions come from the contracts' ACTION_RULES (the table `actionItemsFor` reads), with "today"
 * = the company's calendar day in COMPANY_TIME_ZONE; an action closes itself once its effect is
 * recorded, and staff can snooze or dismiss it (`action_item_states`).
 */
@Injectable()
export class ActionItemsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * One page of the leads that have open actions at `now`: most overdue first (`score` = hours in
   * stage / due hours of the most overdue open action), then youngest first (created_at desc, id
   * desc); each with its open actions in rule order. `total` and `counts` (leads, open actions,
   * per action urgency, per lead urgency, per channel) cover every lead, not only the page.
   * One statement: the open actions are worked out once (a materialised CTE) for the page, its
   * actions and the counts, then the page's lead rows are read by id.
   */
  async list(q: ActionItemsQuery, now: Date = new Date()): Promise<ActionItemsResponse> {
    const params: Record<string, string> = { ...actionItemsParams(ACTION_RULES, now), now: now.toISOString() };
    const run = <T>(sql: string, extra: Record<string, unknown> = {}): Promise<T[]> => {
      const [query, values] = this.dataSource.driver.escapeQueryWithParameters(`${openActionsCte()} ${sql}`, {
        ...params,
        ...extra,
      });
      return this.dataSource.query(query, values);
    };
    const rows = await run<PageRow>(
      `, per_lead AS (SELECT id, max(ratio) AS score, max(created_at) AS lead_created_at FROM acts GROUP BY id),
         page AS (
           SELECT id, row_number() OVER (ORDER BY score DESC, lead_created_at DESC, id DESC) AS pos FROM per_lead
           ORDER BY score DESC, lead_created_at DESC, id DESC OFFSET :offset LIMIT :limit),
         totals AS (
           SELECT (SELECT count(*) FROM per_lead)::int AS leads, count(*)::int AS actions,
             ${ACTION_URGENCIES.map((u) => `count(*) FILTER (WHERE urgency = '${u}')::int AS "u_${u}"`).join(', ')},
             ${ACTION_CHANNELS.map((c) => `count(*) FILTER (WHERE channel = '${c}')::int AS "c_${c}"`).join(', ')},
             (SELECT count(*) FROM per_lead WHERE score >= 1)::int AS "l_high",
             (SELECT count(*) FROM per_lead WHERE score >= 0.5 AND score < 1)::int AS "l_medium",
             (SELECT count(*) FROM per_lead WHERE score < 0.5)::int AS "l_low"
           FROM acts)
       SELECT t.*, pa.* FROM totals t
       LEFT JOIN (SELECT p.pos, a.* FROM page p JOIN acts a ON a.id = p.id) pa ON true
       ORDER BY pa.pos, pa.ord`,
      { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
    );
    const totals = rows[0];
    const acts = rows.filter((r): r is PageRow & ActRow => r.id !== null);
    const ids = [...new Set(acts.map((r) => Number(r.id)))];
    const records = ids.length ? await this.dataSource.getRepository(LeadRecord).findBy({ id: In(ids) }) : [];
    const byId = new Map(records.map((r) => [r.id, r]));

    const counts: ActionItemCounts = {
      leads: Number(totals?.leads ?? 0),
      actions: Number(totals?.actions ?? 0),
      byLeadUrgency: Object.fromEntries(
        LEAD_URGENCIES.map((u) => [u, Number(totals?.[`l_${u}`] ?? 0)]),
      ) as ActionItemCounts['byLeadUrgency'],
      byUrgency: Object.fromEntries(ACTION_URGENCIES.map((u) => [u, Number(totals?.[`u_${u}`] ?? 0)])) as ActionItemCounts['byUrgency'],
      byChannel: Object.fromEntries(ACTION_CHANNELS.map((c) => [c, Number(totals?.[`c_${c}`] ?? 0)])) as ActionItemCounts['byChannel'],
    };

    const items: LeadActionItems[] = ids.flatMap((id) => {
      const record = byId.get(id);
      const mine = acts.filter((a) => Number(a.id) === id);
      if (!record || !mine.length) return [];
      const stageSince = new Date(mine[0]!.stage_since);
      const actions: OpenActionItem[] = mine.map((a) => ({
        key: a.key,
        channel: a.channel,
        urgency: a.urgency,
        title: ACTION_RULES.flatMap((r) => r.actions).find((x) => x.key === a.key)!.title,
        dueAt: new Date(stageSince.getTime() + Number(a.due_hours) * 3_600_000).toISOString(),
        overdue: Number(a.ratio) >= 1,
      }));
      const score = Math.max(...mine.map((a) => Number(a.ratio)));
      return [{ lead: toLead(record), urgency: urgencyOfRatio(score), score, stageSince: stageSince.toISOString(), actions }];
    });
    return { items, total: counts.leads, page: q.page, pageSize: q.pageSize, counts, today: params.today!, timeZone: COMPANY_TIME_ZONE };
  }

  /**
   * Snoozes one action of a lead until `until` (stored; the action leaves the list until then).
   * @throws 404 NOT_FOUND for an unknown lead; 400 VALIDATION_FAILED for a past `until` or one more than 90 days ahead.
   */
  async snooze(ref: ActionItemRef, until: Date, user: SessionUser | undefined, now: Date = new Date()): Promise<ActionItemState> {
    if (until.getTime() <= now.getTime() || until.getTime() > now.getTime() + 90 * 86_400_000) {
      throw new ApiError(400, ErrorCode.ValidationFailed, 'Invalid input: until', {
        fieldErrors: { until: ['Must be in the future and at most 90 days ahead.'] },
      });
    }
    return this.store(ref, { snoozedUntil: until, dismissedAt: null }, 'action_item.snoozed', user);
  }

  /** Dismisses one action of a lead for good (stored). @throws 404 NOT_FOUND for an unknown lead. */
  dismiss(ref: ActionItemRef, user: SessionUser | undefined): Promise<ActionItemState> {
    return this.store(ref, { snoozedUntil: null, dismissedAt: new Date() }, 'action_item.dismissed', user);
  }

  /** Puts a snoozed or dismissed action back on the list. @throws 404 NOT_FOUND for an unknown lead. */
  async reopen(ref: ActionItemRef, user: SessionUser | undefined): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.requireLead(m.getRepository(LeadRecord), ref.leadId);
      await m.delete(ActionItemStateRecord, { leadId: ref.leadId, actionKey: ref.key });
      await this.audit.record(m, user, 'action_item.reopened', 'lead', ref.leadId, { key: ref.key });
    });
  }

  private async store(
    ref: ActionItemRef,
    state: { snoozedUntil: Date | null; dismissedAt: Date | null },
    action: string,
    user: SessionUser | undefined,
  ): Promise<ActionItemState> {
    return this.dataSource.transaction(async (m) => {
      await this.requireLead(m.getRepository(LeadRecord), ref.leadId);
      await m
        .createQueryBuilder()
        .insert()
        .into(ActionItemStateRecord)
        .values({ leadId: ref.leadId, actionKey: ref.key, ...state, updatedBy: user?.email ?? null })
        .orUpdate(['snoozed_until', 'dismissed_at', 'updated_by', 'updated_at'], ['lead_id', 'action_key'])
        .execute();
      await this.audit.record(m, user, action, 'lead', ref.leadId, {
        key: ref.key,
        ...(state.snoozedUntil ? { until: state.snoozedUntil.toISOString() } : {}),
      });
      return toState(await m.getRepository(ActionItemStateRecord).findOneByOrFail({ leadId: ref.leadId, actionKey: ref.key }));
    });
  }

  private async requireLead(repo: { exists(o: { where: { id: number } }): Promise<boolean> }, id: number): Promise<void> {
    if (!(await repo.exists({ where: { id } }))) throw new ApiError(404, ErrorCode.NotFound, `Lead ${id} not found`);
  }
}
