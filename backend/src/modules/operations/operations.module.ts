import { Module } from '@nestjs/common';
import { StaffModule } from '../staff/index.js';
import { JobActionsService } from './job-actions.service.js';
import { RecordJobsService } from './record-jobs.service.js';
import { JobsController } from './jobs.controller.js';
import { JobDashboard } from './job-dashboard.js';
import { MetricsModule } from './metrics/metrics.module.js';

/**
 * Operations on the queues (list, show, retry, promote, clean, remove, pause, resume) with their
 * audit entries: services only, used by the job dashboard, the jobs CLI and the lead / campaign
 * panels.
 */
@Module({ imports: [StaffModule], providers: [JobActionsService, RecordJobsService], exports: [JobActionsService, RecordJobsService] })
export class OperationsModule {}

/**
 * The api's operations: the job dashboard (Bull Board at /admin/queues), whose Express handlers
 * createApp mounts after the staff session handlers and before the front end's pages, and the job
 * actions of the staff panels (a lead's or a campaign's jobs), and GET /metrics (MetricsModule).
 */
@Module({ imports: [OperationsModule, MetricsModule], controllers: [JobsController], providers: [JobDashboard], exports: [JobDashboard] })
export class OperationsApiModule {}
