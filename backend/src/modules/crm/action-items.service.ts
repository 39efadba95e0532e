import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  ACTION_CHANNELS,
  ACTION_RULES,
  ACTION_URGENCIES,
  actionItemsFor,
  COMPANY_TIME_ZONE,
  companyDate,
  topUrgency,
  type ActionItemCounts,
  type ActionItemsQuery,
  type ActionItemsResponse,
  type ActionRule,
  type LeadActionItems,
} from '@ironclad/contracts';
import { LeadRecord, toLead } from '../leads/index.js';

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

/**
 * CRM Action Items over the whole leads table (staff-side.md §4). The SQL is generated from the
 * contracts' ACTION_RULES (the same table `actionItemsFor` reads), with "today" = the company's
 * calendar day in COMPANY_TIME_ZONE.
 */
@Injectable()
export class ActionItemsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One page of the leads that have suggested actions at `now`: most urgent first, then youngest
   * first (created_at desc, id desc); each with its actions in rule order. `total` and `counts`
   * (leads, actions, per urgency, per channel) cover every lead, not only the page.
   */
  async list(q: ActionItemsQuery, now: Date = new Date()): Promise<ActionItemsResponse> {
    const params = actionItemsParams(ACTION_RULES, now);
    const base = (): SelectQueryBuilder<LeadRecord> =>
      this.dataSource
        .getRepository(LeadRecord)
        .createQueryBuilder('l')
        .where(SQL.hasActions)
        .andWhere('l.spam_reason IS NULL')
        .setParameters(params);

    // The page is chosen on narrow tuples (id, rank, created_at), then its rows are loaded by
    // primary key: sorting ~20,000 whole rows for a deep page costs several times more.
    const [pageIds, perRule] = await Promise.all([
      orderByUrgencyThenAge(base().select('l.id', 'id'), SQL)
        .offset((q.page - 1) * q.pageSize)
        .limit(q.pageSize)
        .getRawMany<{ id: number }>(),
      base()
        .select(SQL.conditions.map((c, i) => `count(*) FILTER (WHERE ${c})::int AS "r${i}"`).join(', '))
        .getRawOne<Record<string, number>>(),
    ]);
    const ids = pageIds.map((r) => Number(r.id));
    const byId = new Map((ids.length ? await this.dataSource.getRepository(LeadRecord).findBy({ id: In(ids) }) : []).map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is LeadRecord => r !== undefined);

    const counts: ActionItemCounts = {
      leads: 0,
      actions: 0,
      byUrgency: Object.fromEntries(ACTION_URGENCIES.map((u) => [u, 0])) as ActionItemCounts['byUrgency'],
      byChannel: Object.fromEntries(ACTION_CHANNELS.map((c) => [c, 0])) as ActionItemCounts['byChannel'],
    };
    ACTION_RULES.forEach((rule, i) => {
      const n = Number(perRule?.[`r${i}`] ?? 0);
      counts.leads += n;
      counts.actions += n * rule.actions.length;
      for (const a of rule.actions) {
        counts.byUrgency[a.urgency] += n;
        counts.byChannel[a.channel] += n;
      }
    });

    const items: LeadActionItems[] = rows.map((r) => {
      const lead = toLead(r);
      const actions = actionItemsFor(lead, now);
      return { lead, urgency: topUrgency(actions)!, actions };
    });
    return { items, total: counts.leads, page: q.page, pageSize: q.pageSize, counts, today: params.today!, timeZone: COMPANY_TIME_ZONE };
  }
}
