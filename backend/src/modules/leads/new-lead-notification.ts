/**
 * The staff "new lead" notification email. Plain text: values are the visitor's own words, so
 * nothing is interpreted as markup.
 */
import { compactLines, labelledLine, type RenderedEmail } from '../messaging/index.js';
import type { LeadRecord } from './lead.entity.js';

/** Notification for a new lead (wizard, calculator or other source). `adminUrl`: the staff dashboard. */
export function renderNewLeadNotification(l: LeadRecord, adminUrl: string): RenderedEmail {
  const name = [l.firstName, l.lastName].filter(Boolean).join(' ') || l.email;
  const estimate = l.totalEstimateCents === null ? null : `$${Math.round(l.totalEstimateCents / 100).toLocaleString('en-US')}`;
  return {
    template: 'staff_new_lead',
    subject: `New lead (${l.source}): ${name}${estimate ? ` — ${estimate}` : ''}`,
    text: compactLines([
      `A new lead arrived from ${l.source}.`,
      '',
      labelledLine('Name', name),
      labelledLine('Email', l.email),
      labelledLine('Phone', l.phone),
      labelledLine('Company', l.company),
      labelledLine('Building type', l.buildingInfo.type),
      labelledLine('Square footage', l.buildingInfo.squareFootage),
      labelledLine('Budget', l.budget),
      labelledLine('Timeline', l.timeline),
      labelledLine('Additional features', l.additionalFeatures.length ? l.additionalFeatures : null),
      labelledLine('Estimate', estimate),
      labelledLine('Received', l.createdAt.toISOString()),
      '',
      `Open the leads tab: ${adminUrl}`,
    ]),
  };
}
