import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A promotion (decisions.md §7): shown on the site and applied to quotes only while
 * `validUntil` (inclusive) is not past and `isActive` is true.
 */
@Entity({ name: 'promotions' })
@Check('CHK_promotions_percent', `"percent" >= 0 AND "percent" <= 100`)
export class PromotionRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', unique: true })
  code!: string;

  /** Whole percent off, 0-100. */
  @Column({ type: 'integer' })
  percent!: number;

  /** Last valid day, YYYY-MM-DD. */
  @Column({ type: 'date' })
  validUntil!: string;

  @Column({ type: 'text' })
  bannerText!: string;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
