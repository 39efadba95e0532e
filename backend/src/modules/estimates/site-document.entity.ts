import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A file the site sends to many visitors, rendered by the worker and kept in Postgres once per
 * `key` (the free 47-point checklist PDF: its key is derived from the rendered content, so a
 * change of company facts renders a new one and an unchanged one is never rendered again).
 */
@Entity({ name: 'site_documents' })
export class SiteDocumentRecord {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_site_documents' })
  id!: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  key!: string;

  @Column({ type: 'text' })
  filename!: string;

  @Column({ type: 'text', default: 'application/pdf' })
  contentType!: string;

  /** Size of `content` in bytes. */
  @Column({ type: 'integer' })
  byteSize!: number;

  @Column({ type: 'bytea', select: false })
  content!: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
