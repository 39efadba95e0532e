import { Controller, Get, Query } from '@nestjs/common';
import { auditLogQuerySchema, type AuditLogQuery, type AuditLogResponse } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { AuditLogService } from './audit-log.service.js';

/** The audit log's own view (issue 22 point 9; decisions.md §12). Staff only (global StaffGuard). */
@Controller('api/audit-log')
export class AuditLogController {
  constructor(private readonly audit: AuditLogService) {}

  /**
   * GET /api/audit-log?user=&action=&leadId=&page=1&pageSize=50 — AuditLogResponse `{entries,
   * total, page, pageSize, actions, users}`: deletions (`lead.deleted`, `lead.restored`,
   * `lead.purged`), exports (`export.*`), template and campaign actions (`template.*`,
   * `campaign.*`), logins (`auth.login`), settings changes (`site_setting.updated`) and every other
   * audited action, newest first. 400 VALIDATION_FAILED for a bad query.
   */
  @Get()
  list(@Query(new ZodValidationPipe(auditLogQuerySchema)) q: AuditLogQuery): Promise<AuditLogResponse> {
    return this.audit.search(q);
  }
}
