import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A stored email template (staff-side.md §3 "Email template"; decisions.md §8). `subject` and
 * `content` are Handlebars sources (see template-renderer.ts). Names are unique; the defaults
 * welcome, follow-up and proposal are seeded (`isDefault`).
 */
@Entity({ name: 'email_templates' })
export class EmailTemplateRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', unique: true })
  name!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'text', default: 'general' })
  category!: string;

  @Column({ type: 'boolean', default: false })
  isDefault!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
