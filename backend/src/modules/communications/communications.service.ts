import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  DEFAULT_TEST_TEMPLATE,
  ErrorCode,
  type CallNoteResponse,
  type CommunicationChannel,
  type CommunicationStatus,
  type DirectCommunicationTest,
  type MessageKind,
  type QuickTestCommunication,
  type QuickTestResponse,
  type MessagePreview,
  type MessagePreviewResponse,
  type SendCommunication,
  type SendMessageResponse,
  type TestCommunication,
  type TestDirectCommunication,
  type TestResult,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { LeadEvents, LeadsService, type LeadRecord } from '../leads/index.js';
import {
  ConsentService,
  MessageJobs,
  normalizeEmail,
  normalizePhone,
  OPTED_OUT_REASON,
  OutboundMessageRecord,
  OutboundMessagesService,
  toOutboundMessage,
  twilioConfigured,
} from '../messaging/index.js';
import { SiteSettingsService } from '../site/index.js';
import { CallNoteRecord } from './call-note.entity.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { renderEmail, renderText, SAMPLE_LEAD, templateContext, templateSyntaxError, type TemplateLead } from './template-renderer.js';

/** Longest a test endpoint waits for its message's outcome (ms). */
export const TEST_WAIT_MS = 10_000;
const TEST_POLL_MS = 100;

/** The fixed SMS of the test endpoints (staff-side.md §9: the SMS template is a fixed text). */
export const TEST_SMS_TEXT = 'This is a test message from {{companyName}}. Reply STOP to opt out.';

/** What to send: an email template, a free-text email, or an SMS text. */
type Content =
  | { channel: 'email'; template: { name: string; subject: string; content: string } }
  | { channel: 'email'; subject: string | undefined; text: string }
  | { channel: 'sms'; text: string };

interface QueueRequest {
  content: Content;
  kind: MessageKind;
  /** The lead whose data fills the template and whose timeline gets the message. */
  lead: (TemplateLead & { id: number }) | null;
  /** Overrides the lead's address. */
  recipient?: string;
  user: SessionUser | undefined;
  /** Prefix of the subject (e.g. "[Test] "). */
  subjectPrefix?: string;
}

/**
 * Single sends and tests (staff-side.md §7): each renders the message, stores
 * it (`queued`, or `skipped` for an opted-out recipient) and enqueues its delivery — no provider
 * is called inside the request. The test endpoints then wait (at most TEST_WAIT_MS) for the
 * worker's outcome so staff see the provider's answer.
 */
@Injectable()
export class CommunicationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbound: OutboundMessagesService,
    private readonly templates: EmailTemplatesService,
    private readonly consent: ConsentService,
    private readonly settings: SiteSettingsService,
    private readonly jobs: MessageJobs,
    private readonly events: LeadEvents,
    private readonly leads: LeadsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** POST /api/leads/{id}/send-email {template}. @throws 404 lead, 400 unknown template. */
  async sendLeadEmail(leadId: number, templateRef: number | string, user: SessionUser | undefined): Promise<SendMessageResponse> {
    const lead = await this.lead(leadId);
    const template = await this.templates.resolve(templateRef);
    return { message: toOutboundMessage(await this.queue({ content: { channel: 'email', template }, kind: 'transactional', lead, user })) };
  }

  /** POST /api/leads/{id}/send-sms {message}. @throws 404 lead, 400 no usable phone / template syntax. */
  async sendLeadSms(leadId: number, message: string, user: SessionUser | undefined): Promise<SendMessageResponse> {
    const lead = await this.lead(leadId);
    return {
      message: toOutboundMessage(await this.queue({ content: { channel: 'sms', text: message }, kind: 'transactional', lead, user })),
    };
  }

  /**
   * POST /api/send-communication: `email` (free text, `subject` optional) and `sms` are queued
   * like the lead sends (202 `{message}`); `call` stores a call note (201 `{callNote}`).
   */
  async sendCommunication(body: SendCommunication, user: SessionUser | undefined): Promise<SendMessageResponse | CallNoteResponse> {
    const lead = await this.lead(body.leadId);
    if (body.type === 'call') {
      const note = await this.dataSource
        .getRepository(CallNoteRecord)
        .save({ leadId: lead.id, content: body.message, createdBy: user?.email ?? null });
      this.events.activity({ leadId: lead.id, type: 'call' });
      return {
        callNote: {
          id: note.id,
          leadId: note.leadId,
          content: note.content,
          createdBy: note.createdBy,
          createdAt: note.createdAt.toISOString(),
        },
      };
    }
    const content: Content =
      body.type === 'email' ? { channel: 'email', subject: body.subject, text: body.message } : { channel: 'sms', text: body.message };
    return { message: toOutboundMessage(await this.queue({ content, kind: 'transactional', lead, recipient: body.recipient, user })) };
  }

  /** GET /api/communication-status (staff-side.md §3 "Communication status"). */
  async status(): Promise<CommunicationStatus> {
    const [{ n }] = await this.dataSource.query('SELECT count(*)::int AS n FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL');
    return {
      sendgrid: {
        configured: Boolean(this.env.SENDGRID_API_KEY),
        apiKey: this.env.SENDGRID_API_KEY ? maskSecret(this.env.SENDGRID_API_KEY) : null,
      },
      twilio: { configured: twilioConfigured(this.env), phoneNumber: this.env.TWILIO_PHONE_NUMBER ?? null },
      totalLeads: n,
    };
  }

  /**
   * POST /api/test-communication: a test email (template, default welcome) or SMS (message, default
   * the fixed test text) to a lead (`leadId`) or to `recipient`. @throws 404 lead.
   */
  async testCommunication(body: TestCommunication, user: SessionUser | undefined): Promise<TestResult> {
    const lead = body.leadId !== undefined ? await this.lead(body.leadId) : null;
    return this.test(body.type, { lead, recipient: body.recipient, template: body.template, message: body.message, user });
  }

  /** POST /api/test-direct-communication {type, email?, phone?, template?, message?}. */
  testDirect(body: TestDirectCommunication, user: SessionUser | undefined): Promise<TestResult> {
    return this.test(body.type, {
      lead: null,
      recipient: body.type === 'email' ? body.email : body.phone,
      template: body.template,
      message: body.message,
      user,
    });
  }

  /** POST /api/direct-communication-test {type, testRecipient}. */
  directTest(body: DirectCommunicationTest, user: SessionUser | undefined): Promise<TestResult> {
    return this.test(body.type, { lead: null, recipient: body.testRecipient, user });
  }

  /** POST /api/quick-test-communication {email?, phone?} → `{results: {email?, sms?}}`, both at once. */
  async quickTest(body: QuickTestCommunication, user: SessionUser | undefined): Promise<QuickTestResponse> {
    const [email, sms] = await Promise.all([
      body.email ? this.test('email', { lead: null, recipient: body.email, user }) : undefined,
      body.phone ? this.test('sms', { lead: null, recipient: body.phone, user }) : undefined,
    ]);
    return { results: { ...(email ? { email } : {}), ...(sms ? { sms } : {}) } };
  }

  private async test(
    type: CommunicationChannel,
    o: {
      lead: (TemplateLead & { id: number }) | null;
      recipient?: string;
      template?: number | string;
      message?: string;
      user: SessionUser | undefined;
    },
  ): Promise<TestResult> {
    const content: Content =
      type === 'email'
        ? { channel: 'email', template: await this.templates.resolve(o.template ?? DEFAULT_TEST_TEMPLATE) }
        : { channel: 'sms', text: o.message ?? TEST_SMS_TEXT };
    const record = await this.queue({
      content,
      kind: 'test',
      lead: o.lead,
      recipient: o.recipient,
      user: o.user,
      subjectPrefix: '[Test] ',
    });
    return this.outcome(record);
  }

  /** Waits for the worker's outcome of a test message and words it for staff. */
  private async outcome(record: OutboundMessageRecord): Promise<TestResult> {
    const what = record.channel === 'email' ? 'email' : 'SMS';
    const deadline = Date.now() + TEST_WAIT_MS;
    let row = record;
    while (['queued', 'sending'].includes(row.status) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, TEST_POLL_MS));
      row = (await this.dataSource.getRepository(OutboundMessageRecord).findOneBy({ id: record.id })) ?? row;
    }
    switch (row.status) {
      case 'sent':
        return {
          success: true,
          message: `Test ${what} sent to ${row.recipient} via ${row.provider === 'twilio' ? 'Twilio' : 'SendGrid'} (${row.channel === 'sms' ? 'message SID' : 'message id'} ${row.providerMessageId ?? 'not returned'}).`,
        };
      case 'not_delivered':
        return {
          success: false,
          message: `Test ${what} not delivered: provider not configured (${row.channel === 'email' ? 'set SENDGRID_API_KEY' : 'set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER'}). It is stored in the outbox as message #${row.id}.`,
        };
      case 'failed':
        return { success: false, message: `Failed to send test ${what} to ${row.recipient}: ${row.error ?? 'unknown error'}` };
      case 'skipped':
        return { success: false, message: `Test ${what} not sent: ${row.recipient} has opted out.` };
      default:
        return {
          success: false,
          message: `Test ${what} queued as message #${row.id}, but no delivery outcome within ${TEST_WAIT_MS / 1000} seconds (is the worker running?).`,
        };
    }
  }

  /**
   * Renders, stores and enqueues one message; the recipient is normalised (E.164 for SMS).
   * An opted-out recipient is stored `skipped` and not enqueued.
   * @throws 400 VALIDATION_FAILED when there is no usable recipient or the text is not a valid template.
   */
  /**
   * Renders a message exactly as {@link queue} stores it (the same templating, subject default,
   * prefix and recipient normalisation), without storing or sending anything.
   * @throws 400 VALIDATION_FAILED when there is no usable recipient or the text is not a valid template.
   */
  private async render(
    req: Pick<QueueRequest, 'content' | 'lead' | 'recipient' | 'subjectPrefix'>,
  ): Promise<{ subject: string | null; body: string; html: string | null; template: string | null; recipient: string }> {
    const { content, lead } = req;
    const company = await this.settings.companyFacts();
    const ctx = templateContext(lead ?? { ...SAMPLE_LEAD, email: req.recipient ?? SAMPLE_LEAD.email }, company);
    let subject: string | null = null;
    let body: string;
    let html: string | null = null;
    let template: string | null = null;
    if ('template' in content) {
      const r = renderEmail(content.template, ctx);
      subject = r.subject;
      body = r.text;
      html = r.html;
      template = content.template.name;
    } else {
      const error = templateSyntaxError(content.text);
      if (error) throw fieldError('message', `Template syntax error: ${error}`);
      body = renderText(content.text, ctx);
      if (content.channel === 'email') subject = content.subject ? renderText(content.subject, ctx) : `A message from ${company.name}`;
    }
    if (subject !== null && req.subjectPrefix) subject = `${req.subjectPrefix}${subject}`;

    const raw = req.recipient ?? (content.channel === 'email' ? lead?.email : lead?.phone) ?? null;
    const recipient = raw === null ? null : content.channel === 'email' ? raw.trim() : normalizePhone(raw);
    if (!recipient) {
      throw fieldError(
        req.recipient ? 'recipient' : 'leadId',
        content.channel === 'sms'
          ? `${lead ? `Lead ${lead.id}` : 'The recipient'} has no valid phone number.`
          : 'No email address to send to.',
      );
    }
    return { subject, body, html, template, recipient };
  }

  /**
   * POST /api/leads/{id}/message-preview: the message the send dialog is about to send, rendered
   * for this lead by the same code as the send ({@link render}); nothing is stored or sent.
   * @throws 404 NOT_FOUND lead; 400 VALIDATION_FAILED unknown template, template syntax, no usable phone.
   */
  async previewLeadMessage(leadId: number, p: MessagePreview): Promise<MessagePreviewResponse> {
    const lead = await this.lead(leadId);
    const content: Content =
      p.type === 'sms'
        ? { channel: 'sms', text: p.message! }
        : p.template !== undefined
          ? { channel: 'email', template: await this.templates.resolve(p.template) }
          : { channel: 'email', subject: p.subject, text: p.message! };
    const r = await this.render({ content, lead });
    return { channel: content.channel, recipient: r.recipient, subject: r.subject, text: r.body, html: r.html, template: r.template };
  }

  private async queue(req: QueueRequest): Promise<OutboundMessageRecord> {
    const { content, lead } = req;
    const { subject, body, template, recipient } = await this.render(req);
    const optedOut =
      (content.channel === 'sms' || req.kind === 'marketing') &&
      (await this.consent.isOptedOut(content.channel, content.channel === 'email' ? normalizeEmail(recipient) : recipient));

    const record = await this.dataSource.transaction(async (m) => {
      const saved = await this.outbound.recordQueued(m, {
        idempotencyKey: `comm:${randomUUID()}`,
        channel: content.channel,
        kind: req.kind,
        recipient,
        template,
        subject,
        body,
        leadId: lead?.id ?? null,
        triggeredBy: req.user?.email ?? 'system',
      });
      if (optedOut) {
        await m.update(OutboundMessageRecord, { id: saved.id }, { status: 'skipped', error: OPTED_OUT_REASON });
        saved.status = 'skipped';
        saved.error = OPTED_OUT_REASON;
      }
      return saved;
    });
    if (record.status === 'queued') await this.jobs.enqueueMessage(record.id, record.channel, record.leadId);
    if (lead) this.events.activity({ leadId: lead.id, type: record.channel });
    return record;
  }

  private async lead(id: number): Promise<LeadRecord> {
    const lead = await this.leads.findById(id);
    if (!lead) throw new ApiError(404, ErrorCode.NotFound, `Lead ${id} not found`);
    return lead;
  }
}

/** `SG.ab…wxyz`: enough to recognise a key, never enough to use it. */
export function maskSecret(secret: string): string {
  if (secret.length <= 12) return '•'.repeat(8);
  return `${secret.slice(0, 5)}…${secret.slice(-4)}`;
}

const fieldError = (field: string, message: string) =>
  new ApiError(400, ErrorCode.ValidationFailed, message, { fieldErrors: { [field]: [message] } });
