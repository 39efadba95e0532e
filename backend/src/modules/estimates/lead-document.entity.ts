import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { LeadDocumentKind } from '@ironclad/contracts';
import { bigintAsNumber } from '../../platform/database/bigint-transformer.js';
import { LeadRecord } from '../leads/index.js';

/**
 * A file produced for a lead and kept in Postgres (the system of record), e.g. the PDF estimate
 * the worker rendered and emailed, so staff can download it from the lead.
 * `requestId` is the id of the job that produced it: a retried job finds its document instead of
 * storing a second one.
 */
@Entity({ name: 'lead_documents' })
@Check('CHK_lead_documents_kind', `"kind" IN ('estimate_pdf','quote_pdf')`)
@Index('IDX_lead_documents_lead', ['leadId', 'createdAt'])
export class LeadDocumentRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  leadId!: number;

  @ManyToOne(() => LeadRecord, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadRecord>;

  @Column({ type: 'varchar', length: 30 })
  kind!: LeadDocumentKind;

  @Column({ type: 'uuid', unique: true })
  requestId!: string;

  @Column({ type: 'text' })
  filename!: string;

  @Column({ type: 'text', default: 'application/pdf' })
  contentType!: string;

  /** Size of `content` in bytes. */
  @Column({ type: 'integer' })
  byteSize!: number;

  /** Total of the document in integer cents (the estimate's total). */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  totalCents!: number;

  @Column({ type: 'bytea', select: false })
  content!: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
