/**
 * The command line of `npm run jobs` (backend/src/cli/jobs.ts): its usage text, its parsing and
 * its exit codes. Kept free of the back end's heavy modules, so a usage error or `--help` answers
 * at once; jobs-commands.ts runs the commands.
 */
import { parseArgs } from 'node:util';
import ms from 'ms';
import { z } from 'zod';
import { ALL_QUEUES, CLEANABLE_STATES, MAX_JOB_LIST, QUEUE_JOB_STATES, type QueueJobState } from '@ironclad/contracts';

export const JOBS_USAGE = `Usage: npm run jobs -- <command> [options]

Commands:
  list                                  every queue: counts by state, paused or not
  list --queue Q [--state S] [--limit N]
                                        jobs of queue Q in state S (default failed), newest
                                        first, at most N (default 20, at most ${MAX_JOB_LIST})
  show ID [--queue Q]                   one job: data, attempts, latest error, logs
  retry ID [--queue Q]                  retry one failed job
  retry --queue Q --all                 retry every failed job of queue Q
  promote ID [--queue Q]                run one delayed job now
  promote --queue Q --all               run every delayed job of queue Q now
  remove ID [--queue Q]                 delete one job that is not running
  clean --queue Q --state S --older-than AGE [--limit N]
                                        delete the jobs of state S older than AGE
                                        (30s, 15m, 1h, 2d; at most N, default all)
  pause --queue Q                       workers stop taking jobs of queue Q
  resume --queue Q                      workers take jobs of queue Q again

Without --queue, ID is looked up in every queue.
Queues: ${ALL_QUEUES.join(', ')}
States: ${QUEUE_JOB_STATES.join(', ')} (clean: ${CLEANABLE_STATES.join(', ')})

Options:
  --json    print one JSON document (errors: {"error": {code, message, exitCode}} on stderr)
  --help    print this text

Every change is written to the audit log as done by <os user>@<host>.
Environment: REDIS_URL, QUEUE_PREFIX, DATABASE_URL (see .env.example).
Exit codes: 0 done, 1 refused or not found, 2 usage error, 3 Redis or Postgres unreachable.`;

/** Exit codes of `npm run jobs`. */
export const JobsExit = { Ok: 0, Refused: 1, Usage: 2, Unreachable: 3 } as const;
export type JobsExit = (typeof JobsExit)[keyof typeof JobsExit];

/** A command line that does not make sense (exit 2). */
export class UsageError extends Error {}

/** Commands that change something (they need Postgres for their audit entry). */
const WRITES = new Set(['retry', 'promote', 'remove', 'clean', 'pause', 'resume']);

/** A parsed command line. */
export type JobsCommand =
  | { command: 'help' }
  | { command: 'overview'; json: boolean }
  | { command: 'list'; queue: string; state: QueueJobState; limit: number; json: boolean }
  | { command: 'show' | 'retry' | 'promote' | 'remove'; id: string; queue?: string; json: boolean }
  | { command: 'retry-all' | 'promote-all' | 'pause' | 'resume'; queue: string; json: boolean }
  | { command: 'clean'; queue: string; state: string; olderThanMs: number; age: string; limit: number; json: boolean };

/** Whether a command changes something (writes an audit entry). */
export const isWrite = (cmd: JobsCommand): boolean => WRITES.has(cmd.command.replace(/-all$/, ''));

const limitSchema = (max: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(1).max(max);

/** A `--older-than` age in ms: a number with a unit (30s, 15m, 1h, 2d), not negative. */
export function parseAge(value: string): number {
  const text = value.trim();
  // `ms` reads a bare number as milliseconds: a unit is required so "1" is never taken for 1 ms.
  const parsed = /[a-z]$/i.test(text) && text.length <= 100 ? ms(text as ms.StringValue) : undefined;
  if (parsed === undefined || !Number.isFinite(parsed)) {
    throw new UsageError(`--older-than "${value}" is not an age: give a number and a unit, e.g. 30s, 15m, 1h, 2d`);
  }
  if (parsed < 0) throw new UsageError(`--older-than "${value}" is negative: give an age of 0 or more, e.g. 1h`);
  return Math.round(parsed);
}

/** Options whose value may look like a negative number. */
const NUMERIC_OPTIONS = new Set(['--older-than', '--limit']);

/**
 * `--older-than -1h` as `--older-than=-1h`: node's parseArgs refuses a value that starts with a
 * dash as ambiguous, and the person deserves "is negative" rather than that.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const next = argv[i + 1];
    if (NUMERIC_OPTIONS.has(argv[i]!) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i += 1;
    } else {
      out.push(argv[i]!);
    }
  }
  return out;
}

/**
 * Parses the arguments after `npm run jobs --`.
 * @throws UsageError for an unknown command or option, a missing or extra argument, a bad value.
 */
export function parseJobsArgs(argv: readonly string[]): JobsCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: {
        queue: { type: 'string', short: 'q' },
        state: { type: 'string' },
        limit: { type: 'string' },
        'older-than': { type: 'string' },
        all: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values: v, positionals } = parsed;
  const [command, id, ...extra] = positionals;
  if (v.help || command === 'help') return { command: 'help' };
  if (!command) throw new UsageError('No command given.');
  const json = v.json;
  const needQueue = (): string => {
    if (!v.queue) throw new UsageError(`${command} needs --queue <queue> (queues: ${ALL_QUEUES.join(', ')})`);
    return v.queue;
  };
  const allowed = (...names: string[]) => {
    const given = Object.entries({ state: v.state, limit: v.limit, 'older-than': v['older-than'], all: v.all || undefined })
      .filter(([name, value]) => value !== undefined && !names.includes(name))
      .map(([name]) => `--${name}`);
    if (given.length) throw new UsageError(`${command} does not take ${given.join(', ')}`);
  };
  const noId = () => {
    if (id !== undefined) throw new UsageError(`${command} takes no job id (got "${id}")`);
  };
  if (extra.length) throw new UsageError(`Unexpected argument(s): ${extra.join(' ')}`);
  const limit = (max: number, fallback: number) => {
    if (v.limit === undefined) return fallback;
    const n = limitSchema(max).safeParse(v.limit);
    if (!n.success) throw new UsageError(`--limit "${v.limit}" ${n.error.issues[0]!.message} (1 to ${max})`);
    return n.data;
  };
  switch (command) {
    case 'list': {
      noId();
      allowed('state', 'limit');
      if (!v.queue) {
        if (v.state !== undefined || v.limit !== undefined) needQueue();
        return { command: 'overview', json };
      }
      const state = z.enum(QUEUE_JOB_STATES).safeParse(v.state ?? 'failed');
      if (!state.success) throw new UsageError(`--state "${v.state}" is not a state (${QUEUE_JOB_STATES.join(', ')})`);
      return { command: 'list', queue: v.queue, state: state.data, limit: limit(MAX_JOB_LIST, 20), json };
    }
    case 'show':
    case 'remove':
      allowed();
      if (id === undefined) throw new UsageError(`${command} needs a job id`);
      return { command, id, queue: v.queue, json };
    case 'retry':
    case 'promote':
      allowed('all');
      if (v.all) {
        noId();
        return { command: `${command}-all`, queue: needQueue(), json };
      }
      if (id === undefined) throw new UsageError(`${command} needs a job id, or --queue <queue> --all`);
      return { command, id, queue: v.queue, json };
    case 'pause':
    case 'resume':
      noId();
      allowed();
      return { command, queue: needQueue(), json };
    case 'clean': {
      noId();
      allowed('state', 'limit', 'older-than');
      const queue = needQueue();
      if (v.state === undefined) throw new UsageError(`clean needs --state (${CLEANABLE_STATES.join(', ')})`);
      if (!(CLEANABLE_STATES as readonly string[]).includes(v.state)) {
        throw new UsageError(`--state "${v.state}" cannot be cleaned (${CLEANABLE_STATES.join(', ')})`);
      }
      if (v['older-than'] === undefined) throw new UsageError('clean needs --older-than <age> (e.g. 1h)');
      const age = v['older-than'];
      return { command, queue, state: v.state, olderThanMs: parseAge(age), age, limit: limit(Number.MAX_SAFE_INTEGER, 0), json };
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}
