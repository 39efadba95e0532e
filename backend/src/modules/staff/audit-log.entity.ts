import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One staff action: who (`userId`, `userEmail` kept even if the user goes),
 * what (`action`: lead.status_changed, lead.updated, lead.deleted, contact.converted,
 * lead.manual_estimate, export.leads …), on which record (`entityType`, `entityId`), `details`
 * (e.g. `{from, to}` or the exported row count) and when.
 */
@Entity({ name: 'audit_log' })
@Index('IDX_audit_log_entity', ['entityType', 'entityId', 'createdAt'])
@Index('IDX_audit_log_created_at', ['createdAt'])
@Index('IDX_audit_log_action_created_at', ['action', 'createdAt'])
export class AuditLogRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', nullable: true })
  userId!: string | null;

  @Column({ type: 'text', nullable: true })
  userEmail!: string | null;

  @Column({ type: 'varchar', length: 60 })
  action!: string;

  @Column({ type: 'varchar', length: 40 })
  entityType!: string;

  @Column({ type: 'text', nullable: true })
  entityId!: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  details!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
