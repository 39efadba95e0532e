import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A promotion (decisions.md §7): shown on the site and applied to quotes only from
 * `validFrom` to `validUntil` (inclusive) while `isActive` is true. Active promotions never
 * overlap (PromotionsService refuses the second one).
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

  /** First valid day, YYYY-MM-DD; null = valid from its creation. */
  @Column({ type: 'date', nullable: true })
  validFrom!: string | null;

  /** Last valid day, YYYY-MM-DD. */
  @Column({ type: 'date' })
  validUntil!: string;

  @Column({ type: 'text' })
  bannerText!: string;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  /** Edit version: grows by one with each staff save; a save naming an older one is refused (409). */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
