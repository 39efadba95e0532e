/**
 * The commands of `npm run jobs`, run through {@link JobActionsService}: the job dashboard's code
 * path, with its checks and audit entries. What they print, as text for a person and as JSON.
 */
import { ALL_QUEUES, ErrorCode, type JobDetails, type JobSummary, type QueueOverview } from '@ironclad/contracts';
import { ApiError } from '../platform/http/api-error.js';
import type { JobActionsService, JobActor } from '../modules/operations/index.js';
import { UsageError, type JobsCommand } from './jobs-args.js';

/** What a command answers: the JSON document (--json) and the text for a person. */
export interface JobsOutput {
  json: unknown;
  text: string;
}

/**
 * Runs a parsed command (not `help`) as `actor`.
 * @throws ApiError 404 unknown queue or job, 409 refused (e.g. retrying a job that is not failed),
 * 400 bad clean request; UsageError for a job id found in several queues without --queue.
 */
export async function runJobsCommand(
  actions: JobActionsService,
  cmd: Exclude<JobsCommand, { command: 'help' }>,
  actor: JobActor,
): Promise<JobsOutput> {
  switch (cmd.command) {
    case 'overview': {
      const queues = await actions.overview();
      return { json: { queues }, text: overviewTable(queues) };
    }
    case 'list': {
      const jobs = await actions.list(cmd.queue, cmd.state, cmd.limit);
      const title = `${cmd.queue}: ${jobs.length} ${cmd.state} job${jobs.length === 1 ? '' : 's'}${jobs.length ? ' (newest first)' : ''}`;
      return { json: { queue: cmd.queue, state: cmd.state, jobs }, text: jobs.length ? `${title}\n${jobsTable(jobs)}` : title };
    }
    case 'show': {
      const job = await actions.show(await queueOf(actions, cmd), cmd.id);
      return { json: job, text: describeJob(job) };
    }
    case 'retry': {
      const job = await actions.retry(await queueOf(actions, cmd), cmd.id, actor);
      return { json: job, text: `Job ${job.id} of queue ${job.queue} (${job.name}) retried: it is waiting for a worker.` };
    }
    case 'promote': {
      const job = await actions.promote(await queueOf(actions, cmd), cmd.id, actor);
      return { json: job, text: `Job ${job.id} of queue ${job.queue} (${job.name}) promoted: it is waiting for a worker.` };
    }
    case 'remove': {
      const queue = await queueOf(actions, cmd);
      await actions.remove(queue, cmd.id, actor);
      return { json: { queue, id: cmd.id, removed: true }, text: `Job ${cmd.id} of queue ${queue} removed.` };
    }
    case 'retry-all': {
      const { retried } = await actions.retryAllFailed(cmd.queue, actor);
      return {
        json: { queue: cmd.queue, retried },
        text: `${retried} failed job${retried === 1 ? '' : 's'} of queue ${cmd.queue} retried.`,
      };
    }
    case 'promote-all': {
      const { promoted } = await actions.promoteAll(cmd.queue, actor);
      return {
        json: { queue: cmd.queue, promoted },
        text: `${promoted} delayed job${promoted === 1 ? '' : 's'} of queue ${cmd.queue} promoted.`,
      };
    }
    case 'clean': {
      const { removed } = await actions.clean(cmd.queue, { state: cmd.state, olderThanMs: cmd.olderThanMs, limit: cmd.limit }, actor);
      return {
        json: { queue: cmd.queue, state: cmd.state, olderThanMs: cmd.olderThanMs, removed },
        text: `${removed} ${cmd.state} job${removed === 1 ? '' : 's'} older than ${cmd.age} removed from queue ${cmd.queue}.`,
      };
    }
    case 'pause':
      await actions.pause(cmd.queue, actor);
      return {
        json: { queue: cmd.queue, paused: true },
        text: `Queue ${cmd.queue} paused: workers take no new job of it (running ones finish).`,
      };
    case 'resume':
      await actions.resume(cmd.queue, actor);
      return { json: { queue: cmd.queue, paused: false }, text: `Queue ${cmd.queue} resumed.` };
  }
}

/**
 * The queue of job `id`: `--queue` when given, else the one queue holding a job with that id.
 * @throws ApiError 404 when no queue has it; UsageError when several do (ids are per queue).
 */
async function queueOf(actions: JobActionsService, cmd: { id: string; queue?: string }): Promise<string> {
  if (cmd.queue !== undefined) return cmd.queue;
  const found = await actions.queuesHolding(cmd.id);
  if (found.length === 1) return found[0]!;
  if (!found.length) throw new ApiError(404, ErrorCode.NotFound, `No job ${cmd.id} in any queue (${ALL_QUEUES.join(', ')})`);
  throw new UsageError(`Job ${cmd.id} exists in queues ${found.join(', ')}: say which with --queue`);
}

/** Rows as aligned columns (the first row is the header). */
function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

const oneLine = (text: string | null, max = 80) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function overviewTable(queues: readonly QueueOverview[]): string {
  const states = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'];
  return table([
    ['QUEUE', 'PAUSED', ...states.map((s) => s.toUpperCase())],
    ...queues.map((q) => [q.queue, q.paused ? 'yes' : 'no', ...states.map((s) => String(q.counts[s] ?? 0))]),
  ]);
}

function jobsTable(jobs: readonly JobSummary[]): string {
  return table([
    ['ID', 'NAME', 'ATTEMPTS', 'CREATED', 'LATEST ERROR'],
    ...jobs.map((j) => [j.id, j.name, `${j.attemptsMade}/${j.attempts}`, j.createdAt, oneLine(j.failedReason)]),
  ]);
}

function describeJob(job: JobDetails): string {
  const lines = [
    `Job ${job.id} of queue ${job.queue}: ${job.name}`,
    `  state:     ${job.state}`,
    `  attempts:  ${job.attemptsMade}/${job.attempts}`,
    `  created:   ${job.createdAt}`,
    `  processed: ${job.processedAt ?? '-'}`,
    `  finished:  ${job.finishedAt ?? '-'}${job.durationMs === null ? '' : ` (${job.durationMs} ms)`}`,
    `  progress:  ${JSON.stringify(job.progress)}`,
    `  error:     ${job.failedReason ?? '-'}`,
    `  data:      ${JSON.stringify(job.data, null, 2).replace(/\n/g, '\n  ')}`,
  ];
  if (job.returnValue !== null) lines.push(`  result:    ${JSON.stringify(job.returnValue)}`);
  if (job.logs.length) lines.push('  logs:', ...job.logs.map((l) => `    ${l}`));
  if (job.stacktrace.length)
    lines.push(
      '  latest stack:',
      ...job.stacktrace
        .at(-1)!
        .split('\n')
        .map((l) => `    ${l}`),
    );
  return lines.join('\n');
}
