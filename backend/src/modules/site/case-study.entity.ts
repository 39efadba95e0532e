import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CaseStudyCategory } from '@ironclad/contracts';
import { bigintAsNumber } from '../../platform/database/bigint-transformer.js';

/** A portfolio case study (staff-side.md §3 "case_studies"). `projectValueCents` in integer cents. */
@Entity({ name: 'case_studies' })
@Index('IDX_case_studies_published', ['published', 'completionDate'])
export class CaseStudyRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('UQ_case_studies_title', { unique: true })
  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  client!: string | null;

  @Column({ type: 'varchar', length: 40 })
  category!: CaseStudyCategory;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text' })
  challenge!: string;

  @Column({ type: 'text' })
  solution!: string;

  @Column({ type: 'text' })
  results!: string;

  @Column({ type: 'text', nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  images!: string[];

  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  projectValueCents!: number | null;

  @Column({ type: 'date', nullable: true })
  completionDate!: string | null;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  tags!: string[];

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ type: 'boolean', default: true })
  published!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
