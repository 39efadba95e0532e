/**
 * `npm run jobs -- <command> [options]`: see, retry, promote, remove, clean, pause and resume the
 * jobs of the queues from a terminal (jobs-args.ts lists the commands; `--help` prints them).
 * Every change goes through JobActionsService, as the job dashboard's do, and is written to the
 * audit log as done by `<os user>@<host>`.
 *
 * Uses REDIS_URL, QUEUE_PREFIX and, for the commands that change something, DATABASE_URL (the
 * audit log); Postgres is reached before the change, so no change goes unrecorded.
 * Exit codes: 0 done; 1 refused or not found (an unknown queue or job, retrying a job that is not
 * failed); 2 usage or configuration error; 3 Redis or Postgres unreachable.
 *
 * The back end's modules are loaded only once the command line is understood: `--help` and usage
 * errors answer at once.
 */
import os from 'node:os';
import type { Queue } from 'bullmq';
import type { QueueName } from '@ironclad/contracts';
import { JOBS_USAGE, JobsExit, UsageError, isWrite, parseJobsArgs, type JobsCommand } from './jobs-args.js';

/** How long Redis and Postgres may take to accept the connection (ms). */
const CONNECT_TIMEOUT_MS = 5000;

/** How long closing the connections may take before the process exits anyway (ms). */
const CLOSE_TIMEOUT_MS = 3000;

/** Redis or Postgres did not answer (exit 3). */
class UnreachableError extends Error {}

/** The environment is invalid (exit 2): the message names each bad variable. */
class ConfigurationError extends Error {}

/** An error the back end maps to an HTTP status (ApiError), recognised without loading it. */
interface StatusError extends Error {
  getStatus(): number;
  code: string;
}
const isStatusError = (err: unknown): err is StatusError =>
  err instanceof Error &&
  typeof (err as Partial<StatusError>).getStatus === 'function' &&
  typeof (err as Partial<StatusError>).code === 'string';

/** A URL as it may be printed: without its password. */
function printable(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** `<os user>@<host>`: who the audit log says did it. */
function cliActor(): string {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry for the uid (some containers)
    user = process.env.USER ?? process.env.LOGNAME ?? `uid-${process.getuid?.() ?? 'unknown'}`;
  }
  return `${user}@${os.hostname()}`;
}

const json = process.argv.includes('--json');

/** Prints an error (as `{"error": {code, message, exitCode}}` under --json) and answers its exit code. */
function report(err: unknown): JobsExit {
  let code: JobsExit;
  let errorCode: string;
  let message = err instanceof Error ? err.message : String(err);
  if (err instanceof UsageError) {
    code = JobsExit.Usage;
    errorCode = 'USAGE';
    if (!json) message += '\nRun `npm run jobs -- --help` for the commands.';
  } else if (err instanceof ConfigurationError) {
    code = JobsExit.Usage;
    errorCode = 'CONFIGURATION';
  } else if (err instanceof UnreachableError) {
    code = JobsExit.Unreachable;
    errorCode = 'UNREACHABLE';
  } else if (isStatusError(err)) {
    const status = err.getStatus();
    code = status === 400 ? JobsExit.Usage : status === 503 ? JobsExit.Unreachable : JobsExit.Refused;
    errorCode = err.code;
  } else {
    code = JobsExit.Refused;
    errorCode = 'FAILED';
  }
  process.stderr.write(json ? `${JSON.stringify({ error: { code: errorCode, message, exitCode: code } })}\n` : `jobs: ${message}\n`);
  return code;
}

/** Connects to what the command needs, runs it and prints its answer; answers the exit code. */
async function run(cmd: Exclude<JobsCommand, { command: 'help' }>): Promise<JobsExit> {
  await import('reflect-metadata');
  const [
    { Queue },
    { DataSource },
    contracts,
    config,
    { postgresOptions },
    { withTimeout },
    { bullConnection },
    { QueueRegistry },
    probe,
    { QueuePauses },
  ] = await Promise.all([
    import('bullmq'),
    import('typeorm'),
    import('@ironclad/contracts'),
    import('../platform/config/env.js'),
    import('../platform/database/data-source-options.js'),
    import('../platform/lifecycle/with-timeout.js'),
    import('../platform/queue/redis-connection.js'),
    import('../platform/queue/queue-registry.js'),
    import('../platform/queue/redis-probe.js'),
    import('../platform/queue/queue-pauses.js'),
  ]);
  const [{ JobActionsService }, { AuditLogService, AuditLogRecord }, { runJobsCommand }] = await Promise.all([
    import('../modules/operations/index.js'),
    import('../modules/staff/index.js'),
    import('./jobs-commands.js'),
  ]);
  let env: ReturnType<typeof config.parseEnv>;
  try {
    env = config.parseEnv();
  } catch (err) {
    if (err instanceof config.ConfigError) throw new ConfigurationError(err.message);
    throw err;
  }
  const queues = new Map<QueueName, Queue>(
    contracts.ALL_QUEUES.map((name) => [
      name,
      // Fail fast like the api's producers, and never reconnect: a CLI reports and exits.
      new Queue(name, {
        connection: { ...bullConnection(env.REDIS_URL, 'producer'), retryStrategy: () => null },
        prefix: env.QUEUE_PREFIX,
      }),
    ]),
  );
  for (const q of queues.values()) q.on('error', () => undefined); // reported through the failing call
  // The CLI writes the audit log and the queues paused on purpose (raw SQL) and nothing else in Postgres.
  const dataSource = new DataSource(
    postgresOptions(env.DATABASE_URL, [AuditLogRecord], { logging: false, extra: { max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS } }),
  );
  try {
    if (isWrite(cmd)) {
      await withTimeout(dataSource.initialize(), CONNECT_TIMEOUT_MS, 'the connection').catch((err: unknown) => {
        throw new UnreachableError(`Cannot reach Postgres at ${printable(env.DATABASE_URL)}: ${(err as Error).message}`);
      });
    }
    await withTimeout(Promise.all([...queues.values()].map((q) => q.waitUntilReady())), CONNECT_TIMEOUT_MS, 'the connection').catch(
      (err: unknown) => {
        throw new UnreachableError(`Cannot reach Redis at ${printable(env.REDIS_URL)}: ${(err as Error).message}`);
      },
    );
    const actions = new JobActionsService(new QueueRegistry(queues), new AuditLogService(dataSource), new QueuePauses(dataSource));
    try {
      const out = await runJobsCommand(actions, cmd, { cli: cliActor() });
      process.stdout.write(`${cmd.json ? JSON.stringify(out.json, null, 2) : out.text}\n`);
      return JobsExit.Ok;
    } catch (err) {
      if (err instanceof UsageError || isStatusError(err)) throw err;
      // A failure in the middle of the command: say so when a connection went away.
      if (!(await probe.redisAnswers(queues.values().next().value!))) {
        throw new UnreachableError(`Redis at ${printable(env.REDIS_URL)} stopped answering: ${(err as Error).message}`);
      }
      const pgAnswers = () =>
        dataSource.query('SELECT 1').then(
          () => true,
          () => false,
        );
      if (dataSource.isInitialized && !(await pgAnswers())) {
        throw new UnreachableError(`Postgres at ${printable(env.DATABASE_URL)} stopped answering: ${(err as Error).message}`);
      }
      throw err;
    }
  } finally {
    await withTimeout(
      Promise.allSettled([...[...queues.values()].map((q) => q.close()), dataSource.isInitialized ? dataSource.destroy() : undefined]),
      CLOSE_TIMEOUT_MS,
      'closing',
    ).catch(() => undefined);
  }
}

/** Parses the command line and runs it; answers the exit code. */
async function main(): Promise<JobsExit> {
  const cmd = parseJobsArgs(process.argv.slice(2));
  if (cmd.command !== 'help') return run(cmd);
  process.stdout.write(`${JOBS_USAGE}\n`);
  return JobsExit.Ok;
}

const code = await main().catch(report);
process.exit(code);
