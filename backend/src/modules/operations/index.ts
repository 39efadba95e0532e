/** Public surface of the operations feature (job actions, dashboard, metrics, jobs CLI). */
export { OperationsModule, OperationsApiModule } from './operations.module.js';
export { JobActionsService, JobAuditAction, summarise, type JobActor } from './job-actions.service.js';
export { JobDashboard } from './job-dashboard.js';
export { RecordJobsService } from './record-jobs.service.js';
export { METRICS_PATH } from './metrics/metrics.controller.js';
