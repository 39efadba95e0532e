import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { LeadRecord } from '../leads/index.js';

/** A call note staff record on a lead (POST /api/send-communication type `call`); on the timeline. */
@Entity({ name: 'call_notes' })
// Migration ActivityFeedIndexes: the newest events first, for the activity feed (TypeORM cannot describe DESC; not managed by it).
@Index('IDX_call_notes_created_at', { synchronize: false })
@Index('IDX_call_notes_lead', ['leadId', 'createdAt'])
export class CallNoteRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  leadId!: number;

  @ManyToOne(() => LeadRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadRecord>;

  @Column({ type: 'text' })
  content!: string;

  /** Staff email. */
  @Column({ type: 'text', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
