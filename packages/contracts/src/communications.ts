/**
 * Communications: single sends, templates, the lead activity timeline, bulk campaigns,
 * consent (staff-side.md §2, §3, §5, §7, §8, §9; decisions.md §8, §13, §14, §15).
 *
 * Units: money in whole US dollars unless a field says `Cents`; timestamps ISO-8601 strings;
 * rates in sends per second.
 */
import { z } from 'zod';
import { emailField, phoneField } from './contact.js';
import { leadStatusField, type LeadStatus } from './lead.js';
import { OUTBOUND_CHANNELS, OUTBOUND_STATUSES, type OutboundChannel, type OutboundStatus } from './outbound.js';
import { limitedText, optionalText, recordIdField } from './text.js';

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
export const ACTIVITY_TYPES = ['email', 'sms', 'call', 'status_change', 'payment', 'lead_created'] as const;
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
  sentSuccessfully: (type: 'email' | 'sms' | 'call') => `${type === 'email' ? 'Email' : type === 'sms' ? 'SMS' : 'Call note'} sent successfully`,
  sendFailed: (type: string) => `Failed to send ${type}`,
  leadIdRequired: 'Please enter a lead ID',
  emailSent: 'Email Sent',
  smsSent: 'SMS Sent',
  sendEmailFailed: 'Failed to send email',
  sendSmsFailed: 'Failed to send SMS',
} as const;

// ---------------------------------------------------------------------------------------------
// Outbound messages
// ---------------------------------------------------------------------------------------------

/** One stored outbound message (email or SMS) as the API returns it. */
export interface OutboundMessage {
  id: number;
  channel: CommunicationChannel;
  kind: MessageKind;
  status: MessageStatus;
  /** Email address or E.164 / display phone number. */
  recipient: string;
  /** Template name (e.g. `welcome`) or null for free text. */
  template: string | null;
  subject: string | null;
  /** Rendered plain-text body. */
  body: string;
  /** `sendgrid`, `twilio`, `outbox` (not configured) or `pending` (not yet attempted). */
  provider: string;
  providerMessageId: string | null;
  /** The provider's reason of a failure, or the outbox / opt-out reason. */
  error: string | null;
  /** Provider calls made. */
  attempts: number;
  leadId: number | null;
  campaignId: number | null;
  /** `system` or the staff user's email. */
  triggeredBy: string;
  createdAt: string;
  sentAt: string | null;
}

/** 202 answer of the single-send endpoints: the stored record (status `queued`, or `skipped`). */
export interface SendMessageResponse {
  message: OutboundMessage;
}

/** A template reference: its name (e.g. `welcome`) or its numeric id. */
const templateRef = z.union([z.number().int().positive(), limitedText(100).min(1, { error: 'Template is required.' })]);

/** Body of POST /api/leads/{id}/send-email. */
export const sendLeadEmailSchema = z.object({ template: templateRef }).strict();
export type SendLeadEmail = z.output<typeof sendLeadEmailSchema>;

const smsText = limitedText(SMS_MAX_LENGTH).min(1, { error: 'Message is required.' });

/** Body of POST /api/leads/{id}/send-sms. */
export const sendLeadSmsSchema = z.object({ message: smsText }).strict();
export type SendLeadSms = z.output<typeof sendLeadSmsSchema>;

/**
 * Body of POST /api/send-communication. `email`: free-text email (`subject` optional, defaults
 * to "A message from {companyName}"); `sms`: text message; `call`: stores a call note (201).
 * `recipient` overrides the lead's email / phone.
 */
export const sendCommunicationSchema = z
  .object({
    leadId: recordIdField('leadId must be a lead id.'),
    type: z.enum(['email', 'sms', 'call'], { error: 'Type must be email, sms or call.' }),
    message: limitedText(EMAIL_CONTENT_MAX_LENGTH).min(1, { error: 'Message is required.' }),
    subject: optionalText(300),
    recipient: optionalText(254),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'sms' && v.message.length > SMS_MAX_LENGTH) ctx.addIssue({ code: 'custom', path: ['message'], message: `Must be at most ${SMS_MAX_LENGTH} characters.` });
    if (v.type === 'call' && v.message.length > CALL_NOTE_MAX_LENGTH) ctx.addIssue({ code: 'custom', path: ['message'], message: `Must be at most ${CALL_NOTE_MAX_LENGTH} characters.` });
    if (v.recipient && v.type === 'email' && !emailField.safeParse(v.recipient).success) ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid email address.' });
    if (v.recipient && v.type === 'sms' && !phoneField.safeParse(v.recipient).success) ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid phone number.' });
  });
export type SendCommunication = z.output<typeof sendCommunicationSchema>;

/** 201 answer of POST /api/send-communication with type `call`. */
export interface CallNoteResponse {
  callNote: { id: number; leadId: number; content: string; createdBy: string | null; createdAt: string };
}

// ---------------------------------------------------------------------------------------------
// Email templates
// ---------------------------------------------------------------------------------------------

/**
 * A stored email template. `subject` and `content` are Handlebars templates (HTML-escaped by
 * default) with the variables of TEMPLATE_VARIABLES. `content` is plain text with line breaks;
 * the HTML part of the email is derived from it.
 */
export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  content: string;
  category: string;
  /** True for the seeded defaults (welcome, follow-up, proposal). */
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Variables a template may use. `estimate` is formatted USD without decimals ("$12,500"). */
export const TEMPLATE_VARIABLES = [
  'firstName', 'lastName', 'company', 'email', 'phone', 'estimate',
  'companyName', 'companyPhone', 'companyEmail', 'companyAddress',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Body of POST /api/email-templates and PUT /api/email-templates/{id}. Names are unique. */
export const emailTemplateBodySchema = z
  .object({
    name: limitedText(100).min(1, { error: 'Name is required.' }),
    subject: limitedText(300).min(1, { error: 'Subject is required.' }),
    content: limitedText(EMAIL_CONTENT_MAX_LENGTH).min(1, { error: 'Content is required.' }),
    category: limitedText(50).min(1, { error: 'Category is required.' }),
  })
  .strict();
export type EmailTemplateBody = z.output<typeof emailTemplateBodySchema>;

export interface EmailTemplatesResponse {
  templates: EmailTemplate[];
}
export interface EmailTemplateResponse {
  template: EmailTemplate;
}

/**
 * Body of POST /api/email-templates/preview: a stored template (`templateId`) or an unsaved one
 * (`subject` + `content`), rendered with a real lead's data (`leadId`) or, without one, with
 * sample values.
 */
export const templatePreviewSchema = z
  .object({
    templateId: recordIdField().optional(),
    subject: limitedText(300).optional(),
    content: limitedText(EMAIL_CONTENT_MAX_LENGTH).optional(),
    leadId: recordIdField().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.templateId === undefined && (v.subject === undefined || v.content === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'Give a templateId or a subject and content.' });
    }
  });
export type TemplatePreview = z.output<typeof templatePreviewSchema>;

/** Answer of the preview: the rendered subject, HTML and plain text. */
export interface TemplatePreviewResponse {
  subject: string;
  html: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Activity timeline
// ---------------------------------------------------------------------------------------------

/** One item on a lead's timeline, built from stored records. */
export interface LeadActivityItem {
  /** Unique across types, e.g. `email:12`, `call:3`, `status:7`, `payment:2`, `lead:5`. */
  id: string;
  type: ActivityType;
  channel?: CommunicationChannel;
  /** Message status, payment status, or the new lead status of a status change. */
  status?: string;
  template?: string | null;
  subject?: string | null;
  /** Message body, call note, "new → contacted", or a payment description. */
  content?: string | null;
  timestamp: string;
  error?: string | null;
  providerMessageId?: string | null;
  triggeredBy?: string | null;
  campaignId?: number | null;
  /** For payments: the amount in integer cents. */
  amountCents?: number;
  /** For status changes: the previous and new statuses. */
  fromStatus?: LeadStatus | null;
  toStatus?: LeadStatus;
}

/** A lead with its timeline (staff-side.md §3 "Lead activity"). */
export interface LeadActivity {
  id: number;
  leadId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  /** Whole US dollars. */
  totalEstimate: number | null;
  pipelineStage: LeadStatus;
  /** Timestamp of the latest email / SMS / call, or null. */
  lastContact: string | null;
  activities: LeadActivityItem[];
}

/** Query of GET /api/lead-activities: the most recently active leads (default 50, max 200). */
export const leadActivitiesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    leadId: recordIdField().optional(),
  })
  .strict();
export type LeadActivitiesQuery = z.output<typeof leadActivitiesQuerySchema>;

export interface LeadActivitiesResponse {
  activities: LeadActivity[];
}
/** Answer of GET /api/leads/{id}/activities, newest first. */
export interface LeadActivityItemsResponse {
  activities: LeadActivityItem[];
}

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------

/**
 * Campaign lifecycle: queued (created, fan-out running) → active (sending) ⇄ paused →
 * sent (every recipient finished) | cancelled (remaining recipients marked cancelled).
 */
export const CAMPAIGN_STATUSES = ['queued', 'active', 'paused', 'cancelled', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Which leads a bulk send goes to. All conditions AND-ed; none = every lead. */
export const campaignFilterSchema = z
  .object({
    /** Pipeline status (aliases quoted / closed-won / closed-lost accepted); `all` = any. */
    status: z.union([z.literal('all'), leadStatusField]).optional(),
    /** Minimum total estimate, whole US dollars. */
    minValue: z.coerce.number({ error: 'Minimum value must be a number.' }).int({ error: 'Minimum value must be a whole number of dollars.' }).min(0).max(100_000_000).optional(),
    /** Leads created at or after this instant (ISO date or date-time). */
    createdAfter: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  })
  .strict();
export type CampaignFilter = z.output<typeof campaignFilterSchema>;

/** Body of POST /api/bulk-communication. `template` (email) or `message` (sms) is required. */
export const bulkCommunicationSchema = z
  .object({
    type: z.enum(['email', 'sms'], { error: 'Type must be email or sms.' }),
    template: templateRef.optional(),
    message: smsText.optional(),
    name: optionalText(200),
    filter: campaignFilterSchema.optional().default({}),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'email' && v.template === undefined) ctx.addIssue({ code: 'custom', path: ['template'], message: 'Template is required for an email campaign.' });
    if (v.type === 'sms' && v.message === undefined) ctx.addIssue({ code: 'custom', path: ['message'], message: 'Message is required for an SMS campaign.' });
  });
export type BulkCommunication = z.output<typeof bulkCommunicationSchema>;

/**
 * {successful, failed, total} of a finished campaign (staff-side.md §7): successful = accepted by
 * the provider (`sent`), failed = `failed`, total = every recipient. Skipped (opted out), not
 * delivered (outbox) and cancelled recipients are in the campaign's own counts.
 */
export interface CampaignSummary {
  successful: number;
  failed: number;
  total: number;
}

/** A stored campaign with its live counts. */
export interface Campaign {
  id: number;
  name: string;
  type: CommunicationChannel;
  /** Template name for email campaigns. */
  template: string | null;
  /** SMS text for SMS campaigns. */
  message: string | null;
  filter: CampaignFilter;
  status: CampaignStatus;
  /** Total recipients. */
  recipients: number;
  /** Recipients not finished yet (queued or sending). */
  queued: number;
  sent: number;
  failed: number;
  /** Opted out (never sent). */
  skipped: number;
  /** Not delivered: provider not configured (local outbox). */
  notDelivered: number;
  /** Cancelled before sending. */
  cancelled: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Staff email of the creator. */
  createdBy: string | null;
  /** Present once the campaign is `sent` or `cancelled`. */
  summary: CampaignSummary | null;
}

export interface CampaignsResponse {
  campaigns: Campaign[];
}
export interface CampaignResponse {
  campaign: Campaign;
}
/** 202 answer of POST /api/bulk-communication. */
export interface BulkCommunicationResponse {
  campaignId: number;
  recipients: number;
  campaign: Campaign;
}

/** Socket payload `campaign:progress` (≤ ~4 per second per campaign, and a final one). */
export interface CampaignProgress {
  campaignId: number;
  status: CampaignStatus;
  total: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  notDelivered: number;
  cancelled: number;
  /** Finished recipients / total × 100, 0-100 (100 for an empty campaign). */
  percent: number;
  /** Sends per second over the last few seconds. */
  ratePerSecond: number;
  /** Epoch ms of the emission. */
  at: number;
}

// ---------------------------------------------------------------------------------------------
// Status and tests
// ---------------------------------------------------------------------------------------------

/** GET /api/communication-status (staff-side.md §3). */
export interface CommunicationStatus {
  sendgrid: { configured: boolean; /** e.g. `SG.abc…wxyz`, or null. */ apiKey: string | null };
  twilio: { configured: boolean; phoneNumber: string | null };
  totalLeads: number;
}

/** Result of a test send: the server's message is shown titled Success / Error. */
export interface TestResult {
  success: boolean;
  message: string;
}

/**
 * Body of POST /api/test-communication: by lead (`leadId`, the spec's admin tab) or to a
 * `recipient` (the centre's Testing tab). Without either: 400 "Please enter a lead ID".
 */
export const testCommunicationSchema = z
  .object({
    leadId: z.preprocess((v) => (v === '' || v === null ? undefined : v), recordIdField('Lead ID must be a number.').optional()),
    type: z.enum(['email', 'sms'], { error: 'Type must be email or sms.' }),
    template: templateRef.optional(),
    message: optionalText(SMS_MAX_LENGTH),
    recipient: optionalText(254),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.leadId === undefined && !v.recipient) ctx.addIssue({ code: 'custom', path: ['leadId'], message: COMMUNICATION_TEXTS.leadIdRequired });
    if (v.recipient && v.type === 'email' && !emailField.safeParse(v.recipient).success) ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid email address.' });
    if (v.recipient && v.type === 'sms' && !phoneField.safeParse(v.recipient).success) ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid phone number.' });
  });
export type TestCommunication = z.output<typeof testCommunicationSchema>;

/** Body of POST /api/test-direct-communication: `email` for type email, `phone` for sms. */
export const testDirectCommunicationSchema = z
  .object({
    type: z.enum(['email', 'sms'], { error: 'Type must be email or sms.' }),
    email: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailField.optional()),
    phone: z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneField.optional()),
    template: templateRef.optional(),
    message: optionalText(SMS_MAX_LENGTH),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'email' && !v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required for an email test.' });
    if (v.type === 'sms' && !v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone is required for an SMS test.' });
  });
export type TestDirectCommunication = z.output<typeof testDirectCommunicationSchema>;

/** Body of POST /api/direct-communication-test: an email address or phone number by type. */
export const directCommunicationTestSchema = z
  .object({
    type: z.enum(['email', 'sms'], { error: 'Type must be email or sms.' }),
    testRecipient: limitedText(254).min(1, { error: 'Test recipient is required.' }),
  })
  .strict()
  .superRefine((v, ctx) => {
    const ok = v.type === 'email' ? emailField.safeParse(v.testRecipient).success : phoneField.safeParse(v.testRecipient).success;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['testRecipient'], message: v.type === 'email' ? 'Please enter a valid email address.' : 'Please enter a valid phone number.' });
  });
export type DirectCommunicationTest = z.output<typeof directCommunicationTestSchema>;

/** Body of POST /api/quick-test-communication (the /test-communication page): at least one. */
export const quickTestCommunicationSchema = z
  .object({
    email: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailField.optional()),
    phone: z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneField.optional()),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an email address or a phone number.' });
  });
export type QuickTestCommunication = z.output<typeof quickTestCommunicationSchema>;

export interface QuickTestResponse {
  results: { email?: TestResult; sms?: TestResult };
}

// ---------------------------------------------------------------------------------------------
// Consent (decisions §15)
// ---------------------------------------------------------------------------------------------

/** GET /api/unsubscribe/{token} (public): what the token unsubscribes and whether it already is. */
export interface UnsubscribeInfo {
  channel: CommunicationChannel;
  /** The address, partly masked (e.g. `j•••@example.com`). */
  email?: string;
  phone?: string;
  optedOut: boolean;
}
/** POST /api/unsubscribe/{token} (public; also the List-Unsubscribe-Post one-click target). */
export interface UnsubscribeResponse {
  optedOut: true;
}

