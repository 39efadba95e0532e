/**
 * Communications: channels, statuses, limits, texts, template variables, campaign statuses and the
 * `campaign:progress` socket payload (staff-side.md §2, §3, §5, §8, §9; decisions.md §8, §13, §14,
 * §15). The calls are in http/ (communications.ts: status, single sends and tests;
 * email-templates.ts; activities.ts; campaigns.ts; consent.ts).
 *
 * Units: rates in sends per second; timestamps epoch ms where a field says so.
 */
import { OUTBOUND_CHANNELS, OUTBOUND_STATUSES, type OutboundChannel, type OutboundStatus } from './outbound.js';

// ---------------------------------------------------------------------------------------------
// Channels, statuses, kinds
// ---------------------------------------------------------------------------------------------

/** A channel a message is sent on. */
export const COMMUNICATION_CHANNELS = OUTBOUND_CHANNELS;
export type CommunicationChannel = OutboundChannel;

/**
 * Status of one message record: queued → sending → sent | failed | not_delivered;
 * `skipped` = the recipient opted out (never sent); `cancelled` = its campaign was cancelled
 * before it was sent; `not_delivered` = no provider configured (the local outbox, decisions §14).
 */
export const MESSAGE_STATUSES = OUTBOUND_STATUSES;
export type MessageStatus = OutboundStatus;

/**
 * Why a message is sent. `marketing` (campaign emails/SMS) carries the unsubscribe link and
 * headers and honours opt-outs (decisions §15); `transactional` (one lead, staff-triggered or a
 * notification) honours SMS STOP but not email unsubscribe; `test` = test endpoints.
 */
export const MESSAGE_KINDS = ['transactional', 'marketing', 'test'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Types of items on a lead's activity timeline. */
export const ACTIVITY_TYPES = ['email', 'sms', 'call', 'note', 'status_change', 'payment', 'lead_created'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Longest SMS body we accept (Twilio concatenates up to 1600 characters). */
export const SMS_MAX_LENGTH = 1600;
/** Longest email body / template content (characters). */
export const EMAIL_CONTENT_MAX_LENGTH = 50_000;
/** Longest call note (characters). */
export const CALL_NOTE_MAX_LENGTH = 5000;

/** The default test template and its options (staff-side.md §9). */
export const DEFAULT_TEST_TEMPLATE = 'welcome';
export const DEFAULT_TEMPLATE_NAMES = ['welcome', 'follow-up', 'proposal'] as const;
/** Bulk status filter options offered in the UI (staff-side.md §9); the API accepts every status. */
export const BULK_STATUS_OPTIONS = ['new', 'contacted', 'qualified', 'proposal'] as const;

/** SMS keywords honoured by the Twilio inbound webhook (decisions §15), upper-cased and trimmed. */
export const SMS_STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_START_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

/** The outbox reason stored on a message when no provider is configured (decisions §14). */
export const NOT_CONFIGURED_REASON = 'not delivered: provider not configured';

/** Texts of staff-side.md §8 (communication tools and the communications centre). */
export const COMMUNICATION_TEXTS = {
  loadStatusFailed: 'Failed to load communication status',
  testFailed: (type: string) => `Failed to test ${type}`,
  testDirectFailed: (type: string) => `Failed to test direct ${type}`,
  bulkFailed: (type: string) => `Failed to send bulk ${type}`,
  loadDataFailed: 'Failed to load communication data',
  templateSaved: 'Template saved successfully',
  templateSaveFailed: 'Failed to save template',
  testServiceFailed: 'Failed to test communication service',
  testGenericFailed: 'Test failed',
  sentSuccessfully: (type: 'email' | 'sms' | 'call') =>
    `${type === 'email' ? 'Email' : type === 'sms' ? 'SMS' : 'Call note'} sent successfully`,
  sendFailed: (type: string) => `Failed to send ${type}`,
  leadIdRequired: 'Please enter a lead ID',
  emailSent: 'Email Sent',
  smsSent: 'SMS Sent',
  /**
   * The toast after a send (issue 22 point 1): the message is only queued when the API answers;
   * the outcome (sent, not delivered, failed) follows live in the dialog and on the timeline.
   */
  queued: (type: 'email' | 'sms') => `${type === 'email' ? 'Email' : 'SMS'} queued`,
  queuedDescription: 'The delivery outcome appears in the dialog and on the lead’s timeline as it arrives.',
  callNoteSaved: 'Call note saved',
  sendEmailFailed: 'Failed to send email',
  sendSmsFailed: 'Failed to send SMS',
} as const;

/** Variables a template may use. `estimate` is formatted USD without decimals ("$12,500"). */
export const TEMPLATE_VARIABLES = [
  'firstName',
  'lastName',
  'company',
  'email',
  'phone',
  'estimate',
  'companyName',
  'companyPhone',
  'companyEmail',
  'companyAddress',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/**
 * Campaign lifecycle: queued (created; the worker resolves the audience, then enqueues the sends) → active (sending) ⇄ paused →
 * sent (every recipient finished) | cancelled (remaining recipients marked cancelled).
 */
export const CAMPAIGN_STATUSES = ['queued', 'active', 'paused', 'cancelled', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
