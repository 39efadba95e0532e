import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { ContactRecord } from '../contacts/index.js';
import { LeadRecord } from '../leads/index.js';
import { QuoteVersionRecord } from '../quotes/index.js';

/** Kinds of payment (public-site.md §9): the wizard's 10% deposit and the $250 consultation deposit. */
export const PAYMENT_KINDS = ['deposit', 'consultation'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Our view of a PaymentIntent's status, updated from verified webhooks (decisions.md §4). */
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];

/**
 * One Stripe PaymentIntent (decisions.md §4). Created when the intent is created, updated only
 * from signature-verified webhooks. Amount in integer cents.
 */
@Entity({ name: 'payments' })
// Migration ActivityFeedIndexes: the newest events first, for the activity feed (TypeORM cannot describe DESC; not managed by it).
@Index('IDX_payments_lead_activity', { synchronize: false })
@Check('CHK_payments_kind', `"kind" IN ('deposit','consultation')`)
@Check('CHK_payments_status', `"status" IN ('pending','processing','succeeded','failed','canceled')`)
@Check('CHK_payments_amount', `"amount_cents" > 0`)
@Index('IDX_payments_lead', ['leadId'])
@Index('IDX_payments_contact', ['contactId'])
@Index('IDX_payments_quote_version', ['quoteVersionId'])
export class PaymentRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  kind!: PaymentKind;

  /** The wizard lead a deposit is for (null for a consultation deposit). */
  @Column({ type: 'integer', nullable: true })
  leadId!: number | null;

  @ManyToOne(() => LeadRecord, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadRecord> | null;

  /**
   * The quote version a deposit paid for (issue 21 point 6: a deposit is tied to the version the
   * customer approved; a later revision is a new version with its own deposit); null for a
   * consultation deposit and for deposits of quotes saved before versions existed.
   */
  @Column({ type: 'integer', nullable: true })
  quoteVersionId!: number | null;

  @ManyToOne(() => QuoteVersionRecord, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'quote_version_id' })
  quoteVersion?: Relation<QuoteVersionRecord> | null;

  /**
   * The contact the payment belongs to: for a consultation deposit, the contact found (same
   * e-mail) or created from the visitor's details when the intent was created; null for a wizard
   * deposit (linked through its lead).
   */
  @Column({ type: 'integer', nullable: true })
  contactId!: number | null;

  @ManyToOne(() => ContactRecord, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'contact_id' })
  contact?: Relation<ContactRecord> | null;

  @Column({ type: 'text' })
  customerEmail!: string;

  @Column({ type: 'text', nullable: true })
  customerName!: string | null;

  @Column({ type: 'text', nullable: true })
  customerPhone!: string | null;

  /** Integer cents. */
  @Column({ type: 'integer' })
  amountCents!: number;

  /** ISO currency code, lower case (usd). */
  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'text', unique: true })
  paymentIntentId!: string;

  /** The Idempotency-Key the intent was created with. */
  @Column({ type: 'text' })
  idempotencyKey!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: PaymentStatusValue;

  /** The provider's message of the last failure. */
  @Column({ type: 'text', nullable: true })
  failureMessage!: string | null;

  /**
   * The limiter key of the client address (IPv4, or the IPv6 /64) that last asked for this
   * intent's client secret: its card failures count toward that address's payment lock
   * (payment-locks.service.ts). Null for payments recorded before the column existed.
   */
  @Column({ type: 'text', nullable: true })
  clientAddress!: string | null;

  /** Project details sent by the browser (informational only). */
  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  @Column({ type: 'timestamptz', nullable: true })
  succeededAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** A processed Stripe webhook event id: a replayed event is ignored (decisions.md §4). */
@Entity({ name: 'stripe_events' })
export class StripeEventRecord {
  /** Stripe's event id (evt_…). */
  @Column({ type: 'text', primary: true })
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt!: Date;
}

/** What a payment lock is about: one quote (lead id) or one client address (limiter key). */
export const PAYMENT_LOCK_SCOPES = ['lead', 'address'] as const;
export type PaymentLockScope = (typeof PAYMENT_LOCK_SCOPES)[number];

/**
 * One verified `payment_intent.payment_failed` event, attributed to the quote and the client
 * address of its payment (card-testing defence, OWASP OAT-001). Counted per quote and per address
 * over the last PAYMENT_FAILURES_WINDOW_MINUTES; written in the webhook's transaction, so a
 * replayed event (same id) is never counted twice. Kept afterwards as evidence for staff.
 */
@Entity({ name: 'payment_failures' })
@Index('IDX_payment_failures_lead_created_at', ['leadId', 'createdAt'])
@Index('IDX_payment_failures_address_created_at', ['clientAddress', 'createdAt'])
export class PaymentFailureRecord {
  /** Stripe's event id (evt_…). */
  @Column({ type: 'text', primary: true })
  eventId!: string;

  @Column({ type: 'text' })
  paymentIntentId!: string;

  /** The quote (wizard lead) of a deposit; null for a consultation deposit. */
  @Column({ type: 'integer', nullable: true })
  leadId!: number | null;

  /** The client address key of the payment (see PaymentRecord.clientAddress). */
  @Column({ type: 'text', nullable: true })
  clientAddress!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * Online payment paused for one quote or one client address until `lockedUntil`, after more than
 * PAYMENT_FAILURES_LOCK_AFTER card failures in the window. Stored in Postgres so every api
 * instance sees it; one row per subject, renewed when it locks again after expiring.
 */
@Entity({ name: 'payment_locks' })
@Check('CHK_payment_locks_scope', `"scope" IN ('lead','address')`)
@Index('UQ_payment_locks_scope_subject', ['scope', 'subject'], { unique: true })
export class PaymentLockRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 10 })
  scope!: PaymentLockScope;

  /** The lead id (scope `lead`) or the client address key (scope `address`). */
  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'timestamptz' })
  lockedUntil!: Date;

  /** Failures counted in the window when it locked. */
  @Column({ type: 'integer' })
  failures!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
