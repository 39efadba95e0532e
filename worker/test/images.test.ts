/**
 * Site images end to end (decisions.md §13): the api stores each request and enqueues a BullMQ
 * flow; the worker calls a local fake of Stability's REST API, stores the image with its seed,
 * its variants and applies it; staff pages follow it over Socket.IO; visitors get the active
 * image from the public config, the landing call and the served variants, never from Stability.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import sharp from 'sharp';
import {
  IMAGE_KEYS,
  ServerEvent,
  imageRunSchema,
  imagesGeneratedSchema,
  type ImageRun,
  type ImagesGenerated,
  type ImagesOverview,
} from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeStability, type FakeStability } from '../../backend/test/support/fake-stability.js';
import { ADMIN, STAFF, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';
const LOCKOUT_MS = 1500;

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let stability: FakeStability;
let cookie: string;
let socket: Socket;
const runs: ImageRun[] = [];
const generated: ImagesGenerated[] = [];

const http = () => request(app.getHttpServer());
const post = (path: string, body: unknown = {}) =>
  http()
    .post(path)
    .set('Cookie', cookie)
    .set('Origin', PUBLIC_URL)
    .send(body as object);
const get = (path: string) => http().get(path).set('Cookie', cookie);
const overview = async (): Promise<ImagesOverview> => (await get('/api/images').expect(200)).body;
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
  stability = await startFakeStability({ credits: 500 });
  db = await createTestDatabase();
  const env = testEnv(db, {
    PUBLIC_URL,
    STABILITY_API_KEY: stability.apiKey,
    STABILITY_BASE_URL: stability.baseUrl,
    STABILITY_TIMEOUT_MS: '3000',
    STABILITY_LOCKOUT_MS: String(LOCKOUT_MS),
    IMAGE_LEASE_MS: '5000',
    IMAGE_BACKOFF_MS: '50',
    IMAGE_BACKOFF_MAX_MS: '200',
    IMAGE_ATTEMPTS: '3',
    IMAGE_GENERATIONS_PER_HOUR: '25',
  });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  worker = await createWorker(env, { logger: false });
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.on(ServerEvent.ImageRun, (run: unknown) => runs.push(imageRunSchema.parse(run)));
  socket.on(ServerEvent.ImagesGenerated, (e: unknown) => generated.push(imagesGeneratedSchema.parse(e)));
  // The page's first GET queues the balance read; the worker answers it.
  await overview();
  await waitFor(async () => (await overview()).balance, 15_000, 100);
}, 60_000);

afterAll(async () => {
  socket?.disconnect();
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await stability?.close();
});

beforeEach(() => {
  stability.requests.length = 0;
  stability.next = [];
  stability.decide = null;
  stability.delayMs = 0;
});

it('Generate All: 11 images one after another, one blocked and one failed are skipped, each stored once and applied, watched live', async () => {
  stability.decide = (r) =>
    r.fields.prompt?.includes('office lobby')
      ? { status: 400, message: 'prompt: contains unsupported words' }
      : r.fields.prompt?.includes('bullet security camera')
        ? { filtered: true }
        : null;
  const started = await post('/api/images/runs', { seed: 'new' }).expect(202);
  const run: ImageRun = started.body;
  expect(run).toMatchObject({ kind: 'all', status: 'running', total: 11, createdBy: ADMIN.email });
  expect(run.items.map((i) => i.key)).toEqual([...IMAGE_KEYS]);

  const done = await waitRun(run.id);
  expect(done).toMatchObject({ status: 'completed', total: 11, done: 9, failed: 1, blocked: 1 });
  const byKey = new Map(done.items.map((i) => [i.key, i]));
  expect(byKey.get('heroBusiness')).toMatchObject({ status: 'failed', error: 'Stability 400: prompt: contains unsupported words' });
  expect(byKey.get('heroCameras')).toMatchObject({ status: 'blocked', finishReason: 'CONTENT_FILTERED', applied: false, image: null });
  // 400 fails at once and a blocked image is not retried: 11 requests for 11 images.
  expect(stability.generateRequests).toHaveLength(11);
  for (const r of stability.generateRequests) {
    expect(r.contentType).toMatch(/^multipart\/form-data/);
    expect(r.fields).toMatchObject({ output_format: 'webp', aspect_ratio: expect.stringMatching(/^(16:9|1:1)$/) });
  }
  const home = byKey.get('heroHome')!;
  const sentSeed = Number(stability.generateRequests.find((r) => r.fields.prompt?.includes('suburban home'))!.fields.seed);
  expect(home).toMatchObject({
    status: 'done',
    applied: true,
    seed: sentSeed,
    finishReason: 'SUCCESS',
    width: 1344,
    height: 768,
    model: 'core',
  });
  expect(byKey.get('aboutSection')).toMatchObject({ status: 'done', width: 1024, height: 1024, aspectRatio: '1:1' });
  const rows = await ds.query(
    `SELECT image_key, count(*)::int AS n FROM generated_images WHERE run_id = $1 AND status = 'done' GROUP BY 1`,
    [run.id],
  );
  expect(rows).toHaveLength(9);
  expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);

  // Live: the page saw each state and the imagesGenerated broadcast with the count.
  await waitFor(async () => generated.find((g) => g.runId === run.id));
  expect(generated.find((g) => g.runId === run.id)).toMatchObject({ count: 9, skipped: 2, cancelled: false });
  const statesOf = (key: string) => runs.filter((r) => r.id === run.id).map((r) => r.items.find((i) => i.key === key)!.status);
  const homeStates = statesOf('heroHome');
  expect(homeStates).toEqual(expect.arrayContaining(['generating', 'done']));
  expect(homeStates.indexOf('generating')).toBeLessThan(homeStates.indexOf('done'));
  // The last key waits while the others are made, then is made too.
  const lastStates = statesOf('contactSection');
  expect(lastStates[0]).toBe('waiting');
  expect(lastStates).toEqual(expect.arrayContaining(['waiting', 'generating', 'done']));

  // The site: every page's public config lists the applied images with their srcset.
  const config = (await http().get('/api/public-config').expect(200)).body;
  expect(Object.keys(config.generatedImages).sort()).toEqual(IMAGE_KEYS.filter((k) => k !== 'heroBusiness' && k !== 'heroCameras').sort());
  expect(config.generatedImages.heroHome).toEqual(home.image);
  expect(home.image!.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['640w', '960w', '1280w', '1344w']);
});

it('serves each variant with a year of cache, a content-hashed URL and an ETag; other hashes are 404', async () => {
  const { image } = (await overview()).keys.find((k) => k.key === 'heroHome')!.active!;
  const first = image!.srcSet.split(', ')[0]!.split(' ')[0]!;
  const getBytes = () =>
    http()
      .get(first)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  const res = await getBytes();
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(res.body as Buffer).metadata();
  expect([meta.format, meta.width]).toEqual(['webp', 640]);
  const etag = res.headers.etag;
  expect(first).toContain(etag.replaceAll('"', ''));
  await http().get(first).set('If-None-Match', etag).expect(304);
  await http()
    .get(first.replace(/-[0-9a-f]{16}\.webp$/, '-0000000000000000.webp'))
    .expect(404);

  // Once in memory, the variant is answered before Express (create-api.ts answerCachedVariants)
  // with the same bytes and the same headers, security headers included, as the controller's first
  // answer (read from Postgres, through every Express handler).
  const again = await getBytes().expect(200);
  expect(Buffer.compare(again.body as Buffer, res.body as Buffer)).toBe(0);
  const perResponse = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
  const comparable = (headers: Record<string, string>) =>
    Object.entries(headers)
      .filter(([h]) => !perResponse.has(h))
      .sort();
  expect(comparable(again.headers)).toEqual(comparable(res.headers));
  expect(again.headers['x-content-type-options']).toBe('nosniff');
  expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  await http().get(first).set('X-Request-Id', 'variant-req-1').expect('X-Request-Id', 'variant-req-1');
  const notModified = await http().get(first).set('If-None-Match', etag).expect(304);
  expect([notModified.headers.etag, notModified.headers['cache-control'], notModified.headers['x-frame-options']]).toEqual([
    etag,
    res.headers['cache-control'],
    res.headers['x-frame-options'],
  ]);
  const head = await http().head(first).expect(200);
  expect(head.headers['content-length']).toBe(res.headers['content-length']);
  await http().get(`${first}?v=2`).expect(200);
  await http().post(first).expect(404);
});

it('the landing call answers the active image or null, for anyone, and never reaches Stability', async () => {
  const landing = {
    prompt: 'skyline',
    negative_prompt: 'x',
    width: 1920,
    height: 1080,
    style: 'photographic',
    outputFormat: 'WEBP',
    outputQuality: 85,
  };
  const none = await http()
    .post('/api/generate-image')
    .set('Origin', PUBLIC_URL)
    .send({ imageKey: 'heroShopping', ...landing })
    .expect(200);
  expect(none.body).toEqual({ success: true, imageUrl: null, image: null });
  const home = await http()
    .post('/api/generate-image')
    .set('Origin', PUBLIC_URL)
    .send({ imageKey: 'heroHome', ...landing })
    .expect(200);
  expect(home.body.imageUrl).toMatch(/^\/api\/site-images\/\d+\/1280-[0-9a-f]{16}\.webp$/);
  await http().post('/api/generate-image').set('Origin', PUBLIC_URL).send({ imageKey: 'notAKey' }).expect(400);
  expect(stability.requests).toHaveLength(0);
});

it('the staff call needs an admin, is audited and queued (202), and the image arrives', async () => {
  await http().post('/api/generate-image').set('Origin', PUBLIC_URL).send({ prompt: 'a door', width: 1024, height: 1024 }).expect(401);
  const viewer = await signIn(app, STAFF);
  await http()
    .post('/api/generate-image')
    .set('Cookie', viewer)
    .set('Origin', PUBLIC_URL)
    .send({ prompt: 'a door', width: 1024, height: 1024 })
    .expect(403);
  expect(stability.requests).toHaveLength(0);
  const res = await post('/api/generate-image', { prompt: 'a steel door with a keypad', width: 1024, height: 1024 }).expect(202);
  expect(res.body).toMatchObject({ success: true, imageUrl: null, runId: expect.any(Number), imageId: expect.any(Number) });
  const done = await waitRun(res.body.runId);
  expect(done.items[0]).toMatchObject({ status: 'done', key: null, aspectRatio: '1:1', applied: false });
  expect(stability.generateRequests[0]!.fields).toMatchObject({ prompt: 'a steel door with a keypad', aspect_ratio: '1:1' });
  const audit = await ds.query(`SELECT action, user_email, details FROM audit_log WHERE entity_type = 'image_run' AND entity_id = $1`, [
    String(res.body.runId),
  ]);
  expect(audit).toEqual([{ action: 'images.generate', user_email: ADMIN.email, details: expect.objectContaining({ images: 1 }) }]);
  await post('/api/generate-image', { prompt: '', width: 1024, height: 1024 }).expect(400);
});

it('a 429 stops every call for the lock-out and then succeeds; a 500 is retried', async () => {
  stability.next = [{ status: 429 }, { status: 500 }];
  const run: ImageRun = (await post('/api/images/runs', { keys: ['trustSection'] }).expect(202)).body;
  const done = await waitRun(run.id);
  expect(done.items[0]).toMatchObject({ status: 'done', applied: true });
  const calls = stability.generateRequests;
  expect(calls).toHaveLength(3);
  // Nothing was asked of Stability during the lock-out after the 429.
  expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(LOCKOUT_MS - 50);
  const [row] = await ds.query(`SELECT calls, rate_limited FROM generated_images WHERE id = $1`, [run.items[0]!.id]);
  expect(row).toEqual({ calls: 3, rate_limited: 1 });
  const states = runs.filter((r) => r.id === run.id).map((r) => r.items[0]!.progress ?? '');
  expect(states.some((p) => p.includes("Stability's rate limit was reached"))).toBe(true);
});

it('regenerates one key with its seed locked, keeps the history, and staff re-apply an earlier version', async () => {
  const before = (await overview()).keys.find((k) => k.key === 'heroHome')!.active!;
  const run: ImageRun = (await post('/api/images/runs', { keys: ['heroHome'], seed: 'locked' }).expect(202)).body;
  const done = await waitRun(run.id);
  expect(done.kind).toBe('one');
  expect(stability.generateRequests[0]!.fields.seed).toBe(String(before.seed));
  expect(done.items[0]).toMatchObject({ status: 'done', seed: before.seed, applied: true });

  const history = (await get('/api/images/keys/heroHome/history').expect(200)).body;
  expect(history.versions.map((v: { id: number }) => v.id)).toEqual([done.items[0]!.id, before.id]);
  expect(history.versions.map((v: { applied: boolean }) => v.applied)).toEqual([true, false]);
  const applied = await post(`/api/images/${before.id}/apply`).expect(200);
  expect(applied.body).toMatchObject({ key: 'heroHome', active: { id: before.id, applied: true } });
  expect((await http().get('/api/public-config').expect(200)).body.generatedImages.heroHome).toEqual(before.image);
  await post(`/api/images/${run.items[0]!.id + 100_000}/apply`).expect(404);
  const blocked = (await get('/api/images/keys/heroCameras/history').expect(200)).body.versions[0];
  await post(`/api/images/${blocked.id}/apply`).expect(409);
  const audit = await ds.query(`SELECT action FROM audit_log WHERE action = 'images.apply' AND entity_id = $1`, [String(before.id)]);
  expect(audit).toHaveLength(1);

  const fresh: ImageRun = (await post('/api/images/runs', { keys: ['heroHome'], seed: 'new' }).expect(202)).body;
  await waitRun(fresh.id);
  expect(stability.generateRequests[1]!.fields.seed).not.toBe(String(before.seed));
});

it('cancelling a run stops it: waiting images are cancelled and never sent to Stability', async () => {
  stability.delayMs = 700;
  const run: ImageRun = (
    await post('/api/images/runs', { keys: ['aboutSection', 'trustSection', 'contactSection', 'heroIntercom'] }).expect(202)
  ).body;
  await waitFor(async () => stability.requests.length >= 1, 10_000);
  const cancelled = await post(`/api/images/runs/${run.id}/cancel`).expect(200);
  expect(cancelled.body.status).toBe('cancelled');
  const done = await waitRun(run.id);
  expect(done.status).toBe('cancelled');
  expect(done.done + done.cancelled).toBe(4);
  expect(done.cancelled).toBeGreaterThanOrEqual(2);
  await new Promise((r) => setTimeout(r, 500));
  expect(stability.generateRequests.length).toBe(done.done);
  await post(`/api/images/runs/${run.id}/cancel`).expect(409);
  expect(generated.find((g) => g.runId === run.id)).toMatchObject({ cancelled: true });
});

it('refuses a run the balance cannot cover, and answers 429 past the hourly allowance', async () => {
  stability.credits = 10;
  await post('/api/images/balance/refresh').expect(202);
  await waitFor(async () => (await overview()).balance?.credits === 10, 10_000, 100);
  const refused = await post('/api/images/runs', { seed: 'new' }).expect(409);
  expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: expect.stringContaining('needs 33 credits (11 × 3)') });
  expect(stability.generateRequests).toHaveLength(0);
  stability.credits = 10_000;
  await post('/api/images/balance/refresh').expect(202);
  await waitFor(async () => (await overview()).balance?.credits === 10_000, 10_000, 100);
  // 25 images an hour: this file has asked for 11 + 1 + 1 + 2 + 4 = 19 (the refused run took none); 11 more pass it.
  const over = await post('/api/images/runs', { seed: 'new' }).expect(429);
  expect(over.headers['retry-after']).toMatch(/^\d+$/);
});
