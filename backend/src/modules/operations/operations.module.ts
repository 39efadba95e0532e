import { Module } from '@nestjs/common';
import { StaffModule } from '../staff/index.js';
import { JobActionsService } from './job-actions.service.js';
import { JobsController } from './jobs.controller.js';

/**
 * Operations on the queues (list, show, retry, promote, clean, pause, resume) with their audit
 * entries: services only, used by the job dashboard, the jobs CLI and the lead / campaign panels.
 */
@Module({ imports: [StaffModule], providers: [JobActionsService], exports: [JobActionsService] })
export class OperationsModule {}

/** The operations endpoints of the api (job actions of the staff panels). */
@Module({ imports: [OperationsModule], controllers: [JobsController] })
export class OperationsApiModule {}
