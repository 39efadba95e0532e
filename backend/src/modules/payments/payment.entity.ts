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
@Check('CHK_payments_kind', `"kind" IN ('deposit','consultation')`)
@Check('CHK_payments_status', `"status" IN ('pending','processing','succeeded','failed','canceled')`)
@Check('CHK_payments_amount', `"amount_cents" > 0`)
@Index('IDX_payments_lead', ['leadId'])
@Index('IDX_payments_contact', ['contactId'])
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
