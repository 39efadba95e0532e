import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A pricing record of the AI designer (staff-side.md §3 "ai_recommendation_config"):
 * keys tiered_pricing, component_pricing (category pricing) and additional_costs (features).
 */
@Entity({ name: 'ai_recommendation_config' })
export class AiConfigRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  /** `pricing` or `features`. */
  @Column({ type: 'varchar', length: 40 })
  category!: string;

  @Column({ type: 'text', unique: true })
  configKey!: string;

  @Column({ type: 'jsonb' })
  configValue!: unknown;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

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
