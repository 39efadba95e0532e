/**
 * The compiled worker process (`node worker/dist/main.js`) stops gracefully on SIGTERM: the
 * active job finishes (the email is sent and recorded), nothing is left stalled, exit code 0.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QueueName } from '@ironclad/contracts';
import { dataSourceOptions } from '@ironclad/backend/api';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';

const workerMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

let db: TestDatabase;
let ds: DataSource;
let queue: Queue;
let sendgrid: FakeSendGrid;

beforeAll(async () => {
  db = await createTestDatabase();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  queue = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  sendgrid = await startFakeSendGrid();
});

afterAll(async () => {
  await queue.close();
  await ds.destroy();
  await sendgrid.close();
  await flushRedisPrefix(db.queuePrefix);
  await db.drop();
});

it('finishes the active job before exiting on SIGTERM', async () => {
  const [{ id: outboundId }] = await ds.query(
    `INSERT INTO outbound_messages (idempotency_key, channel, recipient, template, subject, body, provider, status)
     VALUES ('staff-notification:contact:999', 'email', 'staff@ironclad.test', 'staff_new_contact', 'New contact', 'body', 'pending', 'queued') RETURNING id`,
  );
  sendgrid.delayMs = 1500;
  const child = spawn(process.execPath, [workerMain], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: db.queuePrefix,
      SENDGRID_API_KEY: 'SG.test-key',
      SENDGRID_BASE_URL: sendgrid.baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const job = await queue.add(
    'StaffNotification',
    { outboundMessageId: outboundId, kind: 'contact', recordId: 999 },
    { jobId: crypto.randomUUID() },
  );
  await waitFor(async () => sendgrid.requests.length === 1, 15_000); // the provider call is in flight
  child.kill('SIGTERM');
  const code = await exited;

  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(await job.getState()).toBe('completed');
  const [row] = await ds.query('SELECT status, attempts FROM outbound_messages WHERE id = $1', [outboundId]);
  expect(row).toEqual({ status: 'sent', attempts: 1 });
  expect(await queue.getActiveCount()).toBe(0);
}, 30_000);
