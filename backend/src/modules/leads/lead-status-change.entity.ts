import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { LeadStatus } from '@ironclad/contracts';
import { LeadRecord } from './lead.entity.js';

/**
 * One change of a lead's pipeline status, written in the transaction of the change (PATCH
 * /api/leads/{id}); the status-change items of the activity timeline.
 */
@Entity({ name: 'lead_status_changes' })
// Migration ActivityFeedIndexes: the newest events first, for the activity feed (TypeORM cannot describe DESC; not managed by it).
@Index('IDX_lead_status_changes_created_at', { synchronize: false })
@Index('IDX_lead_status_changes_lead', ['leadId', 'createdAt'])
export class LeadStatusChangeRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  leadId!: number;

  @ManyToOne(() => LeadRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadRecord>;

  @Column({ type: 'varchar', length: 20, nullable: true })
  fromStatus!: LeadStatus | null;

  @Column({ type: 'varchar', length: 20 })
  toStatus!: LeadStatus;

  /** Staff email, or null. */
  @Column({ type: 'text', nullable: true })
  changedBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
