/**
 * The one way a job runs (architecture.md "Processes"): a feature's processor extends
 * {@link JobProcessor}, names its queue and routes each job definition of `@ironclad/contracts`
 * (`Jobs`) to a handler. The worker bootstrap's {@link QueueWorkers} finds every processor and
 * starts one BullMQ worker per queue; the api bootstrap registers none.
 */
import { DelayedError, type Job, UnrecoverableError, type WorkerOptions } from 'bullmq';
import { z } from 'zod';
import type { JobDefinition, JobPayload, QueueName } from '@ironclad/contracts';
import { ProviderError } from '../providers/provider-error.js';

/**
 * Thrown by a handler when the job cannot run yet but will later (e.g. its record is being
 * delivered by another attempt): the job is delayed until `retryAt` (epoch ms) without using
 * one of its attempts.
 */
export class RetryLaterError extends Error {
  /**
   * @param uncounted the run did not start the job's work (e.g. its provider's circuit is open): it
   *   is counted in the job's data ({@link WAITED_STARTS}) so that BullMQ's start count, which
   *   includes it, is not mistaken for a crashed attempt.
   */
  constructor(
    message: string,
    readonly retryAt: number,
    readonly uncounted = false,
  ) {
    super(message);
  }
}

/** Job data field counting the runs that only waited ({@link RetryLaterError} `uncounted`). */
export const WAITED_STARTS = '_waitedStarts';

/** How many runs of `job` only waited (see {@link WAITED_STARTS}). */
export const waitedStarts = (job: Job): number => {
  const n = (job.data as Record<string, unknown> | undefined)?.[WAITED_STARTS];
  return typeof n === 'number' ? n : 0;
};

/** What a handler knows of the running job besides its validated payload. */
export interface JobContext {
  readonly job: Job;
  /** The worker's lock token of this run. */
  readonly token: string | undefined;
  /** True on the job's last attempt (a retryable failure now fails it for good). */
  readonly isFinalAttempt: boolean;
  /** `job.updateProgress`, relayed to watching browsers for watchable queues. */
  progress(value: object | number): Promise<void>;
}

/** One job definition of a queue and its handler. */
export interface JobRoute {
  readonly definition: JobDefinition;
  handle(payload: unknown, ctx: JobContext): Promise<unknown>;
}

/** Routes `definition` to `handle`, with the payload typed by the definition's schema. */
export function route<J extends JobDefinition>(
  definition: J,
  handle: (payload: JobPayload<J>, ctx: JobContext) => Promise<unknown>,
): JobRoute {
  return { definition, handle: (payload, ctx) => handle(payload as JobPayload<J>, ctx) };
}

/** A repeatable job registered when the worker starts (BullMQ job scheduler, idempotent). */
export interface JobSchedule {
  readonly definition: JobDefinition;
  /** Interval between runs (ms). */
  readonly everyMs: number;
}

/**
 * Base of every job processor. `process` checks the job name against the routes, validates the
 * payload with the definition's zod schema, runs the handler and maps its failures:
 * - unknown job name or invalid payload → `UnrecoverableError` (never retried);
 * - {@link RetryLaterError} → the job is delayed until then (BullMQ `DelayedError`, no attempt used);
 * - a non-retryable {@link ProviderError} (a permanent 4xx) → `UnrecoverableError` with its message;
 * - anything else is rethrown and retried with the job's backoff.
 */
export abstract class JobProcessor {
  /** The queue this processor drains (one processor per queue). */
  abstract readonly queue: QueueName;

  private routeTable?: Map<string, JobRoute>;

  /** The jobs of the queue and their handlers. */
  protected abstract routes(): JobRoute[];

  /** Worker settings of this queue beyond the shared ones (concurrency, limiter, backoff strategy). */
  workerOptions(): Partial<WorkerOptions> {
    return {};
  }

  /** Repeatable jobs of this queue. */
  schedules(): JobSchedule[] {
    return [];
  }

  /** Runs one job (see the class comment). */
  async process(job: Job, token?: string): Promise<unknown> {
    this.routeTable ??= new Map(this.routes().map((r) => [r.definition.name, r]));
    const target = this.routeTable.get(job.name);
    if (!target) throw new UnrecoverableError(`unknown job ${job.name} on queue ${this.queue}`);
    const parsed = target.definition.schema.safeParse(job.data ?? {});
    if (!parsed.success)
      throw new UnrecoverableError(`invalid ${job.name} payload: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`);
    const ctx: JobContext = {
      job,
      token,
      isFinalAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
      progress: (value) => job.updateProgress(value),
    };
    try {
      return await target.handle(parsed.data, ctx);
    } catch (err) {
      await delayIfRetryLater(job, token, err);
      if (err instanceof ProviderError && !err.retryable) throw new UnrecoverableError(err.message);
      throw err;
    }
  }
}

/**
 * When `err` is a {@link RetryLaterError}, delays the job until its `retryAt` without using an
 * attempt and throws BullMQ's `DelayedError`; returns for any other error.
 */
export async function delayIfRetryLater(job: Job, token: string | undefined, err: unknown): Promise<void> {
  if (err instanceof RetryLaterError && token) {
    if (err.uncounted) await job.updateData({ ...(job.data as object), [WAITED_STARTS]: waitedStarts(job) + 1 });
    await job.moveToDelayed(err.retryAt, token);
    throw new DelayedError();
  }
}
