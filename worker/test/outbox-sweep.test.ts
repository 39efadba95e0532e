/**
 * The sweeps never double a message's job during a long outage (issue 26): the outbox sweep
 * (staff notifications) and the campaign sweep (campaign and staff-sent messages) re-enqueue
 * records that look stale in Postgres, but a message waiting on SendGrid's open circuit breaker is
 * not touched while it waits (no attempt is spent), so it looks stale to them. Its job is still
 * there: the sweeps must not add a second one. And a message whose job was really lost (removed
 * from Redis) is enqueued again once — not once more per sweep while it keeps waiting.
 *
 * Sweeps run every 400 ms with a 1 s age here (OUTBOX_/CAMPAIGN_SWEEP_* env), SendGrid answers 503
 * for OUTAGE_MS, and the breaker opens after 3 failures (probes every 1–2 s): the production code,
 * with smaller numbers.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { createApp } from '@ironclad/backend/api';
import { QueueName, buildingInfoOfCalculatorSpecs, type HealthResponse } from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';
const OUTAGE_MS = 9000;
const PENDING = ['waiting', 'delayed', 'active', 'prioritized', 'waiting-children'] as const;

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let sendgrid: FakeSendGrid;
let cookie: string;
let notifications: Queue;
let messages: Queue;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  db = await createTestDatabase();
  const env = testEnv(db, {
    PUBLIC_URL,
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_BASE_URL: sendgrid.baseUrl,
    MESSAGE_BACKOFF_MS: '200',
    MESSAGE_BACKOFF_MAX_MS: '1500',
    MESSAGE_PATIENCE_MS: '300000',
    PROVIDER_TIMEOUT_MS: '2000',
    MESSAGE_SENDING_LEASE_MS: '3000',
    LEAD_DIGEST_AFTER_PER_MINUTE: '1000',
    RECIPIENT_CAP_PER_DAY: '100',
    OUTBOX_SWEEP_EVERY_MS: '400',
    OUTBOX_SWEEP_AGE_MS: '1000',
    CAMPAIGN_SWEEP_EVERY_MS: '400',
    CAMPAIGN_SWEEP_STALE_MS: '1000',
    BREAKER_FAILURES: '3',
    BREAKER_WINDOW_MS: '5000',
    BREAKER_PROBE_MS: '1000',
    BREAKER_PROBE_MAX_MS: '2000',
    BREAKER_RAMP_MS: '500',
  });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  worker = await createWorker(env, { logger: false });
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  notifications = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  messages = new Queue(QueueName.Messages, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
}, 60_000);

afterAll(async () => {
  await notifications?.close();
  await messages?.close();
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
});

const http = () => request(app.getHttpServer());
const sendgridState = async () =>
  ((await http().get('/api/health')).body as HealthResponse).providers!.find((p) => p.provider === 'sendgrid')!.state;

/** The jobs of `queue` that will still run, per outbound message id, as `{job id}@{created at}`. */
async function pendingJobsPerMessage(queue: Queue): Promise<Map<number, string[]>> {
  const jobs = await queue.getJobs([...PENDING]);
  const out = new Map<number, string[]>();
  for (const job of jobs) {
    const id = (job?.data as { outboundMessageId?: number } | undefined)?.outboundMessageId;
    if (typeof id !== 'number') continue;
    out.set(id, [...(out.get(id) ?? []), `${job.id}@${job.timestamp}`]);
  }
  return out;
}

it('messages waiting on an open breaker get no second job from the sweeps; a lost job is enqueued again once', async () => {
  sendgrid.outage(OUTAGE_MS, 503);
  const started = Date.now();
  const leads = [];
  for (let i = 1; i <= 3; i += 1) {
    const res = await http()
      .post('/api/leads')
      .send({
        firstName: 'Ada',
        lastName: `Sweep ${i}`,
        email: `sweep-${i}@example.com`,
        phone: '(212) 555-0101',
        buildingInfo: buildingInfoOfCalculatorSpecs({
          buildingType: 'residential',
          sqft: 2_000,
          cameras: 6,
          entryPoints: 2,
          hasAccessControl: false,
          hasVideoIntercom: false,
          hasMonitoring: true,
          buildingComplexity: 'new',
        }),
        source: 'cost_calculator',
      })
      .expect(201);
    leads.push(res.body.lead.id as number);
  }
  const sent = await http()
    .post(`/api/leads/${leads[0]}/send-email`)
    .set('Cookie', cookie)
    .set('Origin', PUBLIC_URL)
    .send({ template: 'welcome' })
    .expect(202);
  const commId = sent.body.message.id as number;
  const staffIds: number[] = (
    await ds.query(`SELECT id FROM outbound_messages WHERE idempotency_key LIKE 'staff-notification:lead:%' AND lead_id = ANY($1)`, [leads])
  ).map((r: { id: number }) => r.id);
  expect(staffIds).toHaveLength(3);

  await waitFor(async () => ((await sendgridState()) !== 'up' ? true : null), 10_000, 100);

  // The staff-sent email's job is lost (as when Redis loses its data) while SendGrid is down.
  const lost = await waitFor(
    async () => {
      const job = await messages.getJob(`msg-${commId}`);
      return job && (await messages.remove(`msg-${commId}`)) === 1 ? `${job.id}@${job.timestamp}` : null;
    },
    10_000,
    50,
  );

  // Many sweeps while the breaker is open: each message keeps exactly one job.
  const seen = new Map<number, Set<string>>();
  const most = new Map<number, number>();
  while (Date.now() < started + OUTAGE_MS - 1000) {
    const [n, m] = await Promise.all([pendingJobsPerMessage(notifications), pendingJobsPerMessage(messages)]);
    for (const [id, ids] of [...n, ...m]) {
      most.set(id, Math.max(most.get(id) ?? 0, ids.length));
      for (const j of ids) seen.set(id, (seen.get(id) ?? new Set()).add(j));
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  // at most one pending job at a time per message, and the lost job replaced by one job, not one per sweep
  expect({
    staffNotifications: staffIds.map((id) => most.get(id) ?? 0),
    staffSentEmail: most.get(commId) ?? 0,
    replacements: [...(seen.get(commId) ?? [])].filter((j) => j !== lost).length,
  }).toEqual({ staffNotifications: [1, 1, 1], staffSentEmail: 1, replacements: 1 });

  // after the outage every message is delivered once
  const rows = await waitFor(
    async () => {
      const all: { status: string; key: string }[] = await ds.query(
        'SELECT status, idempotency_key AS key FROM outbound_messages WHERE id = ANY($1)',
        [[...staffIds, commId]],
      );
      return all.every((r) => r.status === 'sent') ? all : null;
    },
    60_000,
    200,
  );
  expect(rows.map((r) => sendgrid.accepted.get(r.key))).toEqual([1, 1, 1, 1]);
}, 120_000);
