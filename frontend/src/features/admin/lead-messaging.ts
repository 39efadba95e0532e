/**
 * What the leads and CRM tabs show of a lead's messages: its activity timeline and the send
 * email / SMS dialog. They belong to the communications feature, which the admin feature does not
 * import: the route (pages/admin/admin-page.tsx) passes its components in.
 */
import type { Lead } from '@ironclad/contracts';
import type { ComponentType } from 'react';

/** A message the leads and CRM tabs offer to send. */
export type LeadMessageType = 'email' | 'sms';

export interface LeadMessaging {
  /** The lead's activity timeline, kept fresh live. */
  Timeline: ComponentType<{ leadId: number }>;
  /** The send dialog, open while `lead` is not null; `onClose` after sending or cancelling. */
  SendDialog: ComponentType<{ lead: Lead | null; type: LeadMessageType; onClose: () => void }>;
}
