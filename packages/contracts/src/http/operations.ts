/**
 * Operations: the jobs of the queues as staff and developers see them (the job dashboard at
 * /admin/queues, `npm run jobs`, the jobs of a lead or a campaign). One shape for all three.
 */
import { z } from 'zod';
import { ALL_QUEUES, type QueueName } from '../jobs.js';

/**
 * Where the api serves the job dashboard (Bull Board): its page, its static files and its API
 * under `${JOB_DASHBOARD_PATH}/api`. Staff only; the admin dashboard links to it with a full page
 * load (it is not a route of the React app).
 */
export const JOB_DASHBOARD_PATH = '/admin/queues';

/** Most jobs one list answers (the dashboard's panels, `npm run jobs -- list --limit`). */
export const MAX_JOB_LIST = 500;

/** BullMQ job states a job can be listed by. */
export const QUEUE_JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

/** States `clean` may remove jobs from (BullMQ `Queue.clean` types). */
export const CLEANABLE_STATES = ['completed', 'failed', 'waiting', 'delayed', 'prioritized'] as const;
export type CleanableState = (typeof CLEANABLE_STATES)[number];

export const queueNameSchema = z.enum(ALL_QUEUES as [QueueName, ...QueueName[]], {
  error: (issue) => `Unknown queue "${String(issue.input)}" (queues: ${ALL_QUEUES.join(', ')})`,
});

/** One job as operations show it. Times are ISO 8601 strings; `null` when the job has not got there. */
export const jobSummarySchema = z.object({
  id: z.string(),
  queue: queueNameSchema,
  /** The job definition's name (`Jobs.X.name`). */
  name: z.string(),
  state: z.enum([...QUEUE_JOB_STATES, 'unknown']),
  /** Attempts used so far / attempts allowed. */
  attemptsMade: z.number().int().nonnegative(),
  attempts: z.number().int().positive(),
  /** Latest error message (failed, or a retried attempt's), null when none. */
  failedReason: z.string().nullable(),
  progress: z.unknown(),
  data: z.unknown(),
  returnValue: z.unknown(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Run time of the last attempt (ms), null until finished. */
  durationMs: z.number().nonnegative().nullable(),
});
export type JobSummary = z.output<typeof jobSummarySchema>;

/** One job with its logs (`job.log` lines) and the stack of its latest failure. */
export const jobDetailsSchema = jobSummarySchema.extend({
  logs: z.array(z.string()),
  stacktrace: z.array(z.string()),
});
export type JobDetails = z.output<typeof jobDetailsSchema>;

/** A queue's counts by state and whether it is paused. */
export const queueOverviewSchema = z.object({
  queue: queueNameSchema,
  paused: z.boolean(),
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type QueueOverview = z.output<typeof queueOverviewSchema>;

/**
 * Clean request: remove jobs of `state` that finished (or were created) more than `olderThanMs`
 * ago, at most `limit` of them (0 = all).
 */
export const cleanJobsRequestSchema = z
  .object({
    state: z.enum(CLEANABLE_STATES),
    olderThanMs: z.number().int().nonnegative({ error: 'The age must be 0 or more (ms).' }),
    limit: z.number().int().nonnegative().default(0),
  })
  .strict();
export type CleanJobsRequest = z.input<typeof cleanJobsRequestSchema>;

/** Answer of the jobs of a lead (`GET /api/leads/{id}/jobs`) or of a campaign (`GET /api/campaigns/{id}/jobs`). */
export const recordJobsResponseSchema = z.object({ jobs: z.array(jobSummarySchema) });
export type RecordJobsResponse = z.output<typeof recordJobsResponseSchema>;
