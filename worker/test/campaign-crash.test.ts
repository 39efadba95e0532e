/**
 * A worker process killed with SIGKILL in the middle of a campaign loses nothing and sends nothing
 * twice once a fresh worker takes over: the compiled worker (`node
 * worker/dist/main.js`) drains a 600-recipient campaign against a fake SendGrid; it is killed with
 * sends in flight; a new worker process retakes the stalled jobs (short lock / stalled-check
 * settings), waits out the in-flight records' lease, asks the provider (Email Activity lookup by
 * our idempotency key) about the ones it may already have, and sends the rest.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';

const workerMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const RECIPIENTS = 600;
const PUBLIC_URL = 'http://localhost:3000';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let sendgrid: FakeSendGrid;
let overrides: Record<string, string>;
const children: ChildProcess[] = [];

function startWorker(name: string): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, [workerMain], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: db.queuePrefix,
      LOG_LEVEL: 'error',
      ...overrides,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  children.push(child);
  return { child, stderr: () => `${name}: ${err}` };
}

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  sendgrid.delayMs = 40;
  db = await createTestDatabase();
  overrides = {
    PUBLIC_URL,
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_BASE_URL: sendgrid.baseUrl,
    EMAIL_CONCURRENCY: '10',
    WORKER_LOCK_DURATION_MS: '2000',
    WORKER_STALLED_INTERVAL_MS: '1000',
    PROVIDER_TIMEOUT_MS: '1000',
    MESSAGE_SENDING_LEASE_MS: '1500',
    MESSAGE_BACKOFF_MS: '50',
    MESSAGE_BACKOFF_MAX_MS: '500',
    CAMPAIGN_SWEEP_EVERY_MS: '1000',
  };
  app = await createApp(testEnv(db, overrides), { logger: false });
  await app.init();
  ds = app.get(DataSource);
  await seedUsers(app);
  await ds.query(
    `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, source)
     SELECT 'Crash', 'Test ' || i, 'crash-' || i || '@example.com', '{}', 500000, 'contacted', 'ai_shopping' FROM generate_series(1, $1::int) AS i`,
    [RECIPIENTS],
  );
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
});

it('loses no recipient and sends none twice when the worker is SIGKILLed mid-campaign', async () => {
  const cookie = await signIn(app, ADMIN);
  const a = startWorker('worker A');
  const res = await request(app.getHttpServer())
    .post('/api/bulk-communication')
    .set('Cookie', cookie)
    .set('Origin', PUBLIC_URL)
    .send({ type: 'email', template: 'follow-up', filter: { status: 'contacted' } })
    .expect(202);
  const id: number = res.body.campaignId;
  // worker A resolves the audience (issue 27: the api answers before any recipient is stored)
  const prepared = await waitFor(
    async () => {
      const c = (await request(app.getHttpServer()).get(`/api/campaigns/${id}`).set('Cookie', cookie).expect(200)).body.campaign;
      return c.preparing ? null : c;
    },
    30_000,
    20,
  );
  expect(prepared.recipients).toBe(RECIPIENTS);

  const count = async (status: string) =>
    Number((await ds.query('SELECT count(*) AS n FROM outbound_messages WHERE campaign_id = $1 AND status = $2', [id, status]))[0].n);
  await waitFor(async () => (await count('sent')) >= RECIPIENTS / 4, 30_000, 20);
  const exited = new Promise((resolve) => a.child.once('exit', resolve));
  a.child.kill('SIGKILL');
  await exited;
  const inFlight = await count('sending');
  const sentBeforeKill = await count('sent');
  expect(inFlight).toBeGreaterThan(0); // the crash window (claimed, provider called, outcome not recorded) is exercised
  expect(sentBeforeKill).toBeLessThan(RECIPIENTS);

  const b = startWorker('worker B');
  const done = await waitFor(
    async () => {
      const [c] = await ds.query('SELECT status, summary FROM campaigns WHERE id = $1', [id]);
      return c.status === 'sent' && c.summary ? c : null;
    },
    60_000,
    100,
  );
  expect(done.summary).toEqual({ successful: RECIPIENTS, failed: 0, total: RECIPIENTS });

  const missing: string[] = [];
  const duplicated: string[] = [];
  for (let i = 1; i <= RECIPIENTS; i++) {
    const n = sendgrid.acceptedTo.get(`crash-${i}@example.com`) ?? 0;
    if (n === 0) missing.push(`crash-${i}`);
    if (n > 1) duplicated.push(`crash-${i}`);
  }
  expect({ missing, duplicated }).toEqual({ missing: [], duplicated: [] });
  const retaken = Number(
    (await ds.query(`SELECT count(*) AS n FROM outbound_messages WHERE campaign_id = $1 AND attempts > 1`, [id]))[0].n,
  );
  expect(retaken).toBeGreaterThanOrEqual(inFlight);
  expect(b.stderr()).toBe('worker B: ');
}, 90_000);
