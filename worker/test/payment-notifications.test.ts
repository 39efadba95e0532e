/**
 * Payment receipts and staff notices: queued by the verified webhook, delivered
 * by the worker through the outbox (no SendGrid here), and re-enqueued by the outbox sweep when
 * they were left `queued` (e.g. Redis was down at webhook time) — consultation payments included,
 * which have no lead or contact.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { createApp, dataSourceOptions } from '@ironclad/backend/api';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { Jobs, QueueName } from '@ironclad/contracts';
import { startFakeStripe, type FakeStripe } from '../../backend/test/support/fake-stripe.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { createWorker } from '../src/worker.factory.js';

const SECRET = 'whsec_worker_test';
let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let queue: Queue;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  db = await createTestDatabase();
  const env = testEnv(db, {
    STRIPE_SECRET_KEY: 'sk_test_w',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_w',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE_URL: fake.baseUrl,
  });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  worker = await createWorker(env, { logger: false });
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  queue = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
});

afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await app?.close();
  await ds?.destroy();
  await fake?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

async function paidConsultation(email: string) {
  const res = await request(app.getHttpServer())
    .post('/api/create-consultation-payment')
    .send({ customerInfo: { firstName: 'Ida', lastName: 'Moss', email, phone: '2125550199' }, projectDetails: { type: 'retail' } })
    .expect(200);
  return fake.intents.get(res.body.clientSecret.split('_secret_')[0])!;
}

const messagesOf = (pi: string) => ds.query(`SELECT * FROM outbound_messages WHERE idempotency_key LIKE $1 ORDER BY id`, [`%:${pi}`]);

it('the webhook queues the receipt and the staff notice; the worker delivers both (outbox)', async () => {
  const intent = await paidConsultation('ida@example.com');
  const payload = JSON.stringify({
    id: 'evt_w1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { ...intent, status: 'succeeded' } },
  });
  const sig = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: SECRET });
  await request(app.getHttpServer())
    .post('/api/stripe/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', sig)
    .send(payload)
    .expect(200);
  const rows = await waitFor(async () => {
    const r = await messagesOf(intent.id);
    return r.length === 2 && r.every((m: { status: string }) => m.status === 'not_delivered') ? r : null;
  });
  expect(rows.map((m: { recipient: string; template: string }) => [m.template, m.recipient])).toEqual([
    ['payment_receipt', 'ida@example.com'],
    ['staff_payment_received', 'staff@ironclad.test'],
  ]);
  expect(rows[0].body).toContain('$250.00');
});

it('the outbox sweep re-enqueues a payment message left queued', async () => {
  const intent = await paidConsultation('sweep@example.com');
  // as if the webhook committed while Redis was down: recorded, never enqueued
  await ds.query(
    `INSERT INTO outbound_messages (idempotency_key, channel, recipient, template, subject, body, provider, status, triggered_by, updated_at)
     VALUES ($1, 'email', 'sweep@example.com', 'payment_receipt', 'Receipt', 'Thank you', 'pending', 'queued', 'system', now() - interval '10 minutes')`,
    [`staff-notification:payment-receipt:${intent.id}`],
  );
  await queue.add(Jobs.OutboxSweep.name, {}, { jobId: `sweep-${intent.id}` });
  const [row] = await waitFor(async () => {
    const r = await messagesOf(intent.id);
    return r[0]?.status === 'not_delivered' ? r : null;
  });
  expect(row.recipient).toBe('sweep@example.com');
});
