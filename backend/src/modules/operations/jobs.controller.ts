import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { JobSummary } from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { JobActionsService } from './job-actions.service.js';

/** Job actions of the staff panels (a lead's or a campaign's jobs). Staff only (global StaffGuard). */
@Controller('api/jobs')
export class JobsController {
  constructor(private readonly jobs: JobActionsService) {}

  /**
   * POST /api/jobs/{queue}/{id}/retry — retries one failed job (a new attempt; handlers are
   * idempotent) and records it in the audit log. 200 the job (`JobSummary`, state `waiting`);
   * 404 unknown queue or job; 409 when the job is not failed; 503 when Redis does not answer.
   */
  @Post(':queue/:id/retry')
  @HttpCode(200)
  retry(@Param('queue') queue: string, @Param('id') id: string, @CurrentUser() user: SessionUser): Promise<JobSummary> {
    return this.jobs.retry(queue, id, { user });
  }
}
