import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Jobs, QueueName as Queues, type JobSummary, type QueueName } from '@ironclad/contracts';
import { JobIndex, jobOwners, type IndexedJob, type JobOwnerKind } from '../../platform/queue/job-index.js';
import { QueueRegistry } from '../../platform/queue/queue-registry.js';
import { JobActionsService, summarise } from './job-actions.service.js';

/** Newest jobs of a lead or campaign shown beside its failed ones. */
export const RECORD_JOBS_LIMIT = 50;
/** Failed jobs scanned per queue when looking for a record's failures (failed jobs are kept 7 days). */
const FAILED_SCAN = 1000;

/** Queues whose jobs can belong to each kind of record. */
const QUEUES_OF: Record<JobOwnerKind, QueueName[]> = {
  lead: [Queues.Pdf, Queues.Messages, Queues.Sms, Queues.Notifications],
  campaign: [Queues.Campaigns, Queues.Messages, Queues.Sms],
};

/**
 * The jobs that belong to a lead or a campaign, for its staff panel: BullMQ and Bull Board find a
 * job by queue and id only, staff by the record it is about ({@link JobIndex}).
 */
@Injectable()
export class RecordJobsService {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly index: JobIndex,
    private readonly actions: JobActionsService,
  ) {}

  /**
   * The jobs of one lead or campaign (PDF estimates, emails, SMS, staff notifications, the
   * campaign's fan-out): its failed jobs first (found in the failed sets, however old), then its
   * newest RECORD_JOBS_LIMIT jobs, newest first. Index entries of jobs BullMQ removed are dropped.
   * @throws ApiError 503 when Redis does not answer.
   */
  async jobsOf(kind: JobOwnerKind, id: number): Promise<JobSummary[]> {
    return this.actions.guard(() => this.find(kind, id));
  }

  private async find(kind: JobOwnerKind, id: number): Promise<JobSummary[]> {
    const indexed = await this.index.jobsOf(kind, id, RECORD_JOBS_LIMIT);
    const failed = await Promise.all(
      QUEUES_OF[kind].map(async (name) => {
        const jobs = await this.queues.get(name).getFailed(0, FAILED_SCAN - 1);
        return jobs.filter((job) => job && ownedBy(job, kind, id));
      }),
    );
    const seen = new Set<string>();
    const out: JobSummary[] = [];
    for (const job of failed.flat().sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))) {
      seen.add(`${job.queueName}:${job.id}`);
      out.push(await summarise(job, 'failed'));
    }
    const missing: IndexedJob[] = [];
    const rest = await Promise.all(
      indexed.map(async (ref) => {
        if (seen.has(`${ref.queue}:${ref.id}`)) return null;
        const queue = this.queues.get(ref.queue);
        const job = await queue.getJob(ref.id);
        if (!job) missing.push(ref);
        return job ? summarise(job, undefined, () => queue.getJob(ref.id)) : null;
      }),
    );
    await this.index.forget(kind, id, missing);
    return [...out, ...rest.filter((j): j is JobSummary => j !== null)];
  }
}

/** Whether `job` belongs to record `kind` `id` (by the owners its payload names). */
function ownedBy(job: Job, kind: JobOwnerKind, id: number): boolean {
  const definition = Object.values(Jobs).find((d) => d.queue === job.queueName && d.name === job.name);
  if (!definition) return false;
  const owners = jobOwners(definition, job.data);
  return (kind === 'lead' ? owners.leadId : owners.campaignId) === id;
}
