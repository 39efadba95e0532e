/**
 * A queue paused on purpose stays paused when Redis loses its data: the pause done through the
 * job actions (dashboard, CLI) is kept in Postgres, and QueuePauseKeeper pauses the queue again
 * once Redis shows it running — at start, on its periodic check and on demand — while a resumed
 * queue is left alone. Real Postgres (this file's database) and Redis (this file's key prefix).
 */
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QueueName } from '@ironclad/contracts';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { AuditLogService } from '../../src/modules/staff/index.js';
import { JobActionsService } from '../../src/modules/operations/index.js';
import { QueuePauseKeeper, QueuePauses } from '../../src/platform/queue/queue-pauses.js';
import { QueueRegistry } from '../../src/platform/queue/queue-registry.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, waitFor } from '../support/test-env.js';

let db: TestDatabase;
let ds: DataSource;
let sms: Queue;
let pdf: Queue;
let actions: JobActionsService;
let pauses: QueuePauses;
let keeper: QueuePauseKeeper | undefined;
const logs: string[] = [];
const logger = { log: (m: string) => void logs.push(m), warn: (m: string) => void logs.push(`warn: ${m}`) };
const actor = { cli: 'ops@host' };

beforeAll(async () => {
  db = await createTestDatabase();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  sms = new Queue(QueueName.Sms, { connection, prefix: db.queuePrefix });
  pdf = new Queue(QueueName.Pdf, { connection, prefix: db.queuePrefix });
  pauses = new QueuePauses(ds);
  actions = new JobActionsService(
    new QueueRegistry(
      new Map([
        [QueueName.Sms, sms],
        [QueueName.Pdf, pdf],
      ]),
    ),
    new AuditLogService(ds),
    pauses,
  );
});

afterEach(() => {
  keeper?.stop();
  keeper = undefined;
  logs.length = 0;
});

afterAll(async () => {
  await sms.close();
  await pdf.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

/** What a Redis restart without persistence does to this file's keys. */
const loseRedis = () => flushRedisPrefix(db.queuePrefix);

it('a pause is recorded with who did it, and a resume forgets it', async () => {
  await actions.pause(QueueName.Sms, actor);
  expect(await sms.isPaused()).toBe(true);
  expect(await ds.query('SELECT queue, paused_by FROM queue_pauses')).toEqual([{ queue: 'sms', paused_by: 'ops@host' }]);
  await actions.resume(QueueName.Sms, actor);
  expect(await sms.isPaused()).toBe(false);
  expect(await ds.query('SELECT queue FROM queue_pauses')).toEqual([]);
});

it('the keeper pauses again, at start and on demand, a paused queue whose flag Redis lost; it leaves the others running', async () => {
  await actions.pause(QueueName.Sms, actor);
  await loseRedis();
  expect(await sms.isPaused()).toBe(false);

  keeper = new QueuePauseKeeper([sms, pdf], pauses, 3_600_000, logger);
  await keeper.start();
  expect(await sms.isPaused()).toBe(true);
  expect(await pdf.isPaused()).toBe(false);
  expect(logs).toEqual(['sms: paused again (it was paused on purpose; Redis had lost the flag)']);

  // nothing lost: nothing to do
  expect(await keeper.check()).toBe(0);
  await loseRedis();
  expect(await keeper.check()).toBe(1);
  expect(await sms.isPaused()).toBe(true);

  await actions.resume(QueueName.Sms, actor);
  await loseRedis();
  expect(await keeper.check()).toBe(0);
  expect(await sms.isPaused()).toBe(false);
});

it('the periodic check restores a lost pause without a reconnect', async () => {
  await actions.pause(QueueName.Pdf, actor);
  keeper = new QueuePauseKeeper([sms, pdf], pauses, 200, logger);
  await keeper.start();
  await loseRedis();
  await waitFor(async () => pdf.isPaused(), 5_000);
  expect(await sms.isPaused()).toBe(false);
  await actions.resume(QueueName.Pdf, actor);
});
