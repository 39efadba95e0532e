/**
 * Redis stops while the job dashboard is open (a private redis-server, SIGKILLed mid-test): the
 * dashboard's API answers 503 "Redis is not answering" at once instead of hanging or failing with
 * a 500, its page still loads, the api keeps serving visitors, and the dashboard works again once
 * Redis is back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app/create-api.js';
import { REDIS_DOWN_MESSAGE } from '../../src/modules/operations/job-dashboard.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { testEnv, waitFor } from '../support/test-env.js';
import { startRedisServer, type RedisServerProcess } from '../support/redis-server-process.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';

/** Longest the dashboard's API may take to say Redis is down (ms): the Redis probe's timeout plus slack. */
const ANSWER_BUDGET_MS = 3000;

let db: TestDatabase;
let redis: RedisServerProcess;
let app: NestExpressApplication;
let dist: string;
let admin: string;

const http = () => request(app.getHttpServer());

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dashboard-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!DOCTYPE html><html lang="en"><head><title>Home</title></head><body><h1>Home</h1></body></html>',
  );
  writeFileSync(path.join(dist, '404.html'), '<!DOCTYPE html><html lang="en"><head><title>Not found</title></head><body></body></html>');
  writeFileSync(
    path.join(dist, 'route-manifest.json'),
    JSON.stringify({ prerendered: { '/': 'index.html' }, clientOnly: [], payment: [] }),
  );
  db = await createTestDatabase();
  redis = await startRedisServer();
  app = await createApp(testEnv(db, { REDIS_URL: redis.url, FRONTEND_DIST: dist }), { logger: false });
  await app.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
});

afterAll(async () => {
  // Redis back first, so the app's connections close instead of waiting on reconnects.
  await redis?.start().catch(() => undefined);
  await app?.close();
  await redis?.kill();
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
});

it('answers 503 at once while Redis is down, keeps serving visitors, and recovers', async () => {
  await http().get('/admin/queues/api/queues').set('Cookie', admin).expect(200);

  await redis.kill();

  for (const call of [
    () => http().get('/admin/queues/api/queues').set('Cookie', admin),
    () => http().get('/admin/queues/api/queues/images/1').set('Cookie', admin),
    () => http().put('/admin/queues/api/queues/images/pause').set('Cookie', admin),
  ]) {
    const started = Date.now();
    const res = await call();
    expect(Date.now() - started).toBeLessThan(ANSWER_BUDGET_MS);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: REDIS_DOWN_MESSAGE });
  }

  // The board's page itself needs no Redis: it loads and shows the API's message.
  await http().get('/admin/queues').set('Cookie', admin).expect(200);

  // Visitors are served as usual.
  const home = await http().get('/').expect(200);
  expect(home.text).toContain('<h1>Home</h1>');
  await http().get('/api/public-config').expect(200);
  await http().get('/api/site-settings').expect(200);

  await redis.start();
  await waitFor(async () => (await http().get('/admin/queues/api/queues').set('Cookie', admin)).status === 200, 15_000, 200);
});
