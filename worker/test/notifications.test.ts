/**
 * The worker drains real jobs from Redis into the outbound table:
 * outbox when SendGrid is not configured, the exact request to a local fake SendGrid when it
 * is, retries that never send twice, and live progress over Socket.IO.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { createApp, dataSourceOptions } from '@ironclad/backend/api';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { ClientEvent, QueueName, ServerEvent, type JobUpdate } from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { createWorker } from '../src/worker.factory.js';

const contact = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana.ruiz@example.com',
  phone: '(646) 555-0110',
  propertyType: 'business',
  services: ['Access Control'],
};

interface Ctx {
  db: TestDatabase;
  app: NestExpressApplication;
  worker: INestApplicationContext;
  ds: DataSource;
  queue: Queue;
}

async function start(overrides: Record<string, string> = {}): Promise<Ctx> {
  const db = await createTestDatabase();
  const env = testEnv(db, overrides);
  const app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  const worker = await createWorker(env, { logger: false });
  const ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  const queue = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  return { db, app, worker, ds, queue };
}

async function stop(ctx: Ctx | undefined): Promise<void> {
  if (!ctx) return;
  await ctx.queue.close();
  await ctx.worker.close();
  await ctx.app.close();
  await ctx.ds.destroy();
  await flushRedisPrefix(ctx.db.queuePrefix);
  await ctx.db.drop();
}

const outboundOf = async (ds: DataSource, contactId: number) =>
  (await ds.query('SELECT * FROM outbound_messages WHERE contact_id = $1', [contactId]))[0];

describe('without SendGrid: the outbox', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await start();
  });
  afterAll(() => stop(ctx));

  it('processes the job into the outbound table as not delivered, once, even when replayed', async () => {
    const res = await request(ctx.app.getHttpServer()).post('/api/contacts').send(contact).expect(201);
    const id = res.body.contact.id;
    const row = await waitFor(async () => {
      const r = await outboundOf(ctx.ds, id);
      return r?.status === 'not_delivered' ? r : null;
    });
    expect(row).toMatchObject({ provider: 'outbox', error: 'not delivered: provider not configured', attempts: 1 });

    const job = await ctx.queue.getJob(res.body.notificationJob.id);
    await waitFor(async () => (await job!.getState()) === 'completed');

    // A replay of the same notification (same outbound record) neither records nor sends again.
    const replay = await ctx.queue.add('StaffNotification', job!.data, { jobId: crypto.randomUUID() });
    const result = await waitFor(async () => {
      const j = await ctx.queue.getJob(replay.id!);
      return (await j?.getState()) === 'completed' ? j!.returnvalue : null;
    });
    expect(result).toEqual({ outboundMessageId: row.id, status: 'not_delivered', duplicate: true });
    expect(await ctx.ds.query('SELECT attempts FROM outbound_messages WHERE contact_id = $1', [id])).toEqual([{ attempts: 1 }]);
  });

  it('relays the job from queued to completed over Socket.IO', async () => {
    const url = await ctx.app.getUrl();
    const socket: Socket = io(url.replace('[::1]', '127.0.0.1'), { path: '/socket.io', transports: ['websocket'], forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await ctx.worker.close(); // hold the job in the queue so every state can be seen
      const res = await request(ctx.app.getHttpServer()).post('/api/contacts').send(contact).expect(201);
      const { id: jobId, queue } = res.body.notificationJob;
      const updates: JobUpdate[] = [];
      socket.on(ServerEvent.JobUpdate, (u: JobUpdate) => updates.push(u));
      const ack = await socket.emitWithAck(ClientEvent.WatchJob, { jobId, queue });
      expect(ack).toEqual({ ok: true });
      await waitFor(async () => updates.some((u) => u.state === 'queued'));

      ctx.worker = await createWorker(testEnv(ctx.db), { logger: false });
      await waitFor(async () => updates.some((u) => u.state === 'completed'));
      const states = updates.map((u) => u.state);
      expect(states[0]).toBe('queued');
      expect(states).toContain('active');
      expect(states.indexOf('active')).toBeLessThan(states.indexOf('completed'));
      expect(updates.every((u) => u.jobId === jobId)).toBe(true);
      expect(updates.find((u) => u.state === 'completed')?.result).toMatchObject({ status: 'not_delivered', duplicate: false });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses to watch with a malformed job id', async () => {
    const url = await ctx.app.getUrl();
    const socket = io(url.replace('[::1]', '127.0.0.1'), { path: '/socket.io', transports: ['websocket'], forceNew: true });
    try {
      const ack = await socket.emitWithAck(ClientEvent.WatchJob, { jobId: 'room-of-someone-else', queue: 'notifications' });
      expect(ack).toMatchObject({ ok: false });
    } finally {
      socket.disconnect();
    }
  });
});

describe('with a local fake SendGrid', () => {
  let ctx: Ctx;
  let sendgrid: FakeSendGrid;
  beforeAll(async () => {
    sendgrid = await startFakeSendGrid();
    ctx = await start({ SENDGRID_API_KEY: 'SG.test-key', SENDGRID_BASE_URL: sendgrid.baseUrl });
  });
  afterAll(async () => {
    await stop(ctx);
    await sendgrid.close();
  });
  beforeEach(() => {
    sendgrid.requests.length = 0;
    sendgrid.failWith = [];
  });

  it('sends the exact Mail Send request and records the provider message id', async () => {
    const res = await request(ctx.app.getHttpServer()).post('/api/contacts').send(contact).expect(201);
    const row = await waitFor(async () => {
      const r = await outboundOf(ctx.ds, res.body.contact.id);
      return r?.status === 'sent' ? r : null;
    });
    expect(row).toMatchObject({ provider: 'sendgrid', provider_message_id: 'fake-msg-1', attempts: 1, error: null });
    expect(sendgrid.requests).toHaveLength(1);
    const [req] = sendgrid.requests;
    expect(req.headers.authorization).toBe('Bearer SG.test-key');
    expect(req.body.from).toEqual({ email: 'no-reply@ironclad.test' });
    expect(req.body.personalizations[0].to).toEqual([{ email: 'staff@ironclad.test' }]);
    expect(req.body.subject).toBe('New contact: Ana Ruiz (business)');
    expect(req.body.content[0]).toMatchObject({ type: 'text/plain' });
    expect(req.body.content[0].value).toContain('ana.ruiz@example.com');
    expect(req.body.custom_args).toEqual({ idempotency_key: `staff-notification:contact:${res.body.contact.id}` });
  });

  it('retries a 500 and a 429 with backoff, then sends exactly once', async () => {
    sendgrid.failWith = [500, 429];
    const res = await request(ctx.app.getHttpServer()).post('/api/contacts').send(contact).expect(201);
    const row = await waitFor(async () => {
      const r = await outboundOf(ctx.ds, res.body.contact.id);
      return r?.status === 'sent' ? r : null;
    }, 20_000);
    expect(row.attempts).toBe(3);
    expect(sendgrid.requests.filter((r) => r.url === '/v3/mail/send')).toHaveLength(3);
  });

  it('fails at once on a permanent 400 with the provider reason', async () => {
    sendgrid.failWith = [400];
    const res = await request(ctx.app.getHttpServer()).post('/api/contacts').send(contact).expect(201);
    const row = await waitFor(async () => {
      const r = await outboundOf(ctx.ds, res.body.contact.id);
      return r?.status === 'failed' ? r : null;
    });
    expect(row).toMatchObject({ attempts: 1, error: 'SendGrid 400: fake failure 400' });
    const job = await ctx.queue.getJob(res.body.notificationJob.id);
    await waitFor(async () => (await job!.getState()) === 'failed');
    expect(sendgrid.requests).toHaveLength(1);
  });
});
