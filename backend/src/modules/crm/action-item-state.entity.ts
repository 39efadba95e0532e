import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { ActionKey } from '@ironclad/contracts';
import { LeadRecord } from '../leads/index.js';

/**
 * A staff decision about one Action Items action of a lead (staff-side.md §4): snoozed until a
 * moment, or dismissed. One row per lead and action key; deleted with the lead.
 */
@Entity({ name: 'action_item_states' })
@Index('UQ_action_item_states_lead_key', ['leadId', 'actionKey'], { unique: true })
export class ActionItemStateRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  leadId!: number;

  @ManyToOne(() => LeadRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadRecord>;

  /** ACTION_KEYS (welcome_email, follow_up_sms, …). */
  @Column({ type: 'varchar', length: 40 })
  actionKey!: ActionKey;

  /** Hidden from the list until this moment, or null. */
  @Column({ type: 'timestamptz', nullable: true })
  snoozedUntil!: Date | null;

  /** Hidden for good from this moment, or null. */
  @Column({ type: 'timestamptz', nullable: true })
  dismissedAt!: Date | null;

  /** Email of the staff user who snoozed or dismissed it. */
  @Column({ type: 'text', nullable: true })
  updatedBy!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
