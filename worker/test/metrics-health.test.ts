/**
 * What ops see of the jobs (README "Metrics and health"), through the real api and real workers:
 * GET /api/health counts the workers of each queue (none: still 200, and it says so) and the age
 * of the oldest waiting job; GET /metrics is guarded by METRICS_TOKEN and exposes the job counts,
 * the durations and totals of jobs finished by the workers (cluster-wide, through Redis), HTTP
 * durations by route pattern, Socket.IO connections and the Node process families.
 */
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { io } from 'socket.io-client';
import { ALL_QUEUES, QueueName, type HealthResponse } from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { QueueWorkers, type Env } from '@ironclad/backend/platform';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { createWorker } from '../src/worker.factory.js';

const TOKEN = 'scrape-me-0123456789abcdef';
/** Every queue has a processor in the worker. */
const PROCESSED = ALL_QUEUES;

let db: TestDatabase;
let env: Env;
let app: NestExpressApplication;
let url: string;
let queue: Queue;
const workers: INestApplicationContext[] = [];
/** Ids of the staff notification jobs of the contacts posted below. */
const contactJobs: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  env = testEnv(db, { METRICS_TOKEN: TOKEN });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  queue = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
});

afterAll(async () => {
  await queue?.close();
  for (const w of workers) await w.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await flushRedisPrefix(`${db.queuePrefix}-other`);
  await db?.drop();
});

const contact = { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', phone: '6465550110', propertyType: 'residential' };

const health = async (): Promise<HealthResponse> => (await request(app.getHttpServer()).get('/api/health').expect(200)).body;
const queueOf = (body: HealthResponse, name: QueueName) => body.queues!.find((q) => q.queue === name)!;
const scrape = async (): Promise<string> => {
  const res = await request(app.getHttpServer()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text;
};

/** The value of the sample `name{labels}` in an exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function startWorker(overrides: Record<string, string> = {}): Promise<INestApplicationContext> {
  const worker = await createWorker({ ...env, ...overrides } as Env, { logger: false });
  workers.push(worker);
  return worker;
}

it('without a worker: 200, zero workers per queue, status none, and the waiting job ages', async () => {
  const res = await request(app.getHttpServer()).post('/api/contacts').send(contact).expect(201);
  expect(res.body.notificationJob).toMatchObject({ queue: QueueName.Notifications });
  contactJobs.push(res.body.notificationJob.id);
  await new Promise((r) => setTimeout(r, 30));
  const body = await health();
  expect(body).toMatchObject({ status: 'ok', checks: { postgres: 'up', redis: 'up' } });
  expect(body.workers).toEqual({ status: 'none', message: 'no worker is running: jobs wait' });
  expect(body.queues!.map((q) => q.queue).sort()).toEqual([...ALL_QUEUES].sort());
  for (const q of body.queues!) expect(q.workers).toBe(0);
  const notifications = queueOf(body, QueueName.Notifications);
  expect(notifications.waiting).toBe(1);
  expect(notifications.oldestWaitingMs).toBeGreaterThanOrEqual(30);
  expect(queueOf(body, QueueName.Pdf)).toEqual({ queue: QueueName.Pdf, workers: 0, waiting: 0, oldestWaitingMs: null });
});

it('the oldest waiting job is the one enqueued first', async () => {
  await new Promise((r) => setTimeout(r, 200));
  const res = await request(app.getHttpServer())
    .post('/api/contacts')
    .send({ ...contact, email: 'second@example.com' })
    .expect(201);
  contactJobs.push(res.body.notificationJob.id);
  const notifications = queueOf(await health(), QueueName.Notifications);
  expect(notifications.waiting).toBe(2);
  expect(notifications.oldestWaitingMs).toBeGreaterThanOrEqual(230);
});

it('/metrics refuses a missing, wrong or differently sent token with 401', async () => {
  const server = app.getHttpServer();
  const none = await request(server).get('/metrics').expect(401);
  expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  expect(none.body.code).toBe('UNAUTHORIZED');
  await request(server).get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
  await request(server).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
  await request(server)
    .get('/metrics')
    .set('Authorization', `Bearer ${TOKEN.slice(0, -1)}`)
    .expect(401);
  await request(server)
    .get('/metrics')
    .set('Authorization', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)
    .expect(401);
  await request(server).get(`/metrics?token=${TOKEN}`).expect(401);
});

it('/metrics: job counts per queue and state, Node process families, before any worker ran', async () => {
  const text = await scrape();
  expect(sample(text, 'ironclad_queue_metrics_up')).toBe(1);
  expect(sample(text, 'ironclad_queue_jobs', { queue: 'notifications', state: 'waiting' })).toBe(2);
  for (const name of ALL_QUEUES) expect(sample(text, 'ironclad_queue_jobs', { queue: name, state: 'failed' })).toBe(0);
  expect(sample(text, 'ironclad_jobs_completed_total', { queue: 'notifications' })).toBe(0);
  expect(sample(text, 'ironclad_job_duration_seconds_count', { queue: 'notifications', outcome: 'completed' })).toBe(0);
  expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  expect(text).toContain('# TYPE ironclad_job_duration_seconds histogram');
  expect(text).toContain('# TYPE ironclad_http_request_duration_seconds histogram');
});

it('with a worker: health counts it per queue and the finished jobs show in /metrics', async () => {
  await startWorker();
  await waitFor(async () =>
    (await Promise.all(contactJobs.map((id) => queue.getJob(id).then((j) => j?.getState())))).every((s) => s === 'completed'),
  );
  const body = await health();
  expect(body.workers).toEqual({ status: 'ok' });
  for (const name of PROCESSED) expect(queueOf(body, name).workers).toBe(1);
  expect(queueOf(body, QueueName.Notifications)).toMatchObject({ waiting: 0, oldestWaitingMs: null });

  // The notifications queue also runs the outbox sweep (a scheduled job), so it completed at least
  // the two notifications; the durations are written by the worker just after each completion.
  const labels = { queue: 'notifications', outcome: 'completed' };
  const text = await waitFor(async () => {
    const t = await scrape();
    const observed = sample(t, 'ironclad_job_duration_seconds_count', labels) ?? 0;
    return observed >= 2 && observed === sample(t, 'ironclad_jobs_completed_total', { queue: 'notifications' }) ? t : null;
  });
  const count = sample(text, 'ironclad_job_duration_seconds_count', labels);
  expect(sample(text, 'ironclad_job_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(count);
  expect(sample(text, 'ironclad_job_duration_seconds_bucket', { ...labels, le: '300' })).toBe(count);
  expect(sample(text, 'ironclad_job_duration_seconds_bucket', { ...labels, le: '0.05' })).toBeLessThanOrEqual(count!);
  expect(sample(text, 'ironclad_job_duration_seconds_sum', labels)).toBeGreaterThan(0);
  expect(sample(text, 'ironclad_job_duration_seconds_count', { queue: 'pdf', outcome: 'completed' })).toBe(0);
  expect(sample(text, 'ironclad_queue_jobs', { queue: 'notifications', state: 'completed' })).toBeGreaterThanOrEqual(2);
  expect(sample(text, 'ironclad_queue_jobs', { queue: 'notifications', state: 'waiting' })).toBe(0);
  // BullMQ's per-minute metrics are collected (the job dashboard's charts; 0 without the option).
  expect((await queue.getMetrics('completed')).meta.count).toBeGreaterThanOrEqual(2);
});

it('a job that fails for good counts in the failed total and the failed durations', async () => {
  const job = await queue.add('no-such-job', {});
  await waitFor(async () => (await job.getState()) === 'failed');
  const text = await waitFor(async () => {
    const t = await scrape();
    return sample(t, 'ironclad_job_duration_seconds_count', { queue: 'notifications', outcome: 'failed' }) === 1 ? t : null;
  });
  expect(sample(text, 'ironclad_jobs_failed_total', { queue: 'notifications' })).toBe(1);
  expect(sample(text, 'ironclad_queue_jobs', { queue: 'notifications', state: 'failed' })).toBe(1);
  expect(sample(text, 'ironclad_jobs_failed_total', { queue: 'messages' })).toBe(0);
});

it('counts the workers of this key prefix only, one per worker process', async () => {
  const file = (n: string) => path.join(tmpdir(), `ironclad-${db.queuePrefix}-${n}-heartbeat.json`);
  const second = await startWorker({ WORKER_HEARTBEAT_FILE: file('2') });
  const other = await startWorker({ QUEUE_PREFIX: `${db.queuePrefix}-other`, WORKER_HEARTBEAT_FILE: file('other') });
  const body = await health();
  for (const name of PROCESSED) expect(queueOf(body, name).workers).toBe(2);
  await second.close();
  await other.close();
  const after = await health();
  for (const name of PROCESSED) expect(queueOf(after, name).workers).toBe(1);
});

it('HTTP durations are labelled with the route pattern, never the URL', async () => {
  const server = app.getHttpServer();
  await request(server).get('/api/payments/pi_secret_route_id_123');
  await request(server).get('/api/no-such-route-987');
  const text = await scrape();
  expect(sample(text, 'ironclad_http_request_duration_seconds_count', { method: 'POST', route: '/api/contacts', status_code: '201' })).toBe(
    2,
  );
  expect(sample(text, 'ironclad_http_request_duration_seconds_count', { method: 'GET', route: '/api/payments/:paymentIntentId' })).toBe(1);
  expect(sample(text, 'ironclad_http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status_code: '404' })).toBe(1);
  expect(
    sample(text, 'ironclad_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' }),
  ).toBeGreaterThan(2);
  expect(sample(text, 'ironclad_http_request_duration_seconds_bucket', { route: '/metrics', status_code: '401', le: '+Inf' })).toBe(6);
  expect(text).not.toContain('pi_secret_route_id_123');
  expect(text).not.toContain('no-such-route-987');
});

it('counts the Socket.IO connections of this api instance', async () => {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(sample(await scrape(), 'ironclad_socketio_connections')).toBe(1);
  } finally {
    socket.disconnect();
  }
  await waitFor(async () => sample(await scrape(), 'ironclad_socketio_connections') === 0);
});

it('workers: a queue with waiting jobs and no worker is reported (partial), still 200', async () => {
  // the running worker process stops draining images only (as if that queue's worker had died)
  await workers[0]!
    .get(QueueWorkers)
    .workers.find((w) => w.name === QueueName.Images)!
    .close();
  const images = new Queue(QueueName.Images, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  try {
    await images.add('generate', {});
    const body = await health();
    expect(body.status).toBe('ok');
    expect(body.workers).toEqual({ status: 'partial', message: 'no worker drains images (1 waiting)' });
  } finally {
    await images.close();
  }
});

it('a stopped worker no longer counts', async () => {
  await workers[0]!.close();
  const body = await health();
  expect(body.workers).toEqual({ status: 'none', message: 'no worker is running: jobs wait' });
});
