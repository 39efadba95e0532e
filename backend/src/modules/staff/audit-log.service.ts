import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditEntry, AuditLogQuery, AuditLogResponse } from '@ironclad/contracts';
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

  /**
   * GET /api/audit-log: one page of entries, newest first, filtered by user email (`system` = no
   * user), action (exact, or a prefix ending in `.`) and lead; with the distinct actions and user
   * emails of the whole log for the filter choices.
   */
  async search(q: AuditLogQuery): Promise<AuditLogResponse> {
    const qb = this.dataSource.getRepository(AuditLogRecord).createQueryBuilder('a');
    if (q.user !== undefined && q.user !== '') {
      if (q.user.toLowerCase() === 'system') qb.andWhere('a.userEmail IS NULL');
      else qb.andWhere('lower(a.userEmail) = lower(:user)', { user: q.user });
    }
    if (q.action) {
      if (q.action.endsWith('.')) qb.andWhere('a.action LIKE :prefix', { prefix: `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
      else qb.andWhere('a.action = :action', { action: q.action });
    }
    if (q.leadId !== undefined) qb.andWhere(`a.entityType = 'lead' AND a.entityId = :leadId`, { leadId: String(q.leadId) });
    qb.orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .skip((q.page - 1) * q.pageSize)
      .take(q.pageSize);
    const [[rows, total], actions, users] = await Promise.all([
      qb.getManyAndCount(),
      this.dataSource.query(`SELECT DISTINCT action FROM audit_log ORDER BY action`) as Promise<{ action: string }[]>,
      this.dataSource.query(`SELECT DISTINCT user_email FROM audit_log WHERE user_email IS NOT NULL ORDER BY user_email`) as Promise<
        { user_email: string }[]
      >,
    ]);
    return {
      entries: rows.map(toEntry),
      total,
      page: q.page,
      pageSize: q.pageSize,
      actions: actions.map((r) => r.action),
      users: users.map((r) => r.user_email),
    };
  }

  /** Entries of one record, newest first (at most 100). */
  async forEntity(entityType: string, entityId: string | number): Promise<AuditEntry[]> {
    const rows = await this.dataSource
      .getRepository(AuditLogRecord)
      .find({ where: { entityType, entityId: String(entityId) }, order: { createdAt: 'DESC', id: 'DESC' }, take: 100 });
    return rows.map(toEntry);
  }
}

const toEntry = (r: AuditLogRecord): AuditEntry => ({
  id: r.id,
  action: r.action,
  entityType: r.entityType,
  entityId: r.entityId,
  userEmail: r.userEmail,
  details: r.details,
  createdAt: r.createdAt.toISOString(),
});
