import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
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
import { LeadEvents, LeadRecord, LeadsService, depositTokenHash } from '../leads/index.js';
import { MessageJobs, OutboundMessagesService } from '../messaging/index.js';
import { QuoteVersionRecord, QuoteVersionsService } from '../quotes/index.js';
import { SiteSettingsService } from '../site/index.js';
import { AuditLogService } from '../staff/index.js';
import { renderPaymentReceipt, renderStaffPaymentLockNotice, renderStaffPaymentNotice } from './payment-emails.js';
import { PaymentLocks, type NewPaymentLock } from './payment-locks.service.js';
import { PaymentRecord, StripeEventRecord, type PaymentStatusValue } from './payment.entity.js';
import { STRIPE_CLIENT } from './stripe-client.js';

/** The one answer for a deposit token that cannot be paid: unknown, malformed, paid, or a lead without a quote. */
export const QUOTE_NOT_PAYABLE_MESSAGE = 'This quote cannot be paid online. Please call us.';
/** 423 answer of a deposit while the quote or the address is locked after repeated card failures. */
export const DEPOSIT_LOCKED_MESSAGE = 'Online payment is paused for this quote. Please call us to pay.';
/** 423 answer of a consultation deposit while the address is locked after repeated card failures. */
export const CONSULTATION_LOCKED_MESSAGE = 'Online payment is paused for now. Please call us to pay your consultation deposit.';

/** What a webhook's transaction leaves to do once it committed. */
interface IntentEventEffects {
  jobs: { outboundMessageId: number; recordId: number }[];
  leadIds: Set<number>;
  locks: NewPaymentLock[];
}

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
    private readonly locks: PaymentLocks,
    private readonly audit: AuditLogService,
    private readonly quoteVersions: QuoteVersionsService,
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
   * quote addressed by `input.quoteToken`) in cents, USD, Idempotency-Key
   * `deposit-lead-<id>-<amount>-<digest>` (see {@link idempotencyKeyFor}).
   *
   * Saved quotes (issue 21 point 6): a token that is a quote version's link pays that version —
   * only once the customer approved it (409 CONFLICT "Please approve the quote before paying its
   * deposit." before that; 404 for a superseded, expired or paid version), for round(10% × the
   * approved option's total), and the payment names the version (`quote_version_id`: the deposit
   * is tied to the version it paid for). A token of a lead saved before versions existed keeps
   * the lead-level rules below.
   *
   * Card-testing defence (issue 25 point 4): the quote is found by the SHA-256 of its deposit
   * token, never by the lead id; an unknown or malformed token, the token of a paid deposit and a
   * lead without a quote all get the same 404 after the same queries. At most one open intent per
   * quote and amount: the lead row is locked (`FOR UPDATE`) for the whole call, so concurrent calls
   * for one quote are serialised and the later ones reuse the intent the first recorded; an intent
   * canceled at Stripe is marked `canceled` and replaced (`metadata.replaces`). The payment
   * remembers `clientAddress` (the caller's limiter key; updated on reuse to the latest caller)
   * so its card failures count toward that address's lock. Once the intent is handed out, open
   * intents of an earlier choice or version are canceled ({@link cancelStaleDeposits}).
   * @param clientAddress the caller's address key (`formCheckOf(req).address`).
   * @throws 404 NOT_FOUND quote not payable online (see above); 409 CONFLICT deposit above
   * {@link STRIPE_MAX_AMOUNT_CENTS} (to be paid by phone); 423 PAYMENTS_LOCKED the quote or the
   * address is paused after repeated card failures; 503 PAYMENTS_NOT_CONFIGURED; 502
   * PAYMENT_PROVIDER_ERROR.
   */
  async createDeposit(input: CreateDepositPayment, clientAddress: string): Promise<ClientSecretResponse> {
    const stripe = this.client();
    // The address lock is checked before the token is looked at: its answer says nothing about tokens.
    await this.locks.assertOpen({ address: clientAddress }, DEPOSIT_LOCKED_MESSAGE);
    const tokenHash = depositTokenHash(input.quoteToken);
    let versionLeadId: number | null = null;
    const answer = await this.dataSource.transaction(async (manager): Promise<ClientSecretResponse> => {
      const version = await this.quoteVersions.findByToken(input.quoteToken, manager);
      let lead: LeadRecord | null;
      let amountCents: number;
      if (version) {
        // Lead first, then the version: the order every writer of a lead's quote takes.
        lead = await manager.findOne(LeadRecord, { where: { id: version.leadId }, lock: { mode: 'pessimistic_write' } });
        const current = await manager.findOne(QuoteVersionRecord, { where: { id: version.id }, lock: { mode: 'pessimistic_write' } });
        if (!lead || !current || current.status === 'superseded' || current.status === 'deposit_paid' || current.expiresAt <= new Date())
          throw new ApiError(404, ErrorCode.NotFound, QUOTE_NOT_PAYABLE_MESSAGE);
        if (current.status !== 'approved')
          throw new ApiError(409, ErrorCode.Conflict, 'Please approve the quote before paying its deposit.');
        if (current.totalCents <= 0) throw new ApiError(404, ErrorCode.NotFound, QUOTE_NOT_PAYABLE_MESSAGE);
        amountCents = depositCentsForTotal(current.totalCents / 100);
      } else {
        lead = await manager.findOne(LeadRecord, { where: { depositTokenHash: tokenHash }, lock: { mode: 'pessimistic_write' } });
        // Always the same two queries, found or not, so the answer's timing does not tell either.
        const paid = await manager.exists(PaymentRecord, { where: { leadId: lead?.id ?? 0, kind: 'deposit', status: 'succeeded' } });
        if (!lead || lead.totalEstimateCents === null || lead.totalEstimateCents <= 0 || paid)
          throw new ApiError(404, ErrorCode.NotFound, QUOTE_NOT_PAYABLE_MESSAGE);
        amountCents = depositCentsForTotal(lead.totalEstimateCents / 100);
      }
      const quoteVersionId = version?.id ?? null;
      if (version) versionLeadId = lead.id;
      if (amountCents > STRIPE_MAX_AMOUNT_CENTS)
        throw new ApiError(409, ErrorCode.Conflict, 'This deposit is above what can be paid online. Please call us to pay it.');
      await this.locks.assertOpen({ leadId: lead.id }, DEPOSIT_LOCKED_MESSAGE, manager);

      const payments = manager.getRepository(PaymentRecord);
      const existing = await payments.findOne({
        where: { leadId: lead.id, kind: 'deposit', amountCents, status: Not('canceled'), quoteVersionId: quoteVersionId ?? IsNull() },
        order: { id: 'DESC' },
      });
      let replaces: string | null = null;
      if (existing) {
        const current = await this.provider('retrieve', () => stripe.paymentIntents.retrieve(existing.paymentIntentId));
        if (current.status !== 'canceled' && current.client_secret) {
          if (existing.clientAddress !== clientAddress) await payments.update({ id: existing.id }, { clientAddress });
          return { clientSecret: current.client_secret };
        }
        if (current.status === 'canceled') {
          await payments.update({ id: existing.id, status: In(['pending', 'failed', 'processing']) }, { status: 'canceled' });
          replaces = current.id;
        }
      }

      const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ') || null;
      const params: Stripe.PaymentIntentCreateParams = {
        amount: amountCents,
        currency: CURRENCY,
        allowed_payment_method_types: ['card'],
        description: `10% installation deposit, quote #${lead.id}${version ? ` version ${version.version}` : ''}`,
        receipt_email: lead.email,
        metadata: {
          kind: 'deposit',
          leadId: String(lead.id),
          ...(quoteVersionId ? { quoteVersionId: String(quoteVersionId) } : {}),
          ...(replaces ? { replaces } : {}),
        },
      };
      const idempotencyKey = idempotencyKeyFor(`deposit-lead-${lead.id}-${amountCents}`, params);
      const intent = await this.provider('create', () => stripe.paymentIntents.create(params, { idempotencyKey }));
      await this.record(manager, {
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
        clientAddress,
        quoteVersionId,
      });
      if (!intent.client_secret) throw new ApiError(502, ErrorCode.PaymentProviderError, 'The payment provider returned no client secret.');
      return { clientSecret: intent.client_secret };
    });
    // A second chance for an intent of an earlier choice the approval could not cancel (Stripe down then).
    if (versionLeadId !== null) await this.cancelStaleDeposits(versionLeadId);
    return answer;
  }

  /**
   * POST /api/create-consultation-payment: a card PaymentIntent for exactly 25000 cents ($250),
   * USD, whatever amount the browser sends. Idempotency-Key `consultation-<email>-<UTC day>-<digest>`
   * (see {@link idempotencyKeyFor}) so a double submit makes one intent. The payment is linked to the visitor's contact (found by
   * e-mail, or created from firstName, lastName, email, phone and the building type), in the
   * same transaction as the payment row (decisions.md §4), so staff see it on the contact.
   * The payment remembers `clientAddress` (the caller's limiter key, the latest caller's on a
   * reused intent): its card failures count toward that address's lock.
   * @param clientAddress the caller's address key (`formCheckOf(req).address`).
   * @throws 423 PAYMENTS_LOCKED the address is paused after repeated card failures;
   * 503 PAYMENTS_NOT_CONFIGURED; 502 PAYMENT_PROVIDER_ERROR.
   */
  async createConsultation(
    input: CreateConsultationPayment,
    clientAddress: string,
    today: Date = new Date(),
  ): Promise<ClientSecretResponse> {
    const stripe = this.client();
    await this.locks.assertOpen({ address: clientAddress }, CONSULTATION_LOCKED_MESSAGE);
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
        clientAddress,
        quoteVersionId: null,
      });
    });
    if (!intent.client_secret) throw new ApiError(502, ErrorCode.PaymentProviderError, 'The payment provider returned no client secret.');
    return { clientSecret: intent.client_secret };
  }

  /**
   * Inserts the payment row once per PaymentIntent; for a repeated intent id only
   * `client_address` is updated (the latest caller holds the client secret).
   */
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
      | 'clientAddress'
      | 'quoteVersionId'
    >,
  ) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(PaymentRecord)
      .values({ ...p, currency: CURRENCY, status: 'pending' } as QueryDeepPartialEntity<PaymentRecord>)
      .orUpdate(['client_address'], ['payment_intent_id'])
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

    const effects: IntentEventEffects = { jobs: [], leadIds: new Set(), locks: [] };
    const duplicate = await this.dataSource.transaction(async (manager) => {
      const table = manager.getRepository(StripeEventRecord).metadata.tablePath;
      const inserted: unknown[] = await manager.query(
        `INSERT INTO ${table} (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return true; // replayed event id
      if (event.type.startsWith('payment_intent.'))
        await this.applyIntentEvent(manager, event.id, event.type, event.data.object as Stripe.PaymentIntent, effects);
      return false;
    });
    for (const j of effects.jobs)
      await this.jobs.enqueueStaffNotification({ outboundMessageId: j.outboundMessageId, kind: 'payment', recordId: j.recordId });
    for (const leadId of effects.leadIds) this.events.activity({ leadId, type: 'payment' });
    for (const lock of effects.locks) await this.cancelOpenIntents(stripe, lock);
    return { received: true, duplicate };
  }

  /**
   * Cancels at Stripe the open deposit intents (our status `pending` or `failed`) of lead `leadId`
   * that no longer match what the customer owes (issue 21 point 6): an intent for a superseded
   * version (staff sent a revision), or for an amount other than 10 % of the version's approved
   * option (the customer approved another option). Without this, a client secret handed out for the
   * old choice could still be confirmed and charge the wrong amount. Each is marked `canceled` once
   * Stripe agrees. Called after an approval, after a revision and after a deposit intent is handed out.
   * Best effort, like {@link cancelOpenIntents}: a provider failure is logged, never thrown, and
   * Stripe's `payment_intent.canceled` webhook also marks it. No-op without Stripe keys.
   * @returns the PaymentIntent ids canceled.
   */
  async cancelStaleDeposits(leadId: number): Promise<string[]> {
    if (!this.stripe) return [];
    const open = await this.dataSource.getRepository(PaymentRecord).find({
      where: { leadId, kind: 'deposit', status: In(['pending', 'failed']), quoteVersionId: Not(IsNull()) },
    });
    if (open.length === 0) return [];
    const versions = await this.dataSource
      .getRepository(QuoteVersionRecord)
      .find({ where: { id: In([...new Set(open.map((p) => p.quoteVersionId!))]) } });
    const byId = new Map(versions.map((v) => [v.id, v]));
    const stale = open.filter((p) => {
      const v = byId.get(p.quoteVersionId!);
      // superseded, not approved (yet or any more), or paid: nothing is owed on this version now
      if (!v || v.status !== 'approved') return true;
      return depositCentsForTotal(v.totalCents / 100) !== p.amountCents;
    });
    return this.cancelIntents(this.stripe, stale, `as stale deposits of lead ${leadId}`, { cancellation_reason: 'abandoned' });
  }

  /**
   * Cancels at Stripe the open intents (our status `pending` or `failed`) of a quote or address
   * just locked, so a bot holding their client secrets cannot go on confirming cards against them;
   * each is marked `canceled` once Stripe agrees. Best effort: a failure is logged (the lock
   * still refuses new intents, and Stripe's own `payment_intent.canceled` webhook also marks them).
   */
  private async cancelOpenIntents(stripe: Stripe, lock: NewPaymentLock): Promise<void> {
    const open = await this.dataSource.getRepository(PaymentRecord).find({
      where: {
        ...(lock.scope === 'lead' ? { leadId: Number(lock.subject) } : { clientAddress: lock.subject }),
        status: In(['pending', 'failed']),
      },
    });
    await this.cancelIntents(stripe, open, `after the ${lock.scope} lock`);
  }

  /**
   * Cancels each of `open` at Stripe (with `params`) and marks it `canceled` once Stripe agreed,
   * unless it left `pending` / `failed` meanwhile. Best effort: a failure is logged with `why`.
   * @returns the PaymentIntent ids canceled.
   */
  private async cancelIntents(
    stripe: Stripe,
    open: readonly PaymentRecord[],
    why: string,
    params?: Stripe.PaymentIntentCancelParams,
  ): Promise<string[]> {
    const payments = this.dataSource.getRepository(PaymentRecord);
    const canceled: string[] = [];
    for (const p of open) {
      try {
        await stripe.paymentIntents.cancel(p.paymentIntentId, params);
        await payments.update({ id: p.id, status: In(['pending', 'failed']) }, { status: 'canceled' });
        canceled.push(p.paymentIntentId);
      } catch (err) {
        this.logger.warn(`could not cancel ${p.paymentIntentId} ${why}: ${(err as Error).message}`);
      }
    }
    return canceled;
  }

  /**
   * Updates the payment from the payment_intent.* event `eventId` inside the webhook's transaction,
   * adding to `effects` what to do once it commits: the messages to enqueue, the leads whose
   * timeline changed, and the payment locks taken. A `payment_failed` is counted toward its quote's
   * and its client address's lock (PaymentLocks); a lock taken now is recorded `queued` as a staff
   * notice (once per lock) and in the audit log.
   */
  private async applyIntentEvent(
    manager: EntityManager,
    eventId: string,
    type: string,
    intent: Stripe.PaymentIntent,
    effects: IntentEventEffects,
  ): Promise<void> {
    const payment = await manager.findOne(PaymentRecord, { where: { paymentIntentId: intent.id }, lock: { mode: 'pessimistic_write' } });
    if (!payment) {
      this.logger.warn(`webhook ${type} for unknown PaymentIntent ${intent.id}`);
      return;
    }
    const next: Partial<Record<string, PaymentStatusValue>> = {
      'payment_intent.succeeded': 'succeeded',
      'payment_intent.payment_failed': 'failed',
      'payment_intent.processing': 'processing',
      'payment_intent.canceled': 'canceled',
    };
    const status = next[type];
    if (!status || payment.status === 'succeeded') return; // a succeeded payment never goes back
    payment.status = status;
    payment.failureMessage = status === 'failed' ? (intent.last_payment_error?.message ?? 'Payment failed') : null;
    if (status === 'succeeded') payment.succeededAt = new Date();
    await manager.save(payment);
    if (payment.leadId !== null) effects.leadIds.add(payment.leadId);
    if (status === 'failed') {
      for (const lock of await this.locks.recordFailure(manager, eventId, payment)) {
        effects.locks.push(lock);
        const notice = renderStaffPaymentLockNotice(
          lock,
          payment,
          this.env.PAYMENT_FAILURES_WINDOW_MINUTES,
          `${this.env.PUBLIC_URL}/admin`,
        );
        const record = await this.outbound.recordQueued(manager, {
          idempotencyKey: `staff-notification:payment-lock:${lock.id}:${lock.lockedUntil.getTime()}`,
          channel: 'email',
          recipient: this.env.STAFF_NOTIFICATION_EMAIL,
          template: notice.template,
          subject: notice.subject,
          body: notice.text,
          leadId: lock.scope === 'lead' ? payment.leadId : null,
          contactId: null,
        });
        effects.jobs.push({ outboundMessageId: record.id, recordId: payment.id });
        await this.audit.record(manager, undefined, 'payments_locked', lock.scope === 'lead' ? 'lead' : 'client_address', lock.subject, {
          failures: lock.failures,
          windowMinutes: this.env.PAYMENT_FAILURES_WINDOW_MINUTES,
          lockedUntil: lock.lockedUntil.toISOString(),
          paymentIntentId: payment.paymentIntentId,
        });
      }
    }
    if (status !== 'succeeded') return;

    if (payment.kind === 'deposit' && payment.leadId !== null)
      await this.leads.setStatusBySystem(manager, payment.leadId, DEPOSITED_LEAD_STATUS);
    if (payment.kind === 'deposit' && payment.quoteVersionId !== null)
      await this.quoteVersions.markDepositPaid(manager, payment.quoteVersionId, payment.succeededAt ?? new Date());
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
    effects.jobs.push({ outboundMessageId: r1.id, recordId: payment.id }, { outboundMessageId: r2.id, recordId: payment.id });
  }
}
