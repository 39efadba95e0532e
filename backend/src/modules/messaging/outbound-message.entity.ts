import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { OutboundChannel, OutboundStatus } from '@ironclad/contracts';
import { LeadRecord } from '../leads/lead.entity.js';
import { ContactRecord } from '../contacts/contact.entity.js';

/**
 * Every outbound email or SMS (decisions.md §8, §14): written before the provider is called,
 * updated with the outcome. `idempotencyKey` is unique, so a retried or replayed job finds the
 * existing record instead of sending again.
 */
@Entity({ name: 'outbound_messages' })
@Check('CHK_outbound_messages_channel', `"channel" IN ('email','sms')`)
@Check('CHK_outbound_messages_status', `"status" IN ('queued','sending','sent','failed','not_delivered')`)
@Index('IDX_outbound_messages_lead', ['leadId', 'createdAt'])
@Index('IDX_outbound_messages_contact', ['contactId', 'createdAt'])
export class OutboundMessageRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', unique: true })
  idempotencyKey!: string;

  @Column({ type: 'varchar', length: 10 })
  channel!: OutboundChannel;

  @Column({ type: 'text' })
  recipient!: string;

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

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** Provider calls made for this message. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'integer', nullable: true })
  leadId!: number | null;

  @ManyToOne(() => LeadRecord, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadRecord> | null;

  @Column({ type: 'integer', nullable: true })
  contactId!: number | null;

  @ManyToOne(() => ContactRecord, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'contact_id' })
  contact?: Relation<ContactRecord> | null;

  /** `system`, or the staff user id who triggered the send. */
  @Column({ type: 'text', default: 'system' })
  triggeredBy!: string;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
