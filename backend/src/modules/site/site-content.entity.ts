import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Editable site text (staff-side.md §3 "site_content"): one value per (section, key). */
@Entity({ name: 'site_content' })
@Index('UQ_site_content_section_key', ['section', 'key'], { unique: true })
export class SiteContentRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  section!: string;

  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  value!: string;

  /** How `value` is to be read: text, html-free markdown, url, json … */
  @Column({ type: 'text' })
  type!: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
