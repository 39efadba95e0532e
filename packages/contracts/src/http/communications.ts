/**
 * Communication calls (staff-side.md §2, §5, §7, §8; decisions.md §13, §14): the providers'
 * status, single sends to a lead and the test sends. Templates, activities, campaigns and consent
 * have their own files. Staff only.
 *
 * Every send is stored and enqueued, never sent inside the request: the single sends answer 202
 * with the stored record; the tests answer after the worker's outcome (≤ 10 s). Timestamps are
 * ISO-8601 strings.
 */
import { z } from 'zod';
import { emailField, phoneField } from '../contact.js';
import {
  CALL_NOTE_MAX_LENGTH,
  COMMUNICATION_CHANNELS,
  COMMUNICATION_TEXTS,
  EMAIL_CONTENT_MAX_LENGTH,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  SMS_MAX_LENGTH,
} from '../communications.js';
import { limitedText, optionalText, recordIdField } from '../text.js';
import { smsText, templateRef } from './message-fields.js';

// ---------------------------------------------------------------------------------------------
// GET /api/communication-status
// ---------------------------------------------------------------------------------------------

/** Answer of GET /api/communication-status (staff-side.md §3). */
export const communicationStatusSchema = z.object({
  /** `apiKey`: masked, e.g. `SG.abc…wxyz`, or null. */
  sendgrid: z.object({ configured: z.boolean(), apiKey: z.string().nullable() }),
  twilio: z.object({ configured: z.boolean(), phoneNumber: z.string().nullable() }),
  totalLeads: z.number(),
});
export type CommunicationStatus = z.output<typeof communicationStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Single sends
// ---------------------------------------------------------------------------------------------

/** One stored outbound message (email or SMS) as the API returns it. */
export const outboundMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(COMMUNICATION_CHANNELS),
  kind: z.enum(MESSAGE_KINDS),
  status: z.enum(MESSAGE_STATUSES),
  /** Email address or E.164 / display phone number. */
  recipient: z.string(),
  /** Template name (e.g. `welcome`) or null for free text. */
  template: z.string().nullable(),
  subject: z.string().nullable(),
  /** Rendered plain-text body. */
  body: z.string(),
  /** `sendgrid`, `twilio`, `outbox` (not configured) or `pending` (not yet attempted). */
  provider: z.string(),
  providerMessageId: z.string().nullable(),
  /** The provider's reason of a failure, or the outbox / opt-out reason. */
  error: z.string().nullable(),
  /** Provider calls made. */
  attempts: z.number(),
  leadId: z.number().nullable(),
  campaignId: z.number().nullable(),
  /** `system` or the staff user's email. */
  triggeredBy: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboundMessage = z.output<typeof outboundMessageSchema>;

/** 202 answer of the single-send calls: the stored record (status `queued`, or `skipped`). */
export const sendMessageResponseSchema = z.object({ message: outboundMessageSchema });
export type SendMessageResponse = z.output<typeof sendMessageResponseSchema>;

/** Body of POST /api/leads/{id}/send-email. 404 unknown lead; 400 unknown template. */
export const sendLeadEmailSchema = z.object({ template: templateRef }).strict();
export type SendLeadEmail = z.output<typeof sendLeadEmailSchema>;

/** Body of POST /api/leads/{id}/send-sms. 404 unknown lead; 400 no valid phone. */
export const sendLeadSmsSchema = z.object({ message: smsText }).strict();
export type SendLeadSms = z.output<typeof sendLeadSmsSchema>;

/**
 * Body of POST /api/leads/{id}/message-preview (issue 22 point 7): what the send dialog is about
 * to send. `email` with `template` (name or id), or a free-text `message` (+ optional `subject`);
 * `sms` with `message`. The server renders it exactly as the send would.
 */
export const messagePreviewSchema = z
  .object({
    type: z.enum(['email', 'sms'], { error: 'Type must be email or sms.' }),
    template: templateRef.optional(),
    message: limitedText(EMAIL_CONTENT_MAX_LENGTH).min(1, { error: 'Message is required.' }).optional(),
    subject: optionalText(300),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'sms' && v.message === undefined) ctx.addIssue({ code: 'custom', path: ['message'], message: 'Message is required.' });
    if (v.type === 'sms' && v.template !== undefined)
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'An SMS has no template: send its text as message.' });
    if (v.type === 'sms' && v.message !== undefined && v.message.length > SMS_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['message'], message: `Must be at most ${SMS_MAX_LENGTH} characters.` });
    if (v.type === 'email' && (v.template === undefined) === (v.message === undefined))
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'Give a template or a message.' });
  });
export type MessagePreview = z.output<typeof messagePreviewSchema>;

/**
 * Answer of the message preview: the normalised recipient (E.164 for SMS), the rendered subject
 * (null for SMS), the plain text as it would be stored and sent, and the HTML part of a template
 * email (null otherwise: a free-text email's HTML is made from the text at delivery).
 */
export const messagePreviewResponseSchema = z.object({
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable(),
});
export type MessagePreviewResponse = z.output<typeof messagePreviewResponseSchema>;

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
    if (v.type === 'sms' && v.message.length > SMS_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['message'], message: `Must be at most ${SMS_MAX_LENGTH} characters.` });
    if (v.type === 'call' && v.message.length > CALL_NOTE_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['message'], message: `Must be at most ${CALL_NOTE_MAX_LENGTH} characters.` });
    if (v.recipient && v.type === 'email' && !emailField.safeParse(v.recipient).success)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid email address.' });
    if (v.recipient && v.type === 'sms' && !phoneField.safeParse(v.recipient).success)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid phone number.' });
  });
export type SendCommunication = z.output<typeof sendCommunicationSchema>;

/** 201 answer of POST /api/send-communication with type `call`: the stored call note. */
export const callNoteResponseSchema = z.object({
  callNote: z.object({ id: z.number(), leadId: z.number(), content: z.string(), createdBy: z.string().nullable(), createdAt: z.string() }),
});
export type CallNoteResponse = z.output<typeof callNoteResponseSchema>;

/** Answer of POST /api/send-communication: 202 `{message}` for email / SMS, 201 `{callNote}` for a call. */
export const sendCommunicationResponseSchema = z.union([sendMessageResponseSchema, callNoteResponseSchema]);

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

/** Result of a test send: the server's message, shown titled Success / Error by `success`. */
export const testResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type TestResult = z.output<typeof testResultSchema>;

/**
 * Body of POST /api/test-communication: by lead (`leadId`, the spec's admin tab) or to a
 * `recipient` (the centre's Testing tab). Without either: 400 "Please enter a lead ID".
 * Answer: {@link testResultSchema}.
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
    if (v.leadId === undefined && !v.recipient)
      ctx.addIssue({ code: 'custom', path: ['leadId'], message: COMMUNICATION_TEXTS.leadIdRequired });
    if (v.recipient && v.type === 'email' && !emailField.safeParse(v.recipient).success)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid email address.' });
    if (v.recipient && v.type === 'sms' && !phoneField.safeParse(v.recipient).success)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Please enter a valid phone number.' });
  });
export type TestCommunication = z.output<typeof testCommunicationSchema>;

/** Body of POST /api/test-direct-communication: `email` for type email, `phone` for sms. Answer: {@link testResultSchema}. */
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

/** Body of POST /api/direct-communication-test: an email address or phone number by type. Answer: {@link testResultSchema}. */
export const directCommunicationTestSchema = z
  .object({
    type: z.enum(['email', 'sms'], { error: 'Type must be email or sms.' }),
    testRecipient: limitedText(254).min(1, { error: 'Test recipient is required.' }),
  })
  .strict()
  .superRefine((v, ctx) => {
    const ok = v.type === 'email' ? emailField.safeParse(v.testRecipient).success : phoneField.safeParse(v.testRecipient).success;
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['testRecipient'],
        message: v.type === 'email' ? 'Please enter a valid email address.' : 'Please enter a valid phone number.',
      });
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

/** Answer of POST /api/quick-test-communication: one result per channel asked for. */
export const quickTestResponseSchema = z.object({
  results: z.object({ email: testResultSchema.optional(), sms: testResultSchema.optional() }),
});
export type QuickTestResponse = z.output<typeof quickTestResponseSchema>;

/**
 * A message that could not be delivered (issue 26 point 4): `failed` for good (a permanent
 * refusal, or the delivery policy's patience spent), not resent yet — an action item "Email not
 * delivered" (or "SMS not delivered") with a Resend button.
 */
export const undeliveredMessageSchema = z.object({
  message: outboundMessageSchema,
  /** "Email not delivered" or "SMS not delivered". */
  title: z.string(),
  /** The lead's or contact's name, when the message belongs to one. */
  name: z.string().nullable(),
  contactId: z.number().nullable(),
});
export type UndeliveredMessage = z.output<typeof undeliveredMessageSchema>;

/** GET /api/messages/undelivered. */
export const undeliveredMessagesResponseSchema = z.object({ items: z.array(undeliveredMessageSchema) });
export type UndeliveredMessagesResponse = z.output<typeof undeliveredMessagesResponseSchema>;
