import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  ACTION_CHANNELS, ACTION_RULES, ACTION_URGENCIES, actionItemsFor, COMPANY_TIME_ZONE, companyDate, topUrgency,
  type ActionItemCounts, type ActionItemsQuery, type ActionItemsResponse, type LeadActionItems,
} from '@ironclad/contracts';
import { LeadRecord } from '../leads/lead.entity.js';
import { toLead } from '../leads/leads.service.js';

/** Start of the company's "today" as a timestamptz, from the :today date and the :tz zone. */
const TODAY_START = 'CAST(:today AS date)::timestamp AT TIME ZONE :tz';

/** SQL condition of rule `i` of ACTION_RULES (its status and, if any, its age). */
const ruleCondition = (i: number) => {
  const age = ACTION_RULES[i]!.age;
  const when = age === 'today' ? ` AND l.created_at >= ${TODAY_START}` : age === 'before_today' ? ` AND l.created_at < ${TODAY_START}` : '';
  return `(l.status = :rule${i}${when})`;
};
const RULE_CONDITIONS = ACTION_RULES.map((_, i) => ruleCondition(i));
/** A lead has actions when any rule matches it. */
const HAS_ACTIONS = `(${RULE_CONDITIONS.join(' OR ')})`;
/** The lead's urgency rank (index in ACTION_URGENCIES of its rule's most urgent action). */
const URGENCY_RANK = `CASE ${RULE_CONDITIONS.map((c, i) => `WHEN ${c} THEN ${ACTION_URGENCIES.indexOf(topUrgency(ACTION_RULES[i]!.actions)!)}`).join(' ')} END`;

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
    const today = companyDate(now);
    const params: Record<string, string> = { today, tz: COMPANY_TIME_ZONE, ...Object.fromEntries(ACTION_RULES.map((r, i) => [`rule${i}`, r.status])) };
    const base = (): SelectQueryBuilder<LeadRecord> => this.dataSource.getRepository(LeadRecord).createQueryBuilder('l').where(HAS_ACTIONS).setParameters(params);

    // The page is chosen on narrow tuples (id, rank, created_at), then its rows are loaded by
    // primary key: sorting ~20,000 whole rows for a deep page costs several times more.
    const [pageIds, perRule] = await Promise.all([
      base()
        .select('l.id', 'id')
        .orderBy(URGENCY_RANK, 'ASC')
        .addOrderBy('l.created_at', 'DESC')
        .addOrderBy('l.id', 'DESC')
        .offset((q.page - 1) * q.pageSize)
        .limit(q.pageSize)
        .getRawMany<{ id: number }>(),
      base()
        .select(RULE_CONDITIONS.map((c, i) => `count(*) FILTER (WHERE ${c})::int AS "r${i}"`).join(', '))
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
    return { items, total: counts.leads, page: q.page, pageSize: q.pageSize, counts, today, timeZone: COMPANY_TIME_ZONE };
  }
}
