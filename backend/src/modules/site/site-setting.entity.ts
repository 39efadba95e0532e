import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A site setting (staff-side.md §3 "site_settings"): the feature switches calculator_enabled,
 * contact_forms_enabled, shopping_form_enabled (boolean values) and `company_facts`
 * (decisions.md §6, a JSON object).
 */
@Entity({ name: 'site_settings' })
export class SiteSettingRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', unique: true })
  settingKey!: string;

  @Column({ type: 'jsonb' })
  settingValue!: unknown;

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
