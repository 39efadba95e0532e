import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MessageKind, OutboundChannel, OutboundStatus } from '@ironclad/contracts';

/**
 * Every outbound email or SMS (decisions.md §8, §14): written before the provider is called,
 * updated with the outcome. `idempotencyKey` is unique, so a retried or replayed job finds the
 * existing record instead of sending again. Campaign recipients are rows with `campaignId`.
 */
@Entity({ name: 'outbound_messages' })
// Migration ActivityFeedIndexes: the newest events first, for the activity feed (TypeORM cannot describe DESC; not managed by it).
@Index('IDX_outbound_messages_lead_activity', { synchronize: false })
@Check('CHK_outbound_messages_channel', `"channel" IN ('email','sms')`)
@Check(
  'CHK_outbound_messages_status',
  `"status" IN ('queued','sending','sent','failed','not_delivered','skipped','cancelled','suppressed')`,
)
@Check('CHK_outbound_messages_kind', `"kind" IN ('transactional','marketing','test')`)
@Index('IDX_outbound_messages_lead', ['leadId', 'createdAt'])
@Index('IDX_outbound_messages_contact', ['contactId', 'createdAt'])
@Index('IDX_outbound_messages_campaign_status', ['campaignId', 'status'])
// the sweeps' "left queued / sending" scans stay small however long the history grows
@Index('IDX_outbound_messages_pending', ['updatedAt'], { where: `"status" IN ('queued', 'sending')` })
// the per-recipient cap counts one recipient's visitor-addressed messages of the last 24 h
@Index('IDX_outbound_messages_recipient_cap', ['recipientKey', 'createdAt'], { where: 'visitor_addressed' })
export class OutboundMessageRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', unique: true })
  idempotencyKey!: string;

  @Column({ type: 'varchar', length: 10 })
  channel!: OutboundChannel;

  /** transactional, marketing (campaigns: unsubscribe link, opt-outs honoured) or test. */
  @Column({ type: 'varchar', length: 20, default: 'transactional' })
  kind!: MessageKind;

  /** Email address, or an E.164 phone number (+15551234567) for SMS. */
  @Column({ type: 'text' })
  recipient!: string;

  /**
   * An automated message to an address or number a visitor typed (PDF quote, quote link, free
   * guide): counted by the per-recipient cap (RECIPIENT_CAP_PER_DAY).
   */
  @Column({ type: 'boolean', default: false })
  visitorAddressed!: boolean;

  /** The normalised recipient of a visitor-addressed message (`email:a@b.c`, `sms:+1555…`), else null. */
  @Column({ type: 'text', nullable: true })
  recipientKey!: string | null;

  /** Template name (e.g. staff_new_lead, welcome), or null for a free-text message. */
  @Column({ type: 'text', nullable: true })
  template!: string | null;

  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  @Column({ type: 'text' })
  body!: string;

  /** sendgrid, twilio or outbox (no provider configured). */
  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ type: 'text', nullable: true })
  providerMessageId!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status!: OutboundStatus;

  /** The provider's reason of a failure, or why it was not sent (outbox, opt-out, suppression). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** Provider calls made for this message. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'integer', nullable: true })
  leadId!: number | null;

  // Messaging sits below leads, contacts and campaigns: their entities are named, not imported.
  @ManyToOne('LeadRecord', { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lead_id' })
  lead?: unknown;

  @Column({ type: 'integer', nullable: true })
  contactId!: number | null;

  @ManyToOne('ContactRecord', { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'contact_id' })
  contact?: unknown;

  /** The campaign this message belongs to (a recipient row), or null. */
  @Column({ type: 'integer', nullable: true })
  campaignId!: number | null;

  @ManyToOne('CampaignRecord', { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'campaign_id' })
  campaign?: unknown;

  /** `system`, or the email of the staff user who triggered the send. */
  @Column({ type: 'text', default: 'system' })
  triggeredBy!: string;

  /**
   * When the first provider call was claimed: a re-claim after a crash asks the provider for a
   * message sent since then before sending again.
   */
  @Column({ type: 'timestamptz', nullable: true })
  firstAttemptAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
