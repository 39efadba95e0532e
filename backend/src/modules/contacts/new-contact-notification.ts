/**
 * The staff "new contact" notification email. Plain text: values are the visitor's own words, so
 * nothing is interpreted as markup.
 */
import { compactLines, labelledLine, type RenderedEmail } from '../messaging/index.js';
import type { ContactRecord } from './contact.entity.js';

/** Notification for a new contact-form submission or consultation request. `adminUrl`: the staff dashboard. */
export function renderNewContactNotification(c: ContactRecord, adminUrl: string): RenderedEmail {
  return {
    template: 'staff_new_contact',
    subject: `${c.source === 'consultation' ? 'Consultation request' : 'New contact'}: ${c.firstName} ${c.lastName} (${c.propertyType})`,
    text: compactLines([
      c.source === 'consultation'
        ? 'A visitor asked for an on-site consultation without paying the deposit online. Call them within 24 hours.'
        : 'A visitor sent the contact form.',
      '',
      labelledLine('Name', `${c.firstName} ${c.lastName}`),
      labelledLine('Email', c.email),
      labelledLine('Phone', c.phone),
      labelledLine('Property type', c.propertyType),
      labelledLine('Service page', c.serviceType),
      labelledLine('Services', c.services.length ? c.services : null),
      labelledLine('Heard of us via', c.referralSource),
      labelledLine('Message', c.message),
      labelledLine('Received', c.createdAt.toISOString()),
      '',
      `Open the contacts tab: ${adminUrl}`,
    ]),
  };
}
