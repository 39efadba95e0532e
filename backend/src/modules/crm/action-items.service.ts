import { Injectable, Logger } from '@nestjs/common';
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
 * change to its status otherwise: the column the database keeps, migration
 * ActionItemsStageSince) and `ratio` (hours in stage / due hours). An action is left out
 * when its effect is recorded since `stage_since` (an email / SMS staff sent to the lead that
 * reached the provider, status `sent`; a call note for a call) or when it is dismissed or
 * snoozed past `:now`. `extraWhere` narrows the leads (e.g. to one page's ids).
 */
export function openActionsCte(extraWhere = ''): string {
  const rule = `CASE ${SQL.conditions.map((c, i) => `WHEN ${c} THEN ${i}`).join(' ')} END`;
  return `
    WITH cand AS (
      SELECT l.id, l.created_at, ${rule} AS rule, l.stage_since
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

/** Per-lead rows and the totals over every open action (the counts' SQL, after `openActionsCte`). */
const PER_LEAD = `per_lead AS (SELECT id, max(ratio) AS score, max(created_at) AS lead_created_at FROM acts GROUP BY id)`;
const TOTALS = `totals AS (
    SELECT (SELECT count(*) FROM per_lead)::int AS leads, count(*)::int AS actions,
      ${ACTION_URGENCIES.map((u) => `count(*) FILTER (WHERE urgency = '${u}')::int AS "u_${u}"`).join(', ')},
      ${ACTION_CHANNELS.map((c) => `count(*) FILTER (WHERE channel = '${c}')::int AS "c_${c}"`).join(', ')},
      (SELECT count(*) FROM per_lead WHERE score >= 1)::int AS "l_high",
      (SELECT count(*) FROM per_lead WHERE score >= 0.5 AND score < 1)::int AS "l_medium",
      (SELECT count(*) FROM per_lead WHERE score < 0.5)::int AS "l_low"
    FROM acts)`;

/** The counts statement (TypeORM `:name` parameters of `actionItemsParams` and `:now`): one row of totals over every open action. */
export function actionItemsCountsSql(): string {
  return `${openActionsCte()} , ${PER_LEAD}, ${TOTALS} SELECT * FROM totals`;
}

/**
 * The stage-order read's candidates of rule `rule` of ACTION_RULES (TypeORM `:name` parameters:
 * those of `actionItemsParams`, `:now`, `:status`, `:batch`, and `:afterStage` / `:afterId` when
 * `after`): the next ones in (stage_since, id) order, by IDX_leads_action_stage, with their hours in stage.
 */
export function stageCandidatesSql(rule: number, after: boolean): string {
  const g = STAGE_GROUPS[rule]!;
  return `SELECT l.id, l.stage_since::text AS stage, EXTRACT(EPOCH FROM (CAST(:now AS timestamptz) - l.stage_since)) / 3600.0 AS hours
      FROM leads l
     WHERE l.status = :status AND l.spam_reason IS NULL AND l.archived_at IS NULL AND ${SQL.conditions[g.rule]}${g.range}
       ${after ? 'AND (l.stage_since, l.id) > (CAST(:afterStage AS timestamptz), :afterId)' : ''}
     ORDER BY l.stage_since, l.id LIMIT :batch`;
}

/**
 * Leads with a rule's status (the planner's estimate) above which the list is read in stage order
 * from IDX_leads_action_stage and the counts come from the cache (issue 27: an exact pass over
 * every open action costs seconds at a million leads); at or below it, one exact statement.
 */
export const ACTION_ITEMS_EXACT_MAX = 20_000;
/** Cached counts are fresh this long (ms of the `now` they were computed for). */
export const ACTION_COUNTS_FRESH_MS = 60_000;
/** Stale counts are still served (while a refresh runs) up to this age (ms); older ones are recomputed first. */
export const ACTION_COUNTS_STALE_MAX_MS = 10 * 60_000;
/** Candidates read per rule in the first round of the stage-order read (doubled each round). */
export const ACTION_STAGE_BATCH = 100;

/** How `list` reads: `exact` (one statement over every lead), `indexed` (stage order, cached counts), `auto` (by size). */
export type ActionItemsStrategy = 'auto' | 'exact' | 'indexed';

/** Options of `ActionItemsService.list`. */
export interface ActionItemsListOptions {
  /** Default `auto`. */
  strategy?: ActionItemsStrategy;
  /** Candidates per rule in the first round of the stage-order read (default max(ACTION_STAGE_BATCH, 2 × the page's end)). */
  stageBatch?: number;
}

/** A rule as the stage-order read scans it: its SQL condition, the index range, and its actions' due hours. */
interface StageGroup {
  rule: number;
  status: string;
  /** Extra condition on `l.stage_since` that keeps the scan inside the rule's range (`new`: stage_since = created_at). */
  range: string;
  dueHours: number[];
}
const STAGE_GROUPS: StageGroup[] = ACTION_RULES.map((rule, i) => ({
  rule: i,
  status: rule.status,
  range:
    rule.status === 'new' && rule.age === 'today'
      ? ` AND l.stage_since >= ${TODAY_START}`
      : rule.status === 'new' && rule.age === 'before_today'
        ? ` AND l.stage_since < ${TODAY_START}`
        : '',
  dueHours: rule.actions.map((a) => Number(a.dueHours)),
}));

/** An open-action row of the stage-order read, with the lead's creation in microseconds (the exact tie-break). */
type StageActRow = ActRow & { created_us: string };

/** One lead seen by the stage-order read: its score (max ratio), creation (µs) and open actions in rule order. */
interface SeenLead {
  id: number;
  score: number;
  createdUs: bigint;
  acts: StageActRow[];
}

/** The list's order: score desc, then created_at desc, then id desc. */
const byListOrder = (a: SeenLead, b: SeenLead): number =>
  b.score - a.score || (b.createdUs > a.createdUs ? 1 : b.createdUs < a.createdUs ? -1 : 0) || b.id - a.id;

/** Counts computed for a `now` (ms), kept by the service. */
interface CachedCounts {
  counts: ActionItemCounts;
  computedFor: number;
  today: string;
  /** A snooze, dismissal or reopen here since: refresh on the next read. */
  invalidated: boolean;
}

const EMPTY_TOTALS: Record<string, number> = {};

/** ActionItemCounts from a totals row. */
function toCounts(totals: Record<string, unknown> | undefined): ActionItemCounts {
  const t = totals ?? EMPTY_TOTALS;
  return {
    leads: Number(t.leads ?? 0),
    actions: Number(t.actions ?? 0),
    byLeadUrgency: Object.fromEntries(LEAD_URGENCIES.map((u) => [u, Number(t[`l_${u}`] ?? 0)])) as ActionItemCounts['byLeadUrgency'],
    byUrgency: Object.fromEntries(ACTION_URGENCIES.map((u) => [u, Number(t[`u_${u}`] ?? 0)])) as ActionItemCounts['byUrgency'],
    byChannel: Object.fromEntries(ACTION_CHANNELS.map((c) => [c, Number(t[`c_${c}`] ?? 0)])) as ActionItemCounts['byChannel'],
  };
}

/**
 * CRM Action Items over the whole leads table (staff-side.md §4; issue 22 point 2; issue 27
 * point 3). The candidate actions come from the contracts' ACTION_RULES (the table
 * `actionItemsFor` reads), with "today" = the company's calendar day in COMPANY_TIME_ZONE; an
 * action closes itself once its effect is recorded, and staff can snooze or dismiss it
 * (`action_item_states`).
 */
@Injectable()
export class ActionItemsService {
  private readonly logger = new Logger(ActionItemsService.name);
  private cachedCounts: CachedCounts | undefined;
  private refreshing: Promise<void> | undefined;
  /** Counts computations started / the latest started one whose result is cached. */
  private countsStarted = 0;
  private countsStored = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * One page of the leads that have open actions at `now`: most overdue first (`score` = hours in
   * stage / due hours of the most overdue open action), then youngest first (created_at desc, id
   * desc); each with its open actions in rule order. `total` and `counts` (leads, open actions,
   * per action urgency, per lead urgency, per channel) cover every lead, not only the page.
   *
   * Two ways, the same answer (`strategy`, by default by the planner's estimate of the leads with
   * a rule's status against ACTION_ITEMS_EXACT_MAX):
   * - `exact`: one statement; the open actions are worked out once (a materialised CTE) for the
   *   page, its actions and the counts, then the page's lead rows are read by id;
   * - `indexed` (large tables): the page is read per rule in stage order (IDX_leads_action_stage,
   *   oldest stage first = highest ratio for the rule's actions), in rounds, until no unread lead
   *   of any rule can score as high as the page's last one (a top-k threshold read: exact order);
   *   the counts come from the counts cache: fresh for ACTION_COUNTS_FRESH_MS, then served while
   *   a refresh runs up to ACTION_COUNTS_STALE_MAX_MS, else computed first; `countsAsOf` says when.
   * @throws nothing of its own; database errors propagate.
   */
  async list(
    q: ActionItemsQuery,
    now: Date = new Date(),
    { strategy = 'auto', stageBatch }: ActionItemsListOptions = {},
  ): Promise<ActionItemsResponse> {
    const params: Record<string, string> = { ...actionItemsParams(ACTION_RULES, now), now: now.toISOString() };
    const offset = (q.page - 1) * q.pageSize;
    const indexed = strategy === 'indexed' || (strategy === 'auto' && (await this.candidateEstimate(params)) > ACTION_ITEMS_EXACT_MAX);
    let counts: ActionItemCounts;
    let countsAsOf: string | undefined;
    let acts: ActRow[];
    if (indexed) {
      const [page, cached] = await Promise.all([this.stageOrderPage(params, offset, q.pageSize, stageBatch), this.counts(params, now)]);
      acts = page.flatMap((l) => l.acts);
      counts = cached.counts;
      countsAsOf = new Date(cached.computedFor).toISOString();
    } else {
      const rows = await this.run<PageRow>(
        params,
        `, ${PER_LEAD},
         page AS (
           SELECT id, row_number() OVER (ORDER BY score DESC, lead_created_at DESC, id DESC) AS pos FROM per_lead
           ORDER BY score DESC, lead_created_at DESC, id DESC OFFSET :offset LIMIT :limit),
         ${TOTALS}
       SELECT t.*, pa.* FROM totals t
       LEFT JOIN (SELECT p.pos, a.* FROM page p JOIN acts a ON a.id = p.id) pa ON true
       ORDER BY pa.pos, pa.ord`,
        { offset, limit: q.pageSize },
      );
      counts = toCounts(rows[0]);
      acts = rows.filter((r): r is PageRow & ActRow => r.id !== null);
    }
    const items = await this.toItems(acts);
    return {
      items,
      total: counts.leads,
      page: q.page,
      pageSize: q.pageSize,
      counts,
      ...(countsAsOf ? { countsAsOf } : {}),
      today: params.today!,
      timeZone: COMPANY_TIME_ZONE,
    };
  }

  /** Runs `openActionsCte(extraWhere)` followed by `sql` with the list's parameters and `extra`. */
  private run<T>(params: Record<string, string>, sql: string, extra: Record<string, unknown> = {}, extraWhere = ''): Promise<T[]> {
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(`${openActionsCte(extraWhere)} ${sql}`, {
      ...params,
      ...extra,
    });
    return this.dataSource.query(query, values);
  }

  /** The planner's estimate of the counted leads with a rule's status (EXPLAIN, no row read). */
  private async candidateEstimate(params: Record<string, string>): Promise<number> {
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM leads l WHERE ${SQL.hasActions} AND l.spam_reason IS NULL AND l.archived_at IS NULL`,
      params,
    );
    const [{ 'QUERY PLAN': plan }] = (await this.dataSource.query(query, values)) as {
      'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
    }[];
    return Math.round(plan[0].Plan['Plan Rows']);
  }

  /**
   * The leads at list positions offset … offset + limit − 1 (issue 27), read per rule in stage
   * order. Each round reads the next candidates of every rule that may still hold a lead scoring
   * at least the current k-th best (k = offset + limit), works out their open actions (the same
   * CTE, narrowed to their ids), and stops when no rule can: an unread lead of a rule entered its
   * stage no earlier than the last one read, so its score is at most that lead's hours in stage
   * divided by the rule's due hours. Rounds double their batch (`firstBatch`, by default
   * max(ACTION_STAGE_BATCH, 2k), first).
   */
  private async stageOrderPage(params: Record<string, string>, offset: number, limit: number, firstBatch?: number): Promise<SeenLead[]> {
    const k = offset + limit;
    const seen = new Map<number, SeenLead>();
    const groups = STAGE_GROUPS.map((g) => ({ ...g, afterStage: null as string | null, afterId: 0, done: false, bound: Infinity }));
    let batch = firstBatch ?? Math.max(ACTION_STAGE_BATCH, 2 * k);
    for (;;) {
      const ranked = [...seen.values()].sort(byListOrder);
      const kth = ranked.length >= k ? ranked[k - 1]!.score : -Infinity;
      const open = groups.filter((g) => !g.done && g.bound >= kth);
      if (open.length === 0) return ranked.slice(offset, k);
      const ids: number[] = [];
      for (const g of open) {
        const [query, values] = this.dataSource.driver.escapeQueryWithParameters(stageCandidatesSql(g.rule, g.afterStage !== null), {
          ...params,
          status: g.status,
          afterStage: g.afterStage,
          afterId: g.afterId,
          batch,
        });
        const rows = (await this.dataSource.query(query, values)) as { id: number; stage: string; hours: string }[];
        if (rows.length < batch) g.done = true;
        const last = rows[rows.length - 1];
        if (last) {
          g.afterStage = last.stage;
          g.afterId = Number(last.id);
          const hours = Number(last.hours);
          g.bound = Math.max(...g.dueHours.map((d) => hours / d));
          for (const r of rows) ids.push(Number(r.id));
        }
      }
      if (ids.length) {
        const rows = await this.run<StageActRow>(
          params,
          `SELECT a.*, (EXTRACT(EPOCH FROM a.created_at) * 1000000)::bigint::text AS created_us FROM acts a ORDER BY a.id, a.ord`,
          { ids },
          'AND l.id = ANY(:ids)',
        );
        for (const r of rows) {
          const id = Number(r.id);
          const lead = seen.get(id) ?? { id, score: -Infinity, createdUs: BigInt(r.created_us), acts: [] };
          lead.acts.push(r);
          lead.score = Math.max(lead.score, Number(r.ratio));
          seen.set(id, lead);
        }
      }
      batch *= 2;
    }
  }

  /**
   * The counts at `now` from the cache (see `list`); computes them first when there are none for
   * today or they are older than ACTION_COUNTS_STALE_MAX_MS, else refreshes them in the
   * background when stale (one refresh at a time).
   */
  private async counts(params: Record<string, string>, now: Date): Promise<CachedCounts> {
    const c = this.cachedCounts;
    const age = c ? Math.abs(now.getTime() - c.computedFor) : Infinity;
    if (c && c.today === params.today && age <= ACTION_COUNTS_STALE_MAX_MS) {
      if ((c.invalidated || age > ACTION_COUNTS_FRESH_MS) && !this.refreshing) {
        this.refreshing = this.computeCounts(params, now)
          .then(
            () => undefined,
            (err: Error) => this.logger.warn(`action item counts refresh failed (the cached ones stay): ${err.message}`),
          )
          .finally(() => (this.refreshing = undefined));
      }
      return c;
    }
    return this.computeCounts(params, now);
  }

  /** Computes the counts at `now` and caches them, unless a computation started later has already stored its own. */
  private async computeCounts(params: Record<string, string>, now: Date): Promise<CachedCounts> {
    const started = ++this.countsStarted;
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(actionItemsCountsSql(), params);
    const [totals] = (await this.dataSource.query(query, values)) as Record<string, unknown>[];
    const fresh: CachedCounts = { counts: toCounts(totals), computedFor: now.getTime(), today: params.today!, invalidated: false };
    if (started > this.countsStored) {
      this.countsStored = started;
      this.cachedCounts = fresh;
    }
    return fresh;
  }

  /** The list's items from the page's open-action rows (in page order, then rule order), with their lead records. */
  private async toItems(acts: readonly ActRow[]): Promise<LeadActionItems[]> {
    const ids = [...new Set(acts.map((r) => Number(r.id)))];
    const records = ids.length ? await this.dataSource.getRepository(LeadRecord).findBy({ id: In(ids) }) : [];
    const byId = new Map(records.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
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
    if (this.cachedCounts) this.cachedCounts.invalidated = true;
  }

  private async store(
    ref: ActionItemRef,
    state: { snoozedUntil: Date | null; dismissedAt: Date | null },
    action: string,
    user: SessionUser | undefined,
  ): Promise<ActionItemState> {
    const stored = await this.dataSource.transaction(async (m) => {
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
    if (this.cachedCounts) this.cachedCounts.invalidated = true;
    return stored;
  }

  private async requireLead(repo: { exists(o: { where: { id: number } }): Promise<boolean> }, id: number): Promise<void> {
    if (!(await repo.exists({ where: { id } }))) throw new ApiError(404, ErrorCode.NotFound, `Lead ${id} not found`);
  }
}
