import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditEntry } from '@ironclad/contracts';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogRecord } from './audit-log.entity.js';

/** The staff audit log. */
@Injectable()
export class AuditLogService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records one action; pass the transaction's manager so the entry commits with the change. */
  async record(
    manager: EntityManager | null,
    user: SessionUser | undefined,
    action: string,
    entityType: string,
    entityId: string | number | null,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const m = manager ?? this.dataSource.manager;
    await m.insert(AuditLogRecord, {
      userId: user?.id ?? null,
      userEmail: user?.email ?? null,
      action,
      entityType,
      entityId: entityId === null ? null : String(entityId),
      details: details as never,
    });
  }

  /** Entries of one record, newest first (at most 100). */
  async forEntity(entityType: string, entityId: string | number): Promise<AuditEntry[]> {
    const rows = await this.dataSource
      .getRepository(AuditLogRecord)
      .find({ where: { entityType, entityId: String(entityId) }, order: { createdAt: 'DESC', id: 'DESC' }, take: 100 });
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      userEmail: r.userEmail,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
