/**
 * Generate All survives a worker crash: the compiled worker (`node worker/dist/main.js`) is
 * killed with SIGKILL in the middle of the run, with a Stability call in flight; a fresh worker
 * retakes the stalled image once its lease has passed and finishes the flow. Every key ends with
 * exactly one stored image, and only the image whose call was cut off is asked for twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ImageRun } from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeStability, type FakeStability } from '../../backend/test/support/fake-stability.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';

const workerMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const PUBLIC_URL = 'http://localhost:3000';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let stability: FakeStability;
let overrides: Record<string, string>;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  stability = await startFakeStability();
  stability.delayMs = 500;
  db = await createTestDatabase();
  overrides = {
    PUBLIC_URL,
    STABILITY_API_KEY: stability.apiKey,
    STABILITY_BASE_URL: stability.baseUrl,
    STABILITY_TIMEOUT_MS: '5000',
    IMAGE_LEASE_MS: '6000',
    WORKER_LOCK_DURATION_MS: '1500',
    WORKER_STALLED_INTERVAL_MS: '1000',
    PDF_PREWARM: 'false',
  };
  app = await createApp(testEnv(db, overrides), { logger: false });
  await app.init();
  ds = app.get(DataSource);
  await seedUsers(app);
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await stability?.close();
});

it('a worker killed mid-run: a new worker finishes Generate All, one stored image per key', async () => {
  const cookie = await signIn(app, ADMIN);
  const first = startWorker();
  await request(app.getHttpServer()).get('/api/images').set('Cookie', cookie).expect(200);
  await waitFor(async () => (await request(app.getHttpServer()).get('/api/images').set('Cookie', cookie)).body.balance, 30_000, 100);
  const run: ImageRun = (
    await request(app.getHttpServer()).post('/api/images/runs').set('Cookie', cookie).set('Origin', PUBLIC_URL).send({}).expect(202)
  ).body;

  // Kill it while its fourth call is in flight.
  await waitFor(async () => stability.generateRequests.length >= 4, 30_000, 20);
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));
  const cut = stability.generateRequests.length;
  startWorker();

  const done = await waitFor(
    async () => {
      const r: ImageRun = (await request(app.getHttpServer()).get(`/api/images/runs/${run.id}`).set('Cookie', cookie)).body;
      return r.status === 'completed' ? r : null;
    },
    90_000,
    200,
  );
  expect(done).toMatchObject({ done: 11, failed: 0, blocked: 0 });
  const perKey = await ds.query(`SELECT image_key, count(*)::int AS n FROM generated_images WHERE status = 'done' GROUP BY 1`);
  expect(perKey).toHaveLength(11);
  expect(perKey.every((r: { n: number }) => r.n === 1)).toBe(true);
  // 11 images, plus the one call the crash cut off: only that image was asked for twice.
  const calls = await ds.query(`SELECT image_key, calls FROM generated_images WHERE calls > 1`);
  expect(calls).toEqual([{ image_key: expect.any(String), calls: 2 }]);
  expect(stability.generateRequests).toHaveLength(12);
  expect(cut).toBeGreaterThanOrEqual(4);
}, 150_000);

it('a worker killed after Stability answered: the next attempt makes the variants from the kept bytes, no second call', async () => {
  // The workers of the first test stop: none may take the job before the row is staged.
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
  const cookie = await signIn(app, ADMIN);
  const before = stability.generateRequests.length;
  // A real WebP as Stability answers it, taken from the fake (one call, counted below).
  const res = await fetch(`${stability.baseUrl}/v2beta/stable-image/generate/core`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stability.apiKey}`, accept: 'image/*' },
    body: (() => {
      const form = new FormData();
      form.set('prompt', 'a lobby');
      form.set('aspect_ratio', '16:9');
      form.set('output_format', 'webp');
      return form;
    })(),
  });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());

  // No worker runs: the job waits while the row is put in the state a worker killed between
  // `receive` (bytes kept) and `complete` (variants stored) leaves behind, its lease run out.
  const run: ImageRun = (
    await request(app.getHttpServer())
      .post('/api/images/runs')
      .set('Cookie', cookie)
      .set('Origin', PUBLIC_URL)
      .send({ keys: ['aboutSection'] })
      .expect(202)
  ).body;
  const imageId = run.items[0]!.id;
  await ds.query(
    `UPDATE generated_images SET status = 'generating', claimed_at = now() - interval '1 hour', calls = 1,
            content = $2, seed = 4242, finish_reason = 'SUCCESS' WHERE id = $1`,
    [imageId, bytes],
  );
  const asked = stability.generateRequests.length;
  expect(asked).toBe(before + 1);

  startWorker();
  const done = await waitFor(
    async () => {
      const r: ImageRun = (await request(app.getHttpServer()).get(`/api/images/runs/${run.id}`).set('Cookie', cookie)).body;
      return r.status === 'completed' ? r : null;
    },
    60_000,
    200,
  );
  expect(done).toMatchObject({ done: 1, failed: 0 });
  expect(stability.generateRequests.length).toBe(asked);
  const [row] = await ds.query(
    `SELECT status, calls, seed, byte_size, (SELECT count(*)::int FROM generated_image_variants v WHERE v.image_id = g.id) AS variants
       FROM generated_images g WHERE id = $1`,
    [imageId],
  );
  expect(row).toMatchObject({ status: 'done', calls: 1, seed: '4242', byte_size: bytes.length });
  expect(row.variants).toBeGreaterThan(0);
}, 90_000);
