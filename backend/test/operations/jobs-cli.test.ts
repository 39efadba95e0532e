/**
 * `npm run jobs` as a developer runs it: the compiled CLI (`backend/dist/cli/jobs.js`) as a
 * subprocess against this file's database and key prefix. It lists and shows failed jobs,
 * retries one (the job waits again, an audit entry names the OS user and host), refuses to retry
 * a job that is not failed, names the queues for an unknown queue, cleans (refusing a negative
 * age), pauses and resumes; `--json` answers parse; exit codes 0 / 1 / 2 / 3.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import pg from 'pg';
import { ALL_QUEUES } from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, waitFor } from '../support/test-env.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli/jobs.js');

let db: TestDatabase;
let client: pg.Client;
let images: Queue;
let pdf: Queue;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with `args`; answers its exit code and output. */
function jobs(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [cli, ...args],
      {
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: db.url,
          REDIS_URL,
          QUEUE_PREFIX: db.queuePrefix,
          LOG_LEVEL: 'silent',
          ...env,
        },
        timeout: 30_000,
      },
      (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') return reject(err);
        resolve({ code: child.exitCode ?? 0, stdout, stderr });
      },
    );
  });
}

const actor = `${os.userInfo().username}@${os.hostname()}`;

const auditRows = async (action: string) =>
  (
    await client.query<{ user_id: string | null; entity_type: string; entity_id: string; details: Record<string, unknown> }>(
      `SELECT user_id, entity_type, entity_id, details FROM audit_log WHERE action = $1 ORDER BY id`,
      [action],
    )
  ).rows;

/** Runs the jobs of `queue` once with `fn` (a throw fails them for good), until `done` holds. */
async function work(queue: Queue, fn: () => Promise<unknown>, done: () => Promise<boolean>): Promise<void> {
  const worker = new Worker(queue.name, fn, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  try {
    await waitFor(done, 10_000);
  } finally {
    await worker.close();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  images = new Queue('images', { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  pdf = new Queue('pdf', { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  // Two failed jobs of `images` (one with an id `pdf` also has), one completed job of `pdf`.
  await images.add('NoSuchJob', { n: 1 }, { jobId: 'bad-1', attempts: 1 });
  await images.add('NoSuchJob', { n: 2 }, { jobId: 'shared-id', attempts: 1 });
  await work(
    images,
    async () => {
      throw new UnrecoverableError('unknown job NoSuchJob on queue images');
    },
    async () => (await images.getFailedCount()) === 2,
  );
  await pdf.add('EstimatePdf', { n: 3 }, { jobId: 'shared-id' });
  await work(
    pdf,
    async () => 'ok',
    async () => (await pdf.getCompletedCount()) === 1,
  );
});

afterAll(async () => {
  await images?.close();
  await pdf?.close();
  await client?.end();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('reading', () => {
  it('lists the failed jobs of a queue, as a table and as JSON', async () => {
    const text = await jobs(['list', '--queue', 'images', '--state', 'failed']);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toContain('images: 2 failed jobs (newest first)');
    expect(text.stdout).toMatch(/bad-1\s+NoSuchJob\s+1\/1\s+\S+\s+unknown job NoSuchJob on queue images/);

    const json = await jobs(['list', '--queue', 'images', '--state', 'failed', '--limit', '1', '--json']);
    expect(json.code).toBe(0);
    const body = JSON.parse(json.stdout) as { queue: string; state: string; jobs: { id: string; state: string; failedReason: string }[] };
    expect(body).toMatchObject({ queue: 'images', state: 'failed' });
    expect(body.jobs).toHaveLength(1);
    expect(body.jobs[0]).toMatchObject({ state: 'failed', failedReason: 'unknown job NoSuchJob on queue images' });

    const overview = JSON.parse((await jobs(['list', '--json'])).stdout) as { queues: { queue: string; counts: Record<string, number> }[] };
    expect(overview.queues.map((q) => q.queue)).toEqual([...ALL_QUEUES]);
    expect(overview.queues.find((q) => q.queue === 'images')!.counts.failed).toBe(2);
  });

  it('shows a job, finding its queue when --queue is not given', async () => {
    const text = await jobs(['show', 'bad-1']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Job bad-1 of queue images: NoSuchJob');
    expect(text.stdout).toContain('state:     failed');
    expect(text.stdout).toContain('error:     unknown job NoSuchJob on queue images');

    const json = JSON.parse((await jobs(['show', 'bad-1', '--queue', 'images', '--json'])).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ id: 'bad-1', queue: 'images', state: 'failed', data: { n: 1 }, attemptsMade: 1 });
    expect(json.stacktrace).toEqual([expect.stringContaining('unknown job NoSuchJob')]);

    // the same id in two queues: the CLI asks which
    const ambiguous = await jobs(['show', 'shared-id']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('Job shared-id exists in queues pdf, images: say which with --queue');
  });

  it('names the queues for an unknown queue, and says so for an unknown job (exit 1)', async () => {
    const queue = await jobs(['list', '--queue', 'nope']);
    expect(queue.code).toBe(1);
    expect(queue.stderr).toContain(`Unknown queue "nope" (queues: ${ALL_QUEUES.join(', ')})`);
    const retry = await jobs(['retry', '1', '--queue', 'nope', '--json']);
    expect(retry.code).toBe(1);
    expect(JSON.parse(retry.stderr)).toEqual({
      error: { code: 'NOT_FOUND', message: `Unknown queue "nope" (queues: ${ALL_QUEUES.join(', ')})`, exitCode: 1 },
    });

    const job = await jobs(['show', 'no-such-job', '--queue', 'images']);
    expect(job.code).toBe(1);
    expect(job.stderr).toContain('No job no-such-job in queue images');
    const anywhere = await jobs(['retry', 'no-such-job']);
    expect(anywhere.code).toBe(1);
    expect(anywhere.stderr).toContain(`No job no-such-job in any queue (${ALL_QUEUES.join(', ')})`);
  });
});

describe('changing', () => {
  it('retries a failed job: it waits again and the audit log names the OS user and host', async () => {
    const run = await jobs(['retry', 'bad-1', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: 'bad-1', queue: 'images', state: 'waiting' });
    expect(await images.getJobState('bad-1')).toBe('waiting');
    expect(await auditRows('job.retried')).toEqual([
      {
        user_id: null,
        entity_type: 'job',
        entity_id: 'images:bad-1',
        details: { queue: 'images', jobId: 'bad-1', name: 'NoSuchJob', via: 'cli', cliUser: actor },
      },
    ]);
  });

  it('refuses to retry a job that is not failed (exit 1) and records nothing', async () => {
    const run = await jobs(['retry', 'bad-1', '--queue', 'images']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Job bad-1 of queue images is waiting; only a failed job can be retried');
    expect(await auditRows('job.retried')).toHaveLength(1);
  });

  it('retries every failed job of a queue', async () => {
    const run = await jobs(['retry', '--queue', 'images', '--all']);
    expect(run).toMatchObject({ code: 0, stdout: '1 failed job of queue images retried.\n' });
    expect(await images.getFailedCount()).toBe(0);
    expect(await auditRows('queue.retried_failed')).toMatchObject([{ entity_id: 'images', details: { count: 1, cliUser: actor } }]);
  });

  it('refuses a negative or malformed age (exit 2) and cleans old jobs', async () => {
    for (const args of [['--older-than', '-1h'], ['--older-than=-1h']]) {
      const run = await jobs(['clean', '--queue', 'pdf', '--state', 'completed', ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--older-than "-1h" is negative');
    }
    for (const age of ['soon', '10', '1 fortnight']) {
      const run = await jobs(['clean', '--queue', 'pdf', '--state', 'completed', '--older-than', age]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--older-than "${age}" is not an age`);
    }
    expect(await pdf.getCompletedCount()).toBe(1);
    expect(await auditRows('queue.cleaned')).toEqual([]);

    const young = JSON.parse((await jobs(['clean', '--queue', 'pdf', '--state', 'completed', '--older-than', '1h', '--json'])).stdout);
    expect(young).toEqual({ queue: 'pdf', state: 'completed', olderThanMs: 3_600_000, removed: 0 });
    const all = await jobs(['clean', '--queue', 'pdf', '--state', 'completed', '--older-than', '0s']);
    expect(all).toMatchObject({ code: 0, stdout: '1 completed job older than 0s removed from queue pdf.\n' });
    expect(await pdf.getCompletedCount()).toBe(0);
    expect((await auditRows('queue.cleaned')).map((r) => r.details.count)).toEqual([0, 1]);
  });

  it('pauses and resumes a queue, each recorded', async () => {
    const paused = await jobs(['pause', '--queue', 'sms', '--json']);
    expect(paused.code).toBe(0);
    expect(JSON.parse(paused.stdout)).toEqual({ queue: 'sms', paused: true });
    const sms = new Queue('sms', { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
    try {
      expect(await sms.isPaused()).toBe(true);
      const resumed = await jobs(['resume', '--queue', 'sms']);
      expect(resumed).toMatchObject({ code: 0, stdout: 'Queue sms resumed.\n' });
      expect(await sms.isPaused()).toBe(false);
    } finally {
      await sms.close();
    }
    expect(await auditRows('queue.paused')).toMatchObject([
      { entity_type: 'queue', entity_id: 'sms', details: { via: 'cli', cliUser: actor } },
    ]);
    expect(await auditRows('queue.resumed')).toMatchObject([{ entity_id: 'sms' }]);
  });
});

describe('usage and reachability', () => {
  it('answers --help, and exit 2 for a bad command line', async () => {
    const help = await jobs(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run jobs -- <command> [options]');
    for (const [args, message] of [
      [[], 'No command given.'],
      [['frobnicate'], 'Unknown command "frobnicate".'],
      [['list', '--queue', 'images', '--colour'], "Unknown option '--colour'"],
      [['list', '--queue', 'images', '--state', 'lost'], '--state "lost" is not a state'],
      [['list', '--queue', 'images', '--limit', '0'], '--limit "0"'],
      [['pause'], 'pause needs --queue <queue>'],
      [['retry'], 'retry needs a job id, or --queue <queue> --all'],
      [['clean', '--queue', 'images', '--state', 'active', '--older-than', '1h'], '--state "active" cannot be cleaned'],
    ] as const) {
      const run = await jobs([...args]);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toContain(message);
    }
  });

  it('exits 3 when Redis or Postgres cannot be reached', async () => {
    const redis = await jobs(['list', '--json'], { REDIS_URL: 'redis://127.0.0.1:1' });
    expect(redis.code).toBe(3);
    expect(JSON.parse(redis.stderr).error).toMatchObject({ code: 'UNREACHABLE', exitCode: 3 });
    expect(JSON.parse(redis.stderr).error.message).toContain('Cannot reach Redis at redis://127.0.0.1:1');
    // a change needs its audit entry: without Postgres nothing is changed
    const postgres = await jobs(['pause', '--queue', 'images'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(postgres.code).toBe(3);
    expect(postgres.stderr).toContain('Cannot reach Postgres at postgres://postgres@127.0.0.1:1/none');
    expect(await images.isPaused()).toBe(false);
  });
});
