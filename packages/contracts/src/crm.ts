/**
 * CRM action items (staff-side.md §4): suggested follow-ups per lead, by status and age.
 * - new, created today: high email "Send welcome email" and medium SMS "Send follow-up SMS";
 * - new, at least 1 day old: high call "Schedule consultation call";
 * - contacted: medium email "Send proposal follow-up" and high call "Schedule site visit";
 * - qualified: high email "Send detailed proposal";
 * - other statuses: none (such leads are hidden from the list).
 *
 * ONE source of truth: `ACTION_RULES` is the table of these rules. The browser-free function
 * `actionItemsFor` reads it, and the API builds its SQL (filter, urgency order and counts over
 * the whole leads table, GET /api/crm/action-items in http/crm.ts) from the same table.
 *
 * "Today" is a calendar day in the company's time zone (`COMPANY_TIME_ZONE`, New York): a lead
 * created at 11:30 pm New York time is a day old at 12:01 am, wherever the server or the browser
 * runs. "At least 1 day old" = created before today's midnight in that zone.
 */
import type { ActionItem } from './http/crm.js';
import type { LeadStatus } from './lead.js';

/** The company's time zone (NYC installer): the calendar of "today" in the CRM. */
export const COMPANY_TIME_ZONE = 'America/New_York';

export const ACTION_CHANNELS = ['email', 'sms', 'call'] as const;
export type ActionChannel = (typeof ACTION_CHANNELS)[number];
/** Urgencies, most urgent first. */
export const ACTION_URGENCIES = ['high', 'medium'] as const;
export type ActionUrgency = (typeof ACTION_URGENCIES)[number];

/** Which leads of a status a rule covers: created today, created before today, or any. */
export type ActionRuleAge = 'today' | 'before_today' | 'any';

/** Stable names of the §4 actions (what snoozes and dismissals are stored under). */
export const ACTION_KEYS = [
  'welcome_email',
  'follow_up_sms',
  'consultation_call',
  'proposal_follow_up',
  'site_visit',
  'detailed_proposal',
] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/**
 * One action of a rule: the §4 item plus its `key` and `dueHours`, the hours after the lead
 * entered its stage (created, for `new`; its last change to the status otherwise) within which
 * it should be done. An action is DONE once its effect is recorded after that moment: an email /
 * SMS sent to the lead by staff (status `sent`), or a call note logged.
 */
export interface RuleAction extends ActionItem {
  key: ActionKey;
  dueHours: number;
}
/** A rule: a status, an age, and its actions (`RuleAction`s in ACTION_RULES). */
export interface ActionRule<A extends ActionItem = ActionItem> {
  status: LeadStatus;
  age: ActionRuleAge;
  actions: readonly A[];
}

/**
 * A lead's urgency in the Action Items list, from its most overdue open action: `high` once an
 * action is past due, `medium` past half its time, `low` before. The list sorts by how far past
 * due (age in stage / due hours), so a week-old untouched lead comes before this morning's.
 */
export const LEAD_URGENCIES = ['high', 'medium', 'low'] as const;
export type LeadUrgency = (typeof LEAD_URGENCIES)[number];

/** The lead urgency of an overdue ratio (hours in stage / due hours). */
export function urgencyOfRatio(ratio: number): LeadUrgency {
  return ratio >= 1 ? 'high' : ratio >= 0.5 ? 'medium' : 'low';
}

/** The §4 rules, in the order their actions are listed. A lead matches at most one rule. */
export const ACTION_RULES: readonly ActionRule<RuleAction>[] = [
  {
    status: 'new',
    age: 'today',
    actions: [
      { key: 'welcome_email', channel: 'email', urgency: 'high', title: 'Send welcome email', dueHours: 1 },
      { key: 'follow_up_sms', channel: 'sms', urgency: 'medium', title: 'Send follow-up SMS', dueHours: 4 },
    ],
  },
  {
    status: 'new',
    age: 'before_today',
    actions: [{ key: 'consultation_call', channel: 'call', urgency: 'high', title: 'Schedule consultation call', dueHours: 24 }],
  },
  {
    status: 'contacted',
    age: 'any',
    actions: [
      { key: 'proposal_follow_up', channel: 'email', urgency: 'medium', title: 'Send proposal follow-up', dueHours: 72 },
      { key: 'site_visit', channel: 'call', urgency: 'high', title: 'Schedule site visit', dueHours: 24 },
    ],
  },
  {
    status: 'qualified',
    age: 'any',
    actions: [{ key: 'detailed_proposal', channel: 'email', urgency: 'high', title: 'Send detailed proposal', dueHours: 48 }],
  },
];

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date (`YYYY-MM-DD`) of an instant in `timeZone` (default the company's).
 * @throws RangeError for an invalid date.
 */
export function companyDate(at: Date | string, timeZone: string = COMPANY_TIME_ZONE): string {
  let fmt = dayFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, fmt);
  }
  const parts = Object.fromEntries(fmt.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** True when `createdAt` falls on `now`'s company calendar day (or later, for a clock ahead). */
export function isCreatedToday(createdAt: Date | string, now: Date = new Date()): boolean {
  return companyDate(createdAt) >= companyDate(now);
}

/** The rule that applies to a lead at `now`, if any. */
export function actionRuleFor(
  lead: { status: LeadStatus; createdAt: Date | string },
  now: Date = new Date(),
): ActionRule<RuleAction> | undefined {
  return ACTION_RULES.find(
    (r) => r.status === lead.status && (r.age === 'any' || (r.age === 'today') === isCreatedToday(lead.createdAt, now)),
  );
}

/** The suggested actions of one lead at `now` (empty when none applies). */
export function actionItemsFor(lead: { status: LeadStatus; createdAt: Date | string }, now: Date = new Date()): ActionItem[] {
  return (actionRuleFor(lead, now)?.actions ?? []).map(({ channel, urgency, title }) => ({ channel, urgency, title }));
}

/** The most urgent urgency among `actions` (a lead's place in the Action Items list). */
export function topUrgency(actions: readonly ActionItem[]): ActionUrgency | undefined {
  return ACTION_URGENCIES.find((u) => actions.some((a) => a.urgency === u));
}
