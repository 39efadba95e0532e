import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type Stripe from 'stripe';
import {
  CONSULTATION_DEPOSIT_CENTS,
  ErrorCode,
  depositCentsForTotal,
  type ClientSecretResponse,
  type ContactPaymentsResponse,
  type CreateConsultationPayment,
  type CreateDepositPayment,
  type PaymentStatusResponse,
  type StripeWebhookResponse,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { ContactsService } from '../contacts/index.js';
import { LeadEvents, LeadsService } from '../leads/index.js';
import { MessageJobs, OutboundMessagesService } from '../messaging/index.js';
import { SiteSettingsService } from '../site/index.js';
import { renderPaymentReceipt, renderStaffPaymentNotice } from './payment-emails.js';
import { PaymentRecord, StripeEventRecord, type PaymentStatusValue } from './payment.entity.js';
import { STRIPE_CLIENT } from './stripe-client.js';

/** Pipeline stage a lead moves to once its deposit succeeded (decisions.md §5: the customer committed). */
export const DEPOSITED_LEAD_STATUS = 'won' as const;

const CURRENCY = 'usd';

/** The largest amount Stripe takes in one USD payment, in cents ($999,999.99: eight digits). */
export const STRIPE_MAX_AMOUNT_CENTS = 99_999_999;

/**
 * The Idempotency-Key of a PaymentIntent create: `<prefix>-<16 hex>`, the hex being a digest of
 * every parameter sent. Stripe answers a repeated key with the first intent only when the
 * parameters are the same (else 400 idempotency_error), so a double submit gets one intent and a
 * changed request (another e-mail, building type, or a replacement for a canceled intent) gets
 * its own.
 */
export function idempotencyKeyFor(prefix: string, params: Stripe.PaymentIntentCreateParams): string {
  return `${prefix}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16)}`;
}

/**
 * Deposits through Stripe (public-site.md §2, §7, §9; decisions.md §3, §4, §14).
 *
 * - PaymentIntents are created with an Idempotency-Key (one per lead for deposits) and recorded
 *   in `payments` (status `pending`).
 * - Webhooks are the source of truth: verified on the raw body, event ids stored so a replay
 *   changes nothing, the payment updated, a deposited lead moved to `won`, and the receipt and
 *   staff notice recorded `queued` in the same transaction, then enqueued for the worker.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(ENV) private readonly env: Env,
    private readonly outbound: OutboundMessagesService,
    private readonly jobs: MessageJobs,
    private readonly settings: SiteSettingsService,
    private readonly events: LeadEvents,
    private readonly leads: LeadsService,
    private readonly contacts: ContactsService,
  ) {}

  private client(): Stripe {
    if (!this.stripe)
      throw new ApiError(503, ErrorCode.PaymentsNotConfigured, 'Online payment is not available. Please call us to pay your deposit.');
    return this.stripe;
  }

  /** Wraps a Stripe SDK call: provider failures become 502 PAYMENT_PROVIDER_ERROR (never a 500). */
  private async provider<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      this.logger.warn(`stripe ${what} failed: ${(err as Error).message}`);
      throw new ApiError(502, ErrorCode.PaymentProviderError, 'The payment provider could not be reached. Please try again.');
    }
  }

  /**
   * POST /api/create-deposit-payment: a card PaymentIntent for round(10% × the stored total of the
   * lead) in cents, USD, Idempotency-Key `deposit-lead-<id>-<amount>-<digest>` (see
   * {@link idempotencyKeyFor}). A second call for the same lead returns the same intent's client
   * secret; an intent canceled meanwhile is marked `canceled` and replaced by a new one.
   * @throws 404 NOT_FOUND unknown lead; 409 CONFLICT lead without a server quote, deposit already
   * paid, or a deposit above {@link STRIPE_MAX_AMOUNT_CENTS} (to be paid by phone);
   * 503 PAYMENTS_NOT_CONFIGURED; 502 PAYMENT_PROVIDER_ERROR.
   */
  async createDeposit(input: CreateDepositPayment): Promise<ClientSecretResponse> {
    const stripe = this.client();
    const lead = await this.leads.findById(input.leadId);
    if (!lead) throw new ApiError(404, ErrorCode.NotFound, `Lead ${input.leadId} not found.`);
    if (lead.totalEstimateCents === null || lead.totalEstimateCents <= 0)
      throw new ApiError(409, ErrorCode.Conflict, 'This lead has no quote to take a deposit on.');
    const amountCents = depositCentsForTotal(lead.totalEstimateCents / 100);
    if (amountCents > STRIPE_MAX_AMOUNT_CENTS)
      throw new ApiError(409, ErrorCode.Conflict, 'This deposit is above what can be paid online. Please call us to pay it.');

    const existing = await this.dataSource
      .getRepository(PaymentRecord)
      .findOne({ where: { leadId: lead.id, kind: 'deposit' }, order: { id: 'DESC' } });
    if (existing?.status === 'succeeded') throw new ApiError(409, ErrorCode.Conflict, 'The deposit for this quote is already paid.');
    let replaces: string | null = null;
    if (existing && existing.amountCents === amountCents) {
      const current = await this.provider('retrieve', () => stripe.paymentIntents.retrieve(existing.paymentIntentId));
      if (current.status !== 'canceled' && current.client_secret) return { clientSecret: current.client_secret };
      if (current.status === 'canceled') {
        await this.dataSource.getRepository(PaymentRecord).update({ id: existing.id, status: 'pending' }, { status: 'canceled' });
        replaces = current.id;
      }
    }

    const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ') || null;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: amountCents,
      currency: CURRENCY,
      allowed_payment_method_types: ['card'],
      description: `10% installation deposit, quote #${lead.id}`,
      receipt_email: lead.email,
      metadata: { kind: 'deposit', leadId: String(lead.id), ...(replaces ? { replaces } : {}) },
    };
    const idempotencyKey = idempotencyKeyFor(`deposit-lead-${lead.id}-${amountCents}`, params);
    const intent = await this.provider('create', () => stripe.paymentIntents.create(params, { idempotencyKey }));
    await this.record(this.dataSource.manager, {
      kind: 'deposit',
      contactId: null,
      leadId: lead.id,
      customerEmail: lead.email,
      customerName: name,
      customerPhone: lead.phone,
      amountCents,
      paymentIntentId: intent.id,
      idempotencyKey,
      details: input.projectDetails ?? null,
    });
    if (!intent.client_secret) throw new ApiError(502, ErrorCode.PaymentProviderError, 'The payment provider returned no client secret.');
    return { clientSecret: intent.client_secret };
  }

  /**
   * POST /api/create-consultation-payment: a card PaymentIntent for exactly 25000 cents ($250),
   * USD, whatever amount the browser sends. Idempotency-Key `consultation-<email>-<UTC day>-<digest>`
   * (see {@link idempotencyKeyFor}) so a double submit makes one intent. The payment is linked to the visitor's contact (found by
   * e-mail, or created from firstName, lastName, email, phone and the building type), in the
   * same transaction as the payment row (decisions.md §4), so staff see it on the contact.
   * @throws 503 PAYMENTS_NOT_CONFIGURED; 502 PAYMENT_PROVIDER_ERROR.
   */
  async createConsultation(input: CreateConsultationPayment, today: Date = new Date()): Promise<ClientSecretResponse> {
    const stripe = this.client();
    const c = input.customerInfo;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: CONSULTATION_DEPOSIT_CENTS,
      currency: CURRENCY,
      allowed_payment_method_types: ['card'],
      description: 'Consultation deposit (refundable within 24 hours)',
      receipt_email: c.email,
      metadata: { kind: 'consultation', buildingType: input.projectDetails.type ?? '' },
    };
    const idempotencyKey = idempotencyKeyFor(`consultation-${c.email.toLowerCase()}-${today.toISOString().slice(0, 10)}`, params);
    const intent = await this.provider('create', () => stripe.paymentIntents.create(params, { idempotencyKey }));
    await this.dataSource.transaction(async (manager) => {
      const contactId = await this.contacts.findOrCreateByEmail(manager, {
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        phone: c.phone,
        propertyType: input.projectDetails.type || 'unknown',
      });
      await this.record(manager, {
        kind: 'consultation',
        leadId: null,
        contactId,
        customerEmail: c.email,
        customerName: `${c.firstName} ${c.lastName}`,
        customerPhone: c.phone,
        amountCents: CONSULTATION_DEPOSIT_CENTS,
        paymentIntentId: intent.id,
        idempotencyKey,
        details: input.projectDetails,
      });
    });
    if (!intent.client_secret) throw new ApiError(502, ErrorCode.PaymentProviderError, 'The payment provider returned no client secret.');
    return { clientSecret: intent.client_secret };
  }

  /** Inserts the payment row once per PaymentIntent (a repeated intent id is left as is). */
  private async record(
    manager: EntityManager,
    p: Pick<
      PaymentRecord,
      | 'kind'
      | 'leadId'
      | 'contactId'
      | 'customerEmail'
      | 'customerName'
      | 'customerPhone'
      | 'amountCents'
      | 'paymentIntentId'
      | 'idempotencyKey'
      | 'details'
    >,
  ) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(PaymentRecord)
      .values({ ...p, currency: CURRENCY, status: 'pending' } as QueryDeepPartialEntity<PaymentRecord>)
      .orIgnore()
      .execute();
  }

  /**
   * GET /api/contacts/:id/payments (staff): the payments linked to a contact, newest first.
   * @throws 404 NOT_FOUND when the contact does not exist.
   */
  async forContact(contactId: number): Promise<ContactPaymentsResponse> {
    if (!(await this.contacts.exists(contactId))) throw new ApiError(404, ErrorCode.NotFound, `Contact ${contactId} not found`);
    const rows = await this.dataSource
      .getRepository(PaymentRecord)
      .find({ where: { contactId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return {
      payments: rows.map((p) => ({
        id: p.id,
        kind: p.kind,
        status: p.status,
        amountCents: p.amountCents,
        currency: p.currency,
        paymentIntentId: p.paymentIntentId,
        failureMessage: p.failureMessage,
        createdAt: p.createdAt.toISOString(),
        succeededAt: p.succeededAt ? p.succeededAt.toISOString() : null,
      })),
    };
  }

  /**
   * GET /api/payments/:paymentIntentId: the status our server holds (from webhooks).
   * @throws 404 NOT_FOUND for an unknown PaymentIntent.
   */
  async status(paymentIntentId: string): Promise<PaymentStatusResponse> {
    const p = await this.dataSource.getRepository(PaymentRecord).findOneBy({ paymentIntentId });
    if (!p) throw new ApiError(404, ErrorCode.NotFound, 'Unknown payment.');
    return {
      paymentIntentId: p.paymentIntentId,
      kind: p.kind,
      status: p.status,
      amountCents: p.amountCents,
      currency: p.currency,
      failureMessage: p.failureMessage,
    };
  }

  /**
   * POST /api/stripe/webhook: verifies `Stripe-Signature` on the raw body with
   * STRIPE_WEBHOOK_SECRET, then applies the event once.
   * @throws 400 VALIDATION_FAILED bad or missing signature; 503 PAYMENTS_NOT_CONFIGURED.
   */
  async handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<StripeWebhookResponse> {
    const stripe = this.client();
    if (!this.env.STRIPE_WEBHOOK_SECRET) throw new ApiError(503, ErrorCode.PaymentsNotConfigured, 'Stripe webhooks are not configured.');
    let event: Stripe.Event;
    try {
      if (!rawBody || !signature) throw new Error('missing body or signature');
      event = stripe.webhooks.constructEvent(rawBody, signature, this.env.STRIPE_WEBHOOK_SECRET);
    } catch (err) {
      throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid Stripe signature: ${(err as Error).message}`);
    }

    const jobs: { outboundMessageId: number; recordId: number }[] = [];
    const leadIds = new Set<number>();
    const duplicate = await this.dataSource.transaction(async (manager) => {
      const table = manager.getRepository(StripeEventRecord).metadata.tablePath;
      const inserted: unknown[] = await manager.query(
        `INSERT INTO ${table} (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return true; // replayed event id
      if (event.type.startsWith('payment_intent.'))
        jobs.push(...(await this.applyIntentEvent(manager, event.type, event.data.object as Stripe.PaymentIntent, leadIds)));
      return false;
    });
    for (const j of jobs)
      await this.jobs.enqueueStaffNotification({ outboundMessageId: j.outboundMessageId, kind: 'payment', recordId: j.recordId });
    for (const leadId of leadIds) this.events.activity({ leadId, type: 'payment' });
    return { received: true, duplicate };
  }

  /**
   * Updates the payment from a payment_intent.* event (adding its lead to `leadIds` when the lead's
   * timeline changed); returns the messages to enqueue.
   */
  private async applyIntentEvent(
    manager: EntityManager,
    type: string,
    intent: Stripe.PaymentIntent,
    leadIds: Set<number>,
  ): Promise<{ outboundMessageId: number; recordId: number }[]> {
    const payment = await manager.findOne(PaymentRecord, { where: { paymentIntentId: intent.id }, lock: { mode: 'pessimistic_write' } });
    if (!payment) {
      this.logger.warn(`webhook ${type} for unknown PaymentIntent ${intent.id}`);
      return [];
    }
    const next: Partial<Record<string, PaymentStatusValue>> = {
      'payment_intent.succeeded': 'succeeded',
      'payment_intent.payment_failed': 'failed',
      'payment_intent.processing': 'processing',
      'payment_intent.canceled': 'canceled',
    };
    const status = next[type];
    if (!status || payment.status === 'succeeded') return []; // a succeeded payment never goes back
    payment.status = status;
    payment.failureMessage = status === 'failed' ? (intent.last_payment_error?.message ?? 'Payment failed') : null;
    if (status === 'succeeded') payment.succeededAt = new Date();
    await manager.save(payment);
    if (payment.leadId !== null) leadIds.add(payment.leadId);
    if (status !== 'succeeded') return [];

    if (payment.kind === 'deposit' && payment.leadId !== null)
      await this.leads.setStatusBySystem(manager, payment.leadId, DEPOSITED_LEAD_STATUS);
    const company = await this.settings.companyFacts();
    const receipt = renderPaymentReceipt(payment, company.name);
    const notice = renderStaffPaymentNotice(payment, `${this.env.PUBLIC_URL}/admin`);
    const r1 = await this.outbound.recordQueued(manager, {
      idempotencyKey: `staff-notification:payment-receipt:${payment.paymentIntentId}`,
      channel: 'email',
      recipient: payment.customerEmail,
      template: receipt.template,
      subject: receipt.subject,
      body: receipt.text,
      leadId: payment.leadId,
      contactId: payment.contactId,
    });
    const r2 = await this.outbound.recordQueued(manager, {
      idempotencyKey: `staff-notification:payment:${payment.paymentIntentId}`,
      channel: 'email',
      recipient: this.env.STAFF_NOTIFICATION_EMAIL,
      template: notice.template,
      subject: notice.subject,
      body: notice.text,
      leadId: payment.leadId,
      contactId: payment.contactId,
    });
    return [
      { outboundMessageId: r1.id, recordId: payment.id },
      { outboundMessageId: r2.id, recordId: payment.id },
    ];
  }
}
