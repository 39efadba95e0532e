/**
 * CRM action items (staff-side.md §4): suggested follow-ups per lead, by status and age.
 * - new, created today: high email "Send welcome email" and medium SMS "Send follow-up SMS";
 * - new, at least 1 day old: high call "Schedule consultation call";
 * - contacted: medium email "Send proposal follow-up" and high call "Schedule site visit";
 * - qualified: high email "Send detailed proposal";
 * - other statuses: none.
 */
import type { LeadStatus } from './lead.js';

export type ActionChannel = 'email' | 'sms' | 'call';
export type ActionUrgency = 'high' | 'medium';
export interface ActionItem {
  channel: ActionChannel;
  urgency: ActionUrgency;
  title: string;
}

const DAY_MS = 86_400_000;

/** The suggested actions of one lead at `now`. "Today" = less than one day old. */
export function actionItemsFor(lead: { status: LeadStatus; createdAt: string }, now: Date = new Date()): ActionItem[] {
  const ageMs = now.getTime() - new Date(lead.createdAt).getTime();
  switch (lead.status) {
    case 'new':
      return ageMs < DAY_MS
        ? [{ channel: 'email', urgency: 'high', title: 'Send welcome email' }, { channel: 'sms', urgency: 'medium', title: 'Send follow-up SMS' }]
        : [{ channel: 'call', urgency: 'high', title: 'Schedule consultation call' }];
    case 'contacted':
      return [{ channel: 'email', urgency: 'medium', title: 'Send proposal follow-up' }, { channel: 'call', urgency: 'high', title: 'Schedule site visit' }];
    case 'qualified':
      return [{ channel: 'email', urgency: 'high', title: 'Send detailed proposal' }];
    default:
      return [];
  }
}
