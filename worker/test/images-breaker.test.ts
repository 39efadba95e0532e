/**
 * Stability behind the same circuit breaker as SendGrid and Twilio (issue 26 points 2 and 6), with
 * the local fake of Stability's REST API answering 503 for OUTAGE_MS while a run of 5 images is
 * generated (scaled-down timings by configuration: BREAKER_FAILURES 3 within BREAKER_WINDOW_MS 5 s,
 * probes after 1 s doubling to 2 s, IMAGE_ATTEMPTS 6, retries every 50–200 ms). The breaker opens
 * after the first failures; `/api/health` and `/metrics` report Stability down with the images
 * waiting; while it is open only single probes reach Stability (without the breaker, 5 images
 * retried every 50–200 ms would spend their 6 attempts within seconds and fail); once Stability
 * returns every image is generated and stored once, none failed, and Stability is reported up
 * again. A permanent answer (402: no credits) fails its image
 * at once with Stability's reason, and never opens the breaker.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { HealthResponse, ImageRun } from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeStability, type FakeStability } from '../../backend/test/support/fake-stability.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const OUTAGE_MS = 9000;
const KEYS = ['heroHome', 'heroBusiness', 'aboutSection', 'trustSection', 'contactSection'];

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let stability: FakeStability;
let cookie: string;

const http = () => request(app.getHttpServer());
const post = (path: string, body: unknown = {}) =>
  http()
    .post(path)
    .set('Cookie', cookie)
    .set('Origin', PUBLIC_URL)
    .send(body as object);
const get = (path: string) => http().get(path).set('Cookie', cookie);
const stabilityHealth = async () =>
  ((await http().get('/api/health')).body as HealthResponse).providers!.find((p) => p.provider === 'stability')!;
const waitRun = (id: number, timeoutMs = 60_000) =>
  waitFor(
    async () => {
      const run: ImageRun = (await get(`/api/images/runs/${id}`).expect(200)).body;
      return run.status !== 'running' && run.finishedAt ? run : null;
    },
    timeoutMs,
    100,
  );

beforeAll(async () => {
  stability = await startFakeStability({ credits: 10_000 });
  db = await createTestDatabase();
  const env = testEnv(db, {
    PUBLIC_URL,
    METRICS_TOKEN,
    STABILITY_API_KEY: stability.apiKey,
    STABILITY_BASE_URL: stability.baseUrl,
    STABILITY_TIMEOUT_MS: '3000',
    // Longer than an attempt can take on a loaded 2-core CI machine (claim, call, variants): a
    // second attempt may take the image over only once this lapses (images-crash.test.ts tests that).
    IMAGE_LEASE_MS: '20000',
    IMAGE_CONCURRENCY: '3',
    IMAGE_BACKOFF_MS: '50',
    IMAGE_BACKOFF_MAX_MS: '200',
    IMAGE_ATTEMPTS: '6',
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
  // A run needs the credit balance: the page's first GET queues its read, the worker answers it.
  await get('/api/images').expect(200);
  await waitFor(async () => (await get('/api/images').expect(200)).body.balance, 15_000, 100);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await stability?.close();
});

it('a Stability outage: the breaker opens, images wait while only probes reach Stability, it closes, and every image is made once', async () => {
  let down = true;
  stability.decide = () => (down ? { status: 503, message: 'service unavailable' } : null);
  expect(await stabilityHealth()).toMatchObject({ state: 'up', downSince: null, waiting: 0 });

  const started = Date.now();
  const run: ImageRun = (await post('/api/images/runs', { keys: KEYS, seed: 'new' }).expect(202)).body;
  expect(run.total).toBe(KEYS.length);

  const open = await waitFor(async () => {
    const s = await stabilityHealth();
    return s.state !== 'up' ? s : null;
  }, 15_000);
  const openedAfter = stability.generateRequests.length;
  expect(open.downSince).not.toBeNull();
  expect(open.waiting).toBe(KEYS.length);
  const metrics = await http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
  expect(metrics.text).toMatch(/ironclad_provider_up\{provider="stability"\} 0/);
  expect(metrics.text).toMatch(/ironclad_provider_messages_waiting\{provider="stability"\} 5/);
  // the generator page says why its images wait
  await waitFor(async () => {
    const r: ImageRun = (await get(`/api/images/runs/${run.id}`).expect(200)).body;
    return r.items.some((i) => i.status === 'waiting' && (i.progress ?? '').includes('Stability AI is unavailable'));
  }, 10_000);

  await new Promise((r) => setTimeout(r, Math.max(0, started + OUTAGE_MS - Date.now())));
  const duringOpen = stability.generateRequests.length - openedAfter;
  // 5 images × 6 attempts would be 30 calls (and 5 failed images) without the breaker; probes at 1, 2, 2 … s
  expect(duringOpen).toBeLessThanOrEqual(7);
  const failedDuring = await ds.query(`SELECT count(*)::int AS n FROM generated_images WHERE run_id = $1 AND status = 'failed'`, [run.id]);
  expect(failedDuring).toEqual([{ n: 0 }]);

  down = false;
  const returned = Date.now();
  const done = await waitRun(run.id, 30_000);
  expect(done).toMatchObject({ status: 'completed', total: KEYS.length, done: KEYS.length, failed: 0, blocked: 0 });
  const stored = await ds.query(
    `SELECT image_key, count(*)::int AS n FROM generated_images WHERE run_id = $1 AND status = 'done' GROUP BY 1 ORDER BY 1`,
    [run.id],
  );
  expect(stored.map((r: { n: number }) => r.n)).toEqual([1, 1, 1, 1, 1]);
  // every image was generated by exactly one successful call
  expect(stability.generations).toBe(KEYS.length);
  expect(await waitFor(async () => ((await stabilityHealth()).state === 'up' ? stabilityHealth() : null), 10_000)).toMatchObject({
    state: 'up',
    downSince: null,
    waiting: 0,
  });
  console.log(
    `Stability outage ${OUTAGE_MS} ms: ${KEYS.length} images, ${KEYS.length} made once, 0 failed; ${openedAfter} calls before the ` +
      `breaker opened, ${duringOpen} while open (probes); run completed ${Date.now() - returned} ms after the return`,
  );
}, 90_000);

it('402 (no credits) fails the image at once with Stability’s reason and does not open the breaker', async () => {
  stability.requests.length = 0;
  stability.decide = () => ({ status: 402, message: 'You lack sufficient credits to make this request' });
  const run: ImageRun = (
    await post('/api/images/runs', { keys: ['heroHome', 'aboutSection', 'trustSection', 'contactSection'] }).expect(202)
  ).body;
  const done = await waitRun(run.id);
  expect(done).toMatchObject({ status: 'completed', failed: 4, done: 0 });
  for (const item of done.items) expect(item.error).toBe('Stability 402: You lack sufficient credits to make this request');
  // never retried: one call per image, and the provider answering is not an outage
  expect(stability.generateRequests).toHaveLength(4);
  expect(await stabilityHealth()).toMatchObject({ state: 'up' });
}, 60_000);
