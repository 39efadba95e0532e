/**
 * The staff "new lead" / "new contact" notification emails (issue 2 item 5). Plain text: values
 * are the visitor's own words, so nothing is interpreted as markup.
 */
import type { ContactRecord } from '../contacts/contact.entity.js';
import type { LeadRecord } from '../leads/lead.entity.js';

export interface RenderedEmail {
  template: string;
  subject: string;
  text: string;
}

const line = (label: string, value: unknown) =>
  value === null || value === undefined || value === '' ? null : `${label}: ${Array.isArray(value) ? value.join(', ') : String(value)}`;

const compact = (lines: (string | null)[]) => lines.filter((l): l is string => l !== null).join('\n');

/** Notification for a new contact-form submission. */
export function renderNewContactNotification(c: ContactRecord, adminUrl: string): RenderedEmail {
  return {
    template: 'staff_new_contact',
    subject: `New contact: ${c.firstName} ${c.lastName} (${c.propertyType})`,
    text: compact([
      'A visitor sent the contact form.',
      '',
      line('Name', `${c.firstName} ${c.lastName}`),
      line('Email', c.email),
      line('Phone', c.phone),
      line('Property type', c.propertyType),
      line('Service page', c.serviceType),
      line('Services', c.services.length ? c.services : null),
      line('Heard of us via', c.referralSource),
      line('Message', c.message),
      line('Received', c.createdAt.toISOString()),
      '',
      `Open the contacts tab: ${adminUrl}`,
    ]),
  };
}

/** Notification for a new lead (wizard, calculator or other source). */
export function renderNewLeadNotification(l: LeadRecord, adminUrl: string): RenderedEmail {
  const name = [l.firstName, l.lastName].filter(Boolean).join(' ') || l.email;
  const estimate = l.totalEstimateCents === null ? null : `$${Math.round(l.totalEstimateCents / 100).toLocaleString('en-US')}`;
  return {
    template: 'staff_new_lead',
    subject: `New lead (${l.source}): ${name}${estimate ? ` — ${estimate}` : ''}`,
    text: compact([
      `A new lead arrived from ${l.source}.`,
      '',
      line('Name', name),
      line('Email', l.email),
      line('Phone', l.phone),
      line('Company', l.company),
      line('Building type', l.buildingInfo.type),
      line('Square footage', l.buildingInfo.squareFootage),
      line('Budget', l.budget),
      line('Timeline', l.timeline),
      line('Additional features', l.additionalFeatures.length ? l.additionalFeatures : null),
      line('Estimate', estimate),
      line('Received', l.createdAt.toISOString()),
      '',
      `Open the leads tab: ${adminUrl}`,
    ]),
  };
}
