/**
 * The circuit breaker per provider (issue 26 points 2 and 3) through a "30-minute" SendGrid outage,
 * scaled down 100× by configuration (18 s; BREAKER_WINDOW_MS 3 s, BREAKER_PROBE_MS 1 s doubling to
 * BREAKER_PROBE_MAX_MS 4 s, BREAKER_RAMP_MS 2 s; MESSAGE_BACKOFF_MS 100 ms up to 1.5 s): 40 emails
 * recorded during it. The breaker opens after a run of transient failures, the provider is
 * reported down (with its waiting messages) by /api/health and /metrics, no message attempt is
 * spent while it is open (only single probes reach SendGrid), the probe that meets the provider
 * back closes it, and every email is delivered exactly once, none `failed`.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '@ironclad/backend/api';
import type { HealthResponse } from '@ironclad/contracts';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';
const OUTAGE_MS = 18_000;
const MESSAGES = 40;

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let sendgrid: FakeSendGrid;
let cookie: string;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  db = await createTestDatabase();
  const env = testEnv(db, {
    PUBLIC_URL,
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_BASE_URL: sendgrid.baseUrl,
    METRICS_TOKEN: 'metrics-token-for-tests-0123456789',
    EMAIL_CONCURRENCY: '10',
    MESSAGE_BACKOFF_MS: '100',
    MESSAGE_BACKOFF_MAX_MS: '1500',
    MESSAGE_PATIENCE_MS: '300000',
    PROVIDER_TIMEOUT_MS: '2000',
    MESSAGE_SENDING_LEASE_MS: '3000',
    BREAKER_FAILURES: '5',
    BREAKER_WINDOW_MS: '3000',
    BREAKER_PROBE_MS: '1000',
    BREAKER_PROBE_MAX_MS: '4000',
    BREAKER_RAMP_MS: '2000',
    OUTBOX_SWEEP_EVERY_MS: '3600000',
    CAMPAIGN_SWEEP_EVERY_MS: '3600000',
  });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  worker = await createWorker(env, { logger: false });
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
});

const http = () => request(app.getHttpServer());
const sendgridOf = async () =>
  ((await http().get('/api/health')).body as HealthResponse).providers!.find((p) => p.provider === 'sendgrid')!;
const mailSends = () => sendgrid.requests.filter((r) => r.url === '/v3/mail/send');

it('a long outage: the breaker opens, spends no attempt while open, probes, closes, and every email is delivered once', async () => {
  const leads: { id: number }[] = await ds.query(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, total_estimate_cents, status, source)
     SELECT 'Pat', 'Lead ' || i, 'breaker-' || i || '@example.com', null, '{}', 1250000, 'new', 'ai_shopping'
       FROM generate_series(1, $1::int) AS i ORDER BY i RETURNING id`,
    [MESSAGES],
  );
  expect(await sendgridOf()).toMatchObject({ state: 'up', downSince: null });

  sendgrid.outage(OUTAGE_MS, 503);
  const started = Date.now();
  const ids: number[] = [];
  for (const lead of leads) {
    const res = await http()
      .post(`/api/leads/${lead.id}/send-email`)
      .set('Cookie', cookie)
      .set('Origin', PUBLIC_URL)
      .send({ template: 'welcome' })
      .expect(202);
    ids.push(res.body.message.id);
  }

  // opened after a run of transient failures: reported down with its waiting messages
  const down = await waitFor(async () => {
    const s = await sendgridOf();
    return s.state !== 'up' ? s : null;
  }, 15_000);
  const openedAfterRequests = mailSends().length;
  expect(down.downSince).not.toBeNull();
  expect(down.waiting).toBeGreaterThan(0);
  const metrics = await http().get('/metrics').set('Authorization', 'Bearer metrics-token-for-tests-0123456789').expect(200);
  expect(metrics.text).toMatch(/ironclad_provider_up\{provider="sendgrid"\} 0/);
  expect(metrics.text).toMatch(/ironclad_provider_messages_waiting\{provider="sendgrid"\} [1-9]/);

  // while it is open: nothing failed, only probes reach SendGrid
  await new Promise((r) => setTimeout(r, Math.max(0, started + OUTAGE_MS - Date.now() - 500)));
  const duringOpen = mailSends().length - openedAfterRequests;
  expect(await ds.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE status = 'failed'`)).toEqual([{ n: 0 }]);
  // probes at 1, 2, 4, 4, 4 … s: a handful, where 40 messages retried every ≤1.5 s would make hundreds
  expect(duringOpen).toBeLessThanOrEqual(10);

  // back: a probe closes it, the waiting emails go out once each
  const returned = started + OUTAGE_MS;
  const rows = await waitFor(
    async () => {
      const all: { status: string; key: string; attempts: number }[] = await ds.query(
        'SELECT status, idempotency_key AS key, attempts FROM outbound_messages WHERE id = ANY($1)',
        [ids],
      );
      return all.every((r) => r.status === 'sent') ? all : null;
    },
    60_000,
    200,
  );
  const lastDeliveredAfterMs = Date.now() - returned;
  expect(rows.map((r) => r.key).filter((k) => sendgrid.accepted.get(k) !== 1)).toEqual([]);
  expect(await waitFor(async () => ((await sendgridOf()).state === 'up' ? sendgridOf() : null), 10_000)).toMatchObject({
    state: 'up',
    downSince: null,
  });
  const attempts = rows.reduce((n, r) => n + r.attempts, 0);
  console.log(
    `breaker outage ${OUTAGE_MS} ms (30 min scaled 1/100): ${MESSAGES} emails, ${MESSAGES} delivered once, 0 failed; ` +
      `${mailSends().length} SendGrid requests in all: ${openedAfterRequests} before the breaker opened, ${duringOpen} while open (probes), ` +
      `${attempts} provider calls recorded on the messages; last delivered ${lastDeliveredAfterMs} ms after the return`,
  );
}, 120_000);
