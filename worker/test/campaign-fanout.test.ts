/**
 * Campaign creation at scale (issue 27 point 2): the api answers POST /api/bulk-communication
 * without resolving the audience — with 100,000 matching leads and no worker running it stores the
 * campaign alone (no recipient row) and one fan-out job; the worker resolves the audience in
 * batches, publishing `campaign:progress` (`preparing`) as it goes. A worker process SIGKILLed in
 * the middle of that leaves committed batches only; a fresh worker resumes from the campaign's
 * cursor and the result is exactly the audience: one recipient per address (the oldest lead of
 * an address, across batch boundaries), opted-out addresses `skipped`, no lead twice, none missing.
 * A paused campaign keeps being prepared: when its fan-out job is lost, the campaign sweep does it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ClientEvent, QueueName, ServerEvent, type CampaignProgress } from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';

const workerMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const PUBLIC_URL = 'http://localhost:3000';
/** Matching leads; leads 90,001… repeat the addresses of leads 1… in upper case (same normalised address). */
const LEADS = 100_000;
const DISTINCT = 90_000;
const BATCH = 1000;

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let cookie: string;
let overrides: Record<string, string>;
const children: ChildProcess[] = [];

function startWorker(name: string): { child: ChildProcess; stderr: () => string } {
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
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  children.push(child);
  return { child, stderr: () => `${name}: ${err}` };
}

beforeAll(async () => {
  db = await createTestDatabase();
  overrides = {
    PUBLIC_URL,
    CAMPAIGN_AUDIENCE_BATCH: String(BATCH),
    WORKER_LOCK_DURATION_MS: '2000',
    WORKER_STALLED_INTERVAL_MS: '1000',
    CAMPAIGN_SWEEP_EVERY_MS: '1000',
  };
  app = await createApp(testEnv(db, overrides), { logger: false });
  await app.listen(0, '127.0.0.1');
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  await ds.query(
    `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, source)
     SELECT 'Fan', 'Out ' || i,
            CASE WHEN i <= $2 THEN 'fan-' || i || '@example.com' ELSE ' FAN-' || (i - $2) || '@Example.com ' END,
            '{}', 400000, 'contacted', 'ai_shopping'
       FROM generate_series(1, $1::int) AS i`,
    [LEADS, DISTINCT],
  );
  // not in the audience: another status, spam, archived
  await ds.query(
    `INSERT INTO leads (first_name, email, building_info, status, source, spam_reason, archived_at)
     VALUES ('Other', 'other@example.com', '{}', 'won', 'ai_shopping', NULL, NULL),
            ('Spam', 'spam@example.com', '{}', 'contacted', 'ai_shopping', 'honeypot', NULL),
            ('Gone', 'gone@example.com', '{}', 'contacted', 'ai_shopping', NULL, now())`,
  );
  await ds.query(
    `INSERT INTO communication_opt_outs (channel, address, opted_out, source) VALUES ('email', 'fan-7@example.com', true, 'unsubscribe_link')`,
  );
}, 120_000);

/** SIGKILLs every worker still running and waits for them to exit. */
function killWorkers(): Promise<unknown[]> {
  return Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((resolve) => (c.once('exit', resolve), c.kill('SIGKILL')))),
  );
}

afterAll(async () => {
  await killWorkers();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());
const staffPost = (p: string, body: object) => http().post(p).set('Cookie', cookie).set('Origin', PUBLIC_URL).send(body);

it('answers 202 before storing any recipient; a worker killed mid-audience is resumed without a duplicate or a missing recipient', async () => {
  // ── the api alone: the answer stores the campaign and one fan-out job, nothing per recipient ──
  const res = await staffPost('/api/bulk-communication', {
    type: 'email',
    template: 'follow-up',
    name: 'Big audience',
    filter: { status: 'contacted' },
  }).expect(202);
  const id: number = res.body.campaignId;
  expect(res.body).toMatchObject({ recipients: 0, campaign: { id, status: 'queued', preparing: true, recipients: 0 } });
  expect(await ds.query('SELECT count(*)::int AS n FROM outbound_messages WHERE campaign_id = $1', [id])).toEqual([{ n: 0 }]);
  const queue = new Queue(QueueName.Campaigns, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  try {
    expect((await queue.getJob(`fanout-${id}-g1`))?.name).toBe('CampaignFanOut');
  } finally {
    await queue.close();
  }
  // paused: preparing goes on, sending does not (this test is about the audience)
  expect((await staffPost(`/api/campaigns/${id}/pause`, {}).expect(200)).body.campaign).toMatchObject({
    status: 'paused',
    preparing: true,
  });

  // ── worker A resolves part of the audience, publishing progress, and is SIGKILLed ──
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const socket: Socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
  const events: CampaignProgress[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.on(ServerEvent.CampaignProgress, (p: CampaignProgress) => events.push(p));
    expect(await socket.emitWithAck(ClientEvent.WatchCampaign, { campaignId: id })).toEqual({ ok: true });

    const cursor = async () =>
      (await ds.query('SELECT audience_cursor AS c, prepared_at AS p FROM campaigns WHERE id = $1', [id]))[0] as {
        c: number;
        p: Date | null;
      };
    const a = startWorker('worker A');
    await waitFor(async () => (await cursor()).c >= LEADS / 5, 60_000, 10);
    const exited = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await exited;
    const atKill = await cursor();
    expect(atKill.p).toBeNull(); // killed in the middle of the audience
    expect(atKill.c).toBeLessThan(LEADS);
    // only whole batches were committed: the stored recipients are exactly those up to the cursor
    const [committed] = await ds.query(
      `SELECT (SELECT count(*)::int FROM outbound_messages WHERE campaign_id = $1) AS stored,
              (SELECT count(DISTINCT lower(trim(email)))::int FROM leads
                WHERE id <= $2 AND status = 'contacted' AND spam_reason IS NULL AND archived_at IS NULL) AS audience,
              (SELECT coalesce(max(lead_id), 0) <= $2 FROM outbound_messages WHERE campaign_id = $1) AS within`,
      [id, atKill.c],
    );
    expect(committed).toEqual({ stored: committed.audience, audience: committed.audience, within: true });
    expect(committed.stored).toBeGreaterThan(0);

    // ── worker B takes the stalled fan-out over and finishes the audience ──
    const b = startWorker('worker B');
    await waitFor(async () => (await cursor()).p !== null, 90_000, 100);

    const [totals] = await ds.query(
      `SELECT count(*)::int AS n, count(DISTINCT lead_id)::int AS leads, count(DISTINCT lower(trim(recipient)))::int AS addresses,
              count(*) FILTER (WHERE status = 'skipped')::int AS skipped, count(*) FILTER (WHERE status = 'queued')::int AS queued
         FROM outbound_messages WHERE campaign_id = $1`,
      [id],
    );
    expect(totals).toEqual({ n: DISTINCT, leads: DISTINCT, addresses: DISTINCT, skipped: 1, queued: DISTINCT - 1 });
    // the oldest lead of each address, never its later upper-case twin
    expect(
      await ds.query(
        `SELECT count(*)::int AS n FROM outbound_messages o JOIN leads l ON l.id = o.lead_id WHERE o.campaign_id = $1 AND l.email NOT LIKE ' FAN-%'`,
        [id],
      ),
    ).toEqual([{ n: DISTINCT }]);
    expect(
      await ds.query(`SELECT status, error FROM outbound_messages WHERE campaign_id = $1 AND recipient = 'fan-7@example.com'`, [id]),
    ).toEqual([{ status: 'skipped', error: expect.any(String) }]);
    const campaign = (await http().get(`/api/campaigns/${id}`).set('Cookie', cookie).expect(200)).body.campaign;
    expect(campaign).toMatchObject({ status: 'paused', preparing: false, recipients: DISTINCT, queued: DISTINCT - 1, skipped: 1 });

    // progress went out while preparing, and once more when prepared
    await waitFor(async () => events.some((e) => !e.preparing && e.total === DISTINCT), 10_000);
    expect(events.some((e) => e.preparing && e.total > 0 && e.total < DISTINCT)).toBe(true);
    expect(b.stderr()).toBe('worker B: ');
  } finally {
    socket.disconnect();
  }
}, 240_000);

it('a paused campaign whose fan-out job was lost still has its audience prepared, by the campaign sweep', async () => {
  await killWorkers();
  const res = await staffPost('/api/bulk-communication', {
    type: 'email',
    template: 'follow-up',
    name: 'Lost fan-out',
    filter: { status: 'won' },
  }).expect(202);
  const id: number = res.body.campaignId;
  await staffPost(`/api/campaigns/${id}/pause`, {}).expect(200);
  // the fan-out job is lost (failed after too many stalls, removed, Redis emptied): only the sweep is left
  const queue = new Queue(QueueName.Campaigns, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  try {
    expect(await queue.remove(`fanout-${id}-g1`)).toBe(1);
  } finally {
    await queue.close();
  }
  await ds.query(`UPDATE campaigns SET created_at = now() - interval '1 minute' WHERE id = $1`, [id]);

  const c = startWorker('worker C');
  await waitFor(async () => (await ds.query('SELECT prepared_at FROM campaigns WHERE id = $1', [id]))[0].prepared_at !== null, 30_000, 100);
  expect(await ds.query('SELECT recipient, status FROM outbound_messages WHERE campaign_id = $1', [id])).toEqual([
    { recipient: 'other@example.com', status: 'queued' },
  ]);
  // prepared, not sent: the campaign stays paused
  expect((await http().get(`/api/campaigns/${id}`).set('Cookie', cookie).expect(200)).body.campaign).toMatchObject({
    status: 'paused',
    preparing: false,
    recipients: 1,
  });
  expect(c.stderr()).toBe('worker C: ');
}, 60_000);
