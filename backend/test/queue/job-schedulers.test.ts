/**
 * JobSchedulerKeeper on real Redis (a key prefix of this file): it registers the schedules, leaves
 * a registered scheduler alone, and re-registers one whose keys Redis lost — the scheduler itself,
 * or only the job of its next run — both on demand and by its periodic check, with the first run
 * of a re-registered scheduler due at once.
 */
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Jobs } from '@ironclad/contracts';
import { JobSchedulerKeeper } from '../../src/platform/queue/job-schedulers.js';
import { REDIS_URL } from '../support/test-db.js';
import { flushRedisPrefix, waitFor } from '../support/test-env.js';

const EVERY_MS = 60_000;
const prefix = `test-sched-${randomBytes(4).toString('hex')}`;
const logs: string[] = [];
const logger = { log: (m: string) => void logs.push(m), warn: (m: string) => void logs.push(`warn: ${m}`) };

let queue: Queue;
let redis: Redis;
let keeper: JobSchedulerKeeper | undefined;

beforeAll(() => {
  queue = new Queue(Jobs.OutboxSweep.queue, { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix });
  redis = new Redis(REDIS_URL);
});

afterEach(async () => {
  keeper?.stop();
  keeper = undefined;
  await flushRedisPrefix(prefix);
  logs.length = 0;
});

afterAll(async () => {
  await queue.close();
  redis.disconnect();
});

/** Deletes every key of this file's prefix: what a Redis restart without persistence does. */
const loseEverything = () => flushRedisPrefix(prefix);

/** The job of the scheduler's next run, and when it is due (epoch ms). */
async function nextRun(): Promise<{ id: string; state: string; dueAt: number } | null> {
  const scheduler = await queue.getJobScheduler(Jobs.OutboxSweep.name);
  if (!scheduler?.next) return null;
  const id = `repeat:${Jobs.OutboxSweep.name}:${scheduler.next}`;
  return { id, state: await queue.getJobState(id), dueAt: scheduler.next };
}

it('registers at start, with the first run due at once', async () => {
  const startedAt = Date.now();
  keeper = new JobSchedulerKeeper(queue, [{ definition: Jobs.OutboxSweep, everyMs: EVERY_MS }], 3_600_000, logger);
  await keeper.start();
  const run = await nextRun();
  expect(run).not.toBeNull();
  expect(run!.state).toBe('waiting');
  expect(run!.dueAt).toBeLessThan(startedAt + 1000);
  expect((await queue.getJobScheduler(Jobs.OutboxSweep.name))?.every).toBe(EVERY_MS);
});

it('leaves a registered scheduler alone and re-registers it once Redis lost it', async () => {
  keeper = new JobSchedulerKeeper(queue, [{ definition: Jobs.OutboxSweep, everyMs: EVERY_MS }], 3_600_000, logger);
  await keeper.start();
  const first = await nextRun();
  expect(await keeper.check()).toBe(0);
  expect(await nextRun()).toEqual(first);

  await loseEverything();
  expect(await queue.getJobScheduler(Jobs.OutboxSweep.name)).toBeUndefined();
  const lostAt = Date.now();
  expect(await keeper.check()).toBe(1);
  const again = await nextRun();
  expect(again).toMatchObject({ state: 'waiting' });
  expect(again!.dueAt).toBeGreaterThanOrEqual(lostAt - 1000);
  expect(again!.dueAt).toBeLessThan(Date.now() + 1000); // runs now, not an interval later
  expect(logs).toEqual(['notifications: job scheduler OutboxSweep re-registered (Redis had lost it)']);
});

it('re-registers a scheduler whose next run alone was lost', async () => {
  keeper = new JobSchedulerKeeper(queue, [{ definition: Jobs.OutboxSweep, everyMs: EVERY_MS }], 3_600_000, logger);
  await keeper.start();
  const run = await nextRun();
  // as an eviction would: the job's hash and its place in the wait list, not the scheduler
  await redis.del(`${prefix}:${queue.name}:${run!.id}`);
  await redis.lrem(`${prefix}:${queue.name}:wait`, 0, run!.id);
  expect(await queue.getJobState(run!.id)).toBe('unknown');
  expect(await keeper.check()).toBe(1);
  expect((await nextRun())?.state).toMatch(/^(waiting|delayed)$/);
});

it('finds the loss by itself every checkEveryMs', async () => {
  keeper = new JobSchedulerKeeper(queue, [{ definition: Jobs.OutboxSweep, everyMs: EVERY_MS }], 300, logger);
  await keeper.start();
  await loseEverything();
  const run = await waitFor(async () => nextRun(), 5000);
  expect(run.state).toBe('waiting');
  expect(logs).toContain('notifications: job scheduler OutboxSweep re-registered (Redis had lost it)');
});
