import { Injectable } from '@nestjs/common';
import { ErrorCode as BullErrorCode, type Job, type Queue } from 'bullmq';
import {
  cleanJobsRequestSchema,
  ErrorCode,
  MAX_JOB_LIST,
  queueNameSchema,
  type CleanJobsRequest,
  type JobDetails,
  type QueueJobState,
  type JobSummary,
  type QueueName,
  type QueueOverview,
} from '@ironclad/contracts';
import { ApiError, validationError } from '../../platform/http/api-error.js';
import { withTimeout } from '../../platform/lifecycle/with-timeout.js';
import { QueuePauses } from '../../platform/queue/queue-pauses.js';
import { QueueRegistry } from '../../platform/queue/queue-registry.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService } from '../staff/index.js';

/**
 * Who performed an operation: a signed-in staff user (dashboard, lead or campaign panel) or a
 * developer at the CLI (`{cli: 'os-user@host'}`).
 */
export type JobActor = { user: SessionUser } | { cli: string };

/**
 * Audit actions of the operations on the queues (entity type `job` or `queue`): those of
 * {@link JobActionsService}, and the job dashboard's other writes, which Bull Board performs
 * itself and reports through {@link JobActionsService.record}.
 */
export const JobAuditAction = {
  Retried: 'job.retried',
  RetriedAll: 'queue.retried_failed',
  Promoted: 'job.promoted',
  PromotedAll: 'queue.promoted_delayed',
  Removed: 'job.removed',
  Cleaned: 'queue.cleaned',
  Paused: 'queue.paused',
  Resumed: 'queue.resumed',
  /** A job added by hand (dashboard "Add job"). */
  Added: 'job.added',
  /** A job's data replaced. */
  DataUpdated: 'job.data_updated',
  DelayChanged: 'job.delay_changed',
  PriorityChanged: 'job.priority_changed',
  /** The unprocessed children of a flow job removed. */
  ChildrenRemoved: 'job.children_removed',
  /** Every waiting and delayed job of a queue removed (BullMQ `drain`). */
  Emptied: 'queue.emptied',
  /** A queue and all its jobs deleted from Redis. */
  Obliterated: 'queue.obliterated',
  ConcurrencySet: 'queue.concurrency_set',
  RateLimitSet: 'queue.rate_limit_set',
  RateLimitReleased: 'queue.rate_limit_released',
  SchedulerRemoved: 'queue.scheduler_removed',
  SchedulerUpdated: 'queue.scheduler_updated',
  /** A job scheduler's job run once now. */
  SchedulerRun: 'queue.scheduler_run',
} as const;
export type JobAuditAction = (typeof JobAuditAction)[keyof typeof JobAuditAction];

/** Most jobs one list answers (declared in the contracts). */
export { MAX_JOB_LIST };

/** Longest an operation may wait for Redis before it answers 503 (ms). */
export const QUEUE_OPERATION_TIMEOUT_MS = 5000;

/**
 * The operations staff and developers run on the queues, with their checks and their audit
 * entries: the one code path behind the job dashboard (/admin/queues), `npm run jobs` and the
 * Retry buttons of a lead's or a campaign's jobs. Every write is recorded in the audit log (who,
 * what, which job or queue, when) after it succeeded.
 *
 * Errors (ApiError, mapped to HTTP by the filter and to exit codes by the CLI):
 * - 404 NOT_FOUND for an unknown queue or job id;
 * - 409 CONFLICT for retrying a job that is not failed, promoting one that is not delayed, or
 *   removing one that is running or is the next run of a job scheduler;
 * - 400 VALIDATION_FAILED for a bad clean request (unknown state, negative age);
 * - 503 SERVICE_UNAVAILABLE when Redis does not answer within QUEUE_OPERATION_TIMEOUT_MS.
 */
@Injectable()
export class JobActionsService {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly audit: AuditLogService,
    private readonly pauses: QueuePauses,
  ) {}

  /** The queue named `name`. @throws ApiError 404 for a name that is not a queue of the product. */
  queue(name: string): Queue {
    const parsed = queueNameSchema.safeParse(name);
    if (!parsed.success) throw new ApiError(404, ErrorCode.NotFound, parsed.error.issues[0]!.message);
    return this.queues.get(parsed.data);
  }

  /** Counts by state and the paused flag of every queue. */
  async overview(): Promise<QueueOverview[]> {
    return Promise.all(
      this.queues.all().map(async (q) => ({
        queue: q.name as QueueName,
        paused: await q.isPaused(),
        counts: await q.getJobCounts(),
      })),
    );
  }

  /**
   * Jobs of `queueName` in `state`, newest first, at most `limit` (≤ MAX_JOB_LIST).
   * @throws ApiError 404 unknown queue.
   */
  async list(queueName: string, state: QueueJobState, limit = 50): Promise<JobSummary[]> {
    const queue = this.queue(queueName);
    const n = Math.max(1, Math.min(limit, MAX_JOB_LIST));
    const jobs = await queue.getJobs([state], 0, n - 1, false);
    return Promise.all(jobs.filter(Boolean).map((job) => summarise(job, state)));
  }

  /** The jobs of `queueName` with these ids that still exist (missing ids are skipped). */
  async findMany(queueName: QueueName, ids: readonly string[]): Promise<JobSummary[]> {
    const queue = this.queues.get(queueName);
    const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
    return Promise.all(jobs.filter((j): j is Job => !!j).map((job) => summarise(job, undefined, () => queue.getJob(job.id!))));
  }

  /** The queues holding a job with this id (BullMQ ids are unique within a queue only). */
  async queuesHolding(id: string): Promise<QueueName[]> {
    const found = await Promise.all(this.queues.all().map(async (q) => ((await q.getJob(id)) ? (q.name as QueueName) : null)));
    return found.filter((name): name is QueueName => name !== null);
  }

  /** One job with its logs and latest stack. @throws ApiError 404 unknown queue or job. */
  async show(queueName: string, id: string): Promise<JobDetails> {
    const queue = this.queue(queueName);
    const job = await this.job(queue, id);
    const [summary, logs] = await Promise.all([summarise(job, undefined, () => queue.getJob(id)), queue.getJobLogs(id, 0, 199, true)]);
    return { ...summary, logs: logs.logs, stacktrace: job.stacktrace ?? [] };
  }

  /**
   * Retries one failed job (a new attempt; the job's handler is idempotent so a replay never
   * sends or stores twice).
   * @throws ApiError 404 unknown queue or job; 409 when the job is not failed.
   */
  async retry(queueName: string, id: string, actor: JobActor): Promise<JobSummary> {
    const queue = this.queue(queueName);
    const job = await this.guard(() => this.job(queue, id));
    const state = await job.getState();
    if (state !== 'failed') {
      throw new ApiError(409, ErrorCode.Conflict, `Job ${id} of queue ${queue.name} is ${state}; only a failed job can be retried`);
    }
    await this.guard(() => job.retry('failed'));
    await this.record(actor, JobAuditAction.Retried, 'job', `${queue.name}:${id}`, { queue: queue.name, jobId: id, name: job.name });
    return summarise(job, 'waiting');
  }

  /** Retries every failed job of a queue. @returns how many were failed. @throws ApiError 404 unknown queue. */
  async retryAllFailed(queueName: string, actor: JobActor): Promise<{ retried: number }> {
    const queue = this.queue(queueName);
    const retried = await queue.getFailedCount();
    await queue.retryJobs({ state: 'failed', count: 1000 });
    await this.record(actor, JobAuditAction.RetriedAll, 'queue', queue.name, { queue: queue.name, count: retried });
    return { retried };
  }

  /** Runs a delayed job now. @throws ApiError 404 unknown queue or job; 409 when it is not delayed. */
  async promote(queueName: string, id: string, actor: JobActor): Promise<JobSummary> {
    const queue = this.queue(queueName);
    const job = await this.job(queue, id);
    const state = await job.getState();
    if (state !== 'delayed') {
      throw new ApiError(409, ErrorCode.Conflict, `Job ${id} of queue ${queue.name} is ${state}; only a delayed job can be promoted`);
    }
    await job.promote();
    await this.record(actor, JobAuditAction.Promoted, 'job', `${queue.name}:${id}`, { queue: queue.name, jobId: id, name: job.name });
    return summarise(job, 'waiting');
  }

  /** Runs every delayed job of a queue now. @throws ApiError 404 unknown queue. */
  async promoteAll(queueName: string, actor: JobActor): Promise<{ promoted: number }> {
    const queue = this.queue(queueName);
    const promoted = await queue.getDelayedCount();
    await queue.promoteJobs({ count: 1000 });
    await this.record(actor, JobAuditAction.PromotedAll, 'queue', queue.name, { queue: queue.name, count: promoted });
    return { promoted };
  }

  /**
   * Removes the jobs of one state older than the grace period.
   * @returns the removed job ids' count.
   * @throws ApiError 404 unknown queue; 400 VALIDATION_FAILED for an unknown state or a negative age.
   */
  async clean(queueName: string, request: CleanJobsRequest | unknown, actor: JobActor): Promise<{ removed: number }> {
    const queue = this.queue(queueName);
    const parsed = cleanJobsRequestSchema.safeParse(request);
    if (!parsed.success) throw validationError(parsed.error);
    const { state, olderThanMs, limit } = parsed.data;
    const ids = await queue.clean(olderThanMs, limit, state);
    await this.record(actor, JobAuditAction.Cleaned, 'queue', queue.name, {
      queue: queue.name,
      state,
      olderThanMs,
      limit,
      count: ids.length,
    });
    return { removed: ids.length };
  }

  /**
   * Deletes one job (its data, logs and state) that is not running.
   * @throws ApiError 404 unknown queue or job; 409 when the job is active (a worker holds its
   * lock) or is the pending run of a job scheduler (removing it would stop the schedule).
   */
  async remove(queueName: string, id: string, actor: JobActor): Promise<{ removed: true }> {
    const queue = this.queue(queueName);
    const job = await this.job(queue, id);
    try {
      await job.remove();
    } catch (err) {
      if ((err as { code?: unknown }).code === BullErrorCode.JobBelongsToJobScheduler) {
        throw new ApiError(
          409,
          ErrorCode.Conflict,
          `Job ${id} of queue ${queue.name} is the next run of a job scheduler; it cannot be removed`,
        );
      }
      const state = await job.getState().catch(() => null);
      if (state === 'active')
        throw new ApiError(409, ErrorCode.Conflict, `Job ${id} of queue ${queue.name} is running; it cannot be removed`);
      throw err;
    }
    await this.record(actor, JobAuditAction.Removed, 'job', `${queue.name}:${id}`, { queue: queue.name, jobId: id, name: job.name });
    return { removed: true };
  }

  /**
   * Stops workers from taking new jobs of the queue (active ones finish). The pause is also kept
   * in Postgres, so it outlives Redis losing its data (QueuePauseKeeper). @throws ApiError 404 unknown queue.
   */
  async pause(queueName: string, actor: JobActor): Promise<{ paused: true }> {
    const queue = this.queue(queueName);
    await queue.pause();
    await this.pauses.paused(queue.name, actorName(actor));
    await this.record(actor, JobAuditAction.Paused, 'queue', queue.name, { queue: queue.name });
    return { paused: true };
  }

  /** Lets workers take the queue's jobs again. @throws ApiError 404 unknown queue. */
  async resume(queueName: string, actor: JobActor): Promise<{ paused: false }> {
    const queue = this.queue(queueName);
    await queue.resume();
    await this.pauses.resumed(queue.name);
    await this.record(actor, JobAuditAction.Resumed, 'queue', queue.name, { queue: queue.name });
    return { paused: false };
  }

  /**
   * Writes an audit entry for an operation done elsewhere on the same data (the dashboard's own
   * routes call BullMQ directly; they report here).
   */
  async record(
    actor: JobActor,
    action: JobAuditAction,
    entityType: 'job' | 'queue',
    entityId: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    const user = 'user' in actor ? actor.user : undefined;
    await this.audit.record(
      null,
      user,
      action,
      entityType,
      entityId,
      'cli' in actor ? { ...details, via: 'cli', cliUser: actor.cli } : details,
    );
  }

  /**
   * Runs a Redis operation with a deadline; a Redis failure becomes 503 (an ApiError passes).
   * @throws ApiError 503 SERVICE_UNAVAILABLE.
   */
  async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(operation(), QUEUE_OPERATION_TIMEOUT_MS, 'queue operation');
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(
        503,
        ErrorCode.ServiceUnavailable,
        `The job queues are not answering (Redis: ${(err as Error).message}); try again in a moment`,
      );
    }
  }

  private async job(queue: Queue, id: string): Promise<Job> {
    const job = await queue.getJob(id);
    if (!job) throw new ApiError(404, ErrorCode.NotFound, `No job ${id} in queue ${queue.name}`);
    return job;
  }
}

/** Who an actor is, in one line (a staff email or the CLI's `user@host`). */
const actorName = (actor: JobActor): string | null => ('user' in actor ? actor.user.email : actor.cli);

const iso = (ms: number | undefined | null) => (ms ? new Date(ms).toISOString() : null);

/**
 * The operations view of a BullMQ job; `knownState` saves a Redis round trip when the caller knows it.
 * Without it the state is read after the job: a job that finished in between (its state says
 * `failed` or `completed` while the loaded copy has no end yet) is loaded again through `reload`,
 * so the answer never pairs `failed` with the attempts and reason of before the failure.
 */
export async function summarise(loaded: Job, knownState?: QueueJobState, reload?: () => Promise<Job | undefined>): Promise<JobSummary> {
  let job = loaded;
  const state = knownState ?? ((await job.getState()) as QueueJobState | 'unknown');
  if (!knownState && (state === 'failed' || state === 'completed') && !job.finishedOn && reload) job = (await reload()) ?? job;
  return {
    id: job.id!,
    queue: job.queueName as QueueName,
    name: job.name,
    state,
    attemptsMade: job.attemptsMade,
    attempts: Math.max(1, job.opts.attempts ?? 1),
    failedReason: job.failedReason || null,
    progress: job.progress,
    data: job.data,
    returnValue: job.returnvalue ?? null,
    createdAt: new Date(job.timestamp).toISOString(),
    processedAt: iso(job.processedOn),
    finishedAt: iso(job.finishedOn),
    durationMs: job.processedOn && job.finishedOn ? job.finishedOn - job.processedOn : null,
  };
}
