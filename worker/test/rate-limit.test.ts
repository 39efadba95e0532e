/**
 * Provider rate limits: the worker's BullMQ limiter holds SMS to
 * SMS_RATE_PER_SECOND however many sends are queued and however high the concurrency — here
 * 2 per second with 5 concurrent sends, against a fake Twilio that timestamps what it accepts.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeTwilio, type FakeTwilio } from '../../backend/test/support/fake-twilio.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';
const RATE = 2;
const RECIPIENTS = 10;

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let fakeTwilio: FakeTwilio;

beforeAll(async () => {
  fakeTwilio = await startFakeTwilio();
  db = await createTestDatabase();
  const env = testEnv(db, {
    PUBLIC_URL,
    TWILIO_ACCOUNT_SID: fakeTwilio.accountSid,
    TWILIO_AUTH_TOKEN: fakeTwilio.authToken,
    TWILIO_PHONE_NUMBER: '+12125550100',
    TWILIO_BASE_URL: fakeTwilio.baseUrl,
    SMS_RATE_PER_SECOND: String(RATE),
    SMS_CONCURRENCY: '5',
  });
  app = await createApp(env, { logger: false });
  await app.init();
  worker = await createWorker(env, { logger: false });
  await seedUsers(app);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await fakeTwilio?.close();
});

it(`sends an SMS campaign at no more than ${RATE} messages per second (BullMQ limiter), each once`, async () => {
  const ds = app.get(DataSource);
  await ds.query(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, status, source)
     SELECT 'Rate', 'Limit ' || i, 'rate-' || i || '@example.com', '(929) 555-01' || lpad(i::text, 2, '0'), '{}', 'contacted', 'ai_shopping'
       FROM generate_series(1, $1::int) AS i`,
    [RECIPIENTS],
  );
  const cookie = await signIn(app, ADMIN);
  const res = await request(app.getHttpServer())
    .post('/api/bulk-communication')
    .set('Cookie', cookie)
    .set('Origin', PUBLIC_URL)
    .send({ type: 'sms', message: 'Hi {{firstName}}', filter: { status: 'contacted' } })
    .expect(202);
  // the worker resolves the audience (issue 27: the api answers before any recipient is stored)
  const prepared = await waitFor(
    async () => {
      const c = (await request(app.getHttpServer()).get(`/api/campaigns/${res.body.campaignId}`).set('Cookie', cookie).expect(200)).body
        .campaign;
      return c.preparing ? null : c;
    },
    20_000,
    50,
  );
  expect(prepared.recipients).toBe(RECIPIENTS);
  await waitFor(async () => fakeTwilio.messages.length >= RECIPIENTS, 20_000, 50);

  // acceptance times at the fake: the limiter spaces job starts, the HTTP round trip adds noise
  // (a busy 2-core machine), hence the slack below; without a limiter every gap is ~0 ms
  const at = fakeTwilio.messages.map((m) => m.dateCreated.getTime()).sort((a, b) => a - b);
  const gaps = at.slice(RATE).map((t, i) => t - at[i]!);
  const span = at.at(-1)! - at[0]!;
  const ideal = ((RECIPIENTS - RATE) / RATE) * 1000; // 10 messages at 2/s: windows at 0, 1, 2, 3, 4 s
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(700); // never RATE + 1 messages within ~1 s
  expect(span).toBeGreaterThanOrEqual(ideal - 300); // the achieved rate is not above the setting
  expect(span).toBeLessThan(ideal + 3000); // nor far below it
  expect([...fakeTwilio.acceptedTo.values()].every((n) => n === 1)).toBe(true);
}, 60_000);
