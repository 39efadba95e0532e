import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ContactSource } from '@ironclad/contracts';
import { LeadRecord } from '../leads/index.js';

/**
 * A contact-form submission (staff-side.md §3 "contacts"). `leadId` links the lead created by
 * Convert to Lead (decisions.md §9).
 */
@Entity({ name: 'contacts' })
@Index('IDX_contacts_created_at', ['createdAt'])
@Index('IDX_contacts_spam_created_at', ['createdAt'], { where: 'spam_reason IS NOT NULL' })
// (source, lower(email), created_at): the free guide's "same address within a day" lookup.
@Index('IDX_contacts_source_email', { synchronize: false })
@Check('CHK_contacts_source', `"source" IN ('contact_form', 'free_guide', 'consultation')`)
export class ContactRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  firstName!: string;

  @Column({ type: 'text' })
  lastName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  propertyType!: string;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  services!: string[];

  @Column({ type: 'text', nullable: true })
  referralSource!: string | null;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** Service page the form was sent from (public-site.md §3 serviceType), if any. */
  @Column({ type: 'text', nullable: true })
  serviceType!: string | null;

  @Column({ type: 'integer', nullable: true })
  leadId!: number | null;

  @ManyToOne(() => LeadRecord, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadRecord> | null;

  /** Why the submission is taken for a bot's (`honeypot` | `too_fast`), or null; flagged contacts are hidden by default. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  spamReason!: string | null;

  /** Which form the contact came from (contracts CONTACT_SOURCES). */
  @Column({ type: 'varchar', length: 20, default: 'contact_form' })
  source!: ContactSource;

  /** When the visitor asked to be emailed (the free guide); null for the other forms. */
  @Column({ type: 'timestamptz', nullable: true })
  consentedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
