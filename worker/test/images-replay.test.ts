/**
 * Image jobs are idempotent (at-least-once delivery): a completed GenerateImage job run again
 * (BullMQ `job.retry('completed')`) and a duplicate `queue.add` with the same payload find the
 * image already stored, so Stability sees one request and one image is stored; the run's
 * ImageRun job replayed closes nothing twice.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Job, Queue, QueueEvents } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Jobs, QueueName, type ImageRun } from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeStability, type FakeStability } from '../../backend/test/support/fake-stability.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let stability: FakeStability;
let queue: Queue;
let events: QueueEvents;
let cookie: string;

beforeAll(async () => {
  stability = await startFakeStability();
  db = await createTestDatabase();
  const env = testEnv(db, { PUBLIC_URL, STABILITY_API_KEY: stability.apiKey, STABILITY_BASE_URL: stability.baseUrl });
  app = await createApp(env, { logger: false });
  await app.init();
  worker = await createWorker(env, { logger: false });
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  queue = new Queue(QueueName.Images, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  events = new QueueEvents(QueueName.Images, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  await events.waitUntilReady();
  await request(app.getHttpServer()).get('/api/images').set('Cookie', cookie).expect(200);
  await waitFor(async () => (await request(app.getHttpServer()).get('/api/images').set('Cookie', cookie)).body.balance, 15_000, 100);
}, 60_000);

afterAll(async () => {
  await events?.close();
  await queue?.close();
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await stability?.close();
});

const storedImages = async (imageId: number) =>
  (
    await ds.query(
      `SELECT g.status, g.calls, md5(g.content) AS content, (SELECT count(*)::int FROM generated_image_variants v WHERE v.image_id = g.id) AS variants,
              (SELECT count(*)::int FROM generated_images o WHERE o.image_key = g.image_key AND o.status = 'done') AS of_key
         FROM generated_images g WHERE g.id = $1`,
      [imageId],
    )
  )[0];

it('a completed image job run again, or added again, stores nothing more and calls Stability no more', async () => {
  const started = await request(app.getHttpServer())
    .post('/api/images/runs')
    .set('Cookie', cookie)
    .set('Origin', PUBLIC_URL)
    .send({ keys: ['heroCompare'] })
    .expect(202);
  const run: ImageRun = started.body;
  const imageId = run.items[0]!.id;
  const runJob = `image-run-${run.id}`;
  await waitFor(async () => (await queue.getJobState(runJob)) === 'completed', 30_000, 100);
  expect(stability.generateRequests).toHaveLength(1);
  const before = await storedImages(imageId);
  expect(before).toMatchObject({ status: 'done', calls: 1, variants: 4, of_key: 1 });

  // 1. BullMQ runs the completed child job again.
  const child = (await Job.fromId(queue, `image-${imageId}`))!;
  expect(child.returnvalue).toMatchObject({ imageId, status: 'done', replay: false });
  const again = child.waitUntilFinished(events, 30_000);
  await child.retry('completed');
  expect(await again).toMatchObject({ imageId, status: 'done', replay: true });

  // 2. A second job with the same payload (a producer that enqueued twice).
  const duplicate = await queue.add(Jobs.GenerateImage.name, { imageId });
  expect(await duplicate.waitUntilFinished(events, 30_000)).toMatchObject({ imageId, status: 'done', replay: true });

  // 3. The run's parent job run again: the run was closed once.
  const parent = (await Job.fromId(queue, runJob))!;
  const closedAgain = parent.waitUntilFinished(events, 30_000);
  await parent.retry('completed');
  expect(await closedAgain).toBeNull();

  expect(stability.generateRequests).toHaveLength(1);
  expect(await storedImages(imageId)).toEqual(before);
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM image_runs WHERE finished_at IS NOT NULL AND id = $1`, [run.id]);
  expect(n).toBe(1);
});
