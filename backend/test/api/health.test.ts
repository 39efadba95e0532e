/** GET /api/health names the dependency that does not answer. */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { testEnv } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;

beforeAll(async () => {
  db = await createTestDatabase();
  // Nothing listens on port 1: Redis is "down" for this app.
  app = await createApp(testEnv(db, { REDIS_URL: 'redis://127.0.0.1:1' }), { logger: false });
  await app.init();
});

afterAll(async () => {
  await app?.close(); // bounded: the gateway gives up on its Redis streams after 2 s
  await db?.drop();
});

it('answers 503 naming redis when Redis does not answer', async () => {
  const res = await request(app.getHttpServer()).get('/api/health').expect(503);
  expect(res.body).toEqual({ status: 'error', checks: { postgres: 'up', redis: 'down' }, message: 'redis is not answering' });
});

it('still stores a contact (Postgres is the system of record) and says the job is not queued yet', async () => {
  const res = await request(app.getHttpServer())
    .post('/api/contacts')
    .send({ firstName: 'Lee', lastName: 'Park', email: 'lee@example.com', phone: '2125550100', propertyType: 'residential' })
    .expect(201);
  expect(res.body.notificationJob).toBeNull();
});
