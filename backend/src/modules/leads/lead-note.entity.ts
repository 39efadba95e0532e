import {
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
import { User } from '../staff/index.js';
import { LeadRecord } from './lead.entity.js';

/**
 * A note staff write on a lead (issue 22 point 6): on the lead's timeline, editable only by its
 * author. `authorEmail` keeps who wrote it when the account is later deleted (`authorId` null).
 */
@Entity({ name: 'lead_notes' })
@Index('IDX_lead_notes_lead', ['leadId', 'createdAt'])
export class LeadNoteRecord {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_lead_notes' })
  id!: number;

  @Column({ type: 'integer' })
  leadId!: number;

  @ManyToOne(() => LeadRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id', foreignKeyConstraintName: 'FK_lead_notes_lead' })
  lead?: Relation<LeadRecord>;

  @Column({ type: 'text', nullable: true })
  authorId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'FK_lead_notes_author' })
  author?: Relation<User>;

  @Column({ type: 'text' })
  authorEmail!: string;

  @Column({ type: 'text' })
  body!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
