/**
 * The communication texts of staff-side.md §8 (and §5's "Please enter a lead ID"), word for word,
 * in one place. Two screens carry the same tools with different texts: the admin dashboard's
 * Communication tab (`dashboard`) and the communications centre (`centre`).
 */
import type { CommunicationChannel } from '@ironclad/contracts';

/** Where a shared communication tool is shown; picks the §8 wording of that screen. */
export type CommsScreen = 'dashboard' | 'centre';

/** "email" / "sms" as the spec writes them inside messages. */
const typeWord = (type: CommunicationChannel) => type;

/** Capitalised channel names ("Email", "SMS", "Call note"). */
export const CHANNEL_LABELS = { email: 'Email', sms: 'SMS', call: 'Call note' } as const;

export const COMMS_TEXTS = {
  /** Test by lead ID without an ID (§5). */
  enterLeadId: 'Please enter a lead ID',
  /** Dashboard status check failed. */
  statusFailed: 'Failed to load communication status',
  /** Test by lead ID failed (dashboard), or any single test failed (centre). */
  testFailed: (type: CommunicationChannel) => `Failed to test ${typeWord(type)}`,
  /** Direct test failed (dashboard). */
  directTestFailed: (type: CommunicationChannel) => `Failed to test direct ${typeWord(type)}`,
  /** Bulk send could not be started. */
  bulkFailed: (type: CommunicationChannel) => `Failed to send bulk ${typeWord(type)}`,
  /** Title of a test result by its success flag. */
  resultTitle: (success: boolean) => (success ? 'Success' : 'Error'),
  /** Centre: its data did not load. */
  centreLoadFailed: { title: 'Error', description: 'Failed to load communication data' },
  templateSaved: { title: 'Success', description: 'Template saved successfully' },
  templateSaveFailed: { title: 'Error', description: 'Failed to save template' },
  /** Centre: the status check of the Testing tab failed. */
  serviceTestFailed: 'Failed to test communication service',
  /** Centre / test page: the quick test request failed. */
  quickTestFailed: 'Test failed',
  /** Centre: a message to one lead was accepted. */
  sentToLead: (type: keyof typeof CHANNEL_LABELS) => `${CHANNEL_LABELS[type]} sent successfully`,
  sendToLeadFailed: (type: keyof typeof CHANNEL_LABELS) => `Failed to send ${type === 'call' ? 'call note' : type}`,
  /** Leads tab / CRM actions (§8 "Leads and contacts"). */
  emailSent: 'Email Sent',
  smsSent: 'SMS Sent',
  emailFailed: 'Failed to send email',
  smsFailed: 'Failed to send SMS',
} as const;
