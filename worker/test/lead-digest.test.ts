/**
 * New-lead notifications under a burst: the first LEAD_DIGEST_AFTER_PER_MINUTE (10) leads of a
 * window are notified one by one, the rest are listed in one digest email at the window's end; a
 * window with 10 leads or fewer gets no digest; a replayed digest job sends nothing twice.
 * The window is shortened to 10 s (LEAD_DIGEST_WINDOW_SECONDS) so the test need not wait a minute.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp, dataSourceOptions } from '@ironclad/backend/api';
import { Jobs, QueueName, buildingInfoOfCalculatorSpecs, DEFAULT_CALCULATOR_SPECS } from '@ironclad/contracts';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { createWorker } from '../src/worker.factory.js';

const WINDOW_MS = 10_000;
const STAFF = 'staff@ironclad.test';

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let notifications: Queue;
let sendgrid: FakeSendGrid;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  db = await createTestDatabase();
  const env = testEnv(db, {
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_BASE_URL: sendgrid.baseUrl,
    LEAD_DIGEST_WINDOW_SECONDS: String(WINDOW_MS / 1000),
  });
  app = await createApp(env, { logger: false });
  await app.init();
  worker = await createWorker(env, { logger: false });
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  notifications = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
}, 60_000);

afterAll(async () => {
  await notifications?.close();
  await worker?.close();
  await app?.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
});

/** Waits for the start of the next window (a burst then fits in one). */
async function nextWindow(): Promise<number> {
  const start = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS;
  await new Promise((r) => setTimeout(r, start - Date.now() + 20));
  return start;
}

/** Creates `n` leads at once; answers their ids and the windows their creation times fall in. */
async function burst(n: number, tag: string): Promise<{ ids: number[]; windows: Set<number> }> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      request(app.getHttpServer())
        .post('/api/leads')
        .send({
          firstName: `${tag}${i}`,
          lastName: 'Burst',
          email: `${tag}${i}@example.com`,
          phone: '(212) 555-0101',
          buildingInfo: buildingInfoOfCalculatorSpecs(DEFAULT_CALCULATOR_SPECS),
          source: 'cost_calculator',
        })
        .expect(201),
    ),
  );
  const ids = answers.map((a) => a.body.lead.id as number);
  const windows = new Set(answers.map((a) => Math.floor(Date.parse(a.body.lead.createdAt) / WINDOW_MS) * WINDOW_MS));
  return { ids, windows };
}

const staffMails = () => sendgrid.requests.filter((r) => r.url === '/v3/mail/send' && r.body.personalizations[0].to[0].email === STAFF);
const digestMails = () => staffMails().filter((r) => /more new leads? \(/.test(r.body.subject));

it('30 leads within a window: 10 single notifications and 1 digest listing the other 20; replaying it sends nothing', async () => {
  const start = await nextWindow();
  const { ids, windows } = await burst(30, 'busy');
  expect([...windows]).toEqual([start]); // the burst fitted in one window (precondition)

  const rows: { lead_id: number; status: string; error: string | null }[] = await ds.query(
    `SELECT lead_id, status, error FROM outbound_messages WHERE template = 'staff_new_lead' AND lead_id = ANY($1)`,
    [ids],
  );
  expect(rows).toHaveLength(30);
  const suppressed = rows.filter((r) => r.status === 'suppressed');
  expect(suppressed).toHaveLength(20);
  for (const r of suppressed) expect(r.error).toMatch(/^suppressed: listed in the staff digest/);

  const digest = await waitFor(async () => digestMails()[0], WINDOW_MS + 20_000);
  await waitFor(async () => staffMails().length >= 11 || null, 20_000);
  expect(staffMails().filter((r) => r.body.subject.startsWith('New lead'))).toHaveLength(10);
  expect(digestMails()).toHaveLength(1);
  expect(digest.body.subject).toMatch(/^20 more new leads \(/);
  const text = digest.body.content[0].value;
  for (const r of suppressed) expect(text).toContain(`(lead #${r.lead_id})`);
  expect(text).toContain('/admin');

  // a replay of the digest job (same window) finds the same record and sends nothing
  const replay = await notifications.add(Jobs.StaffDigest.name, { group: 'new-leads', windowStart: start, windowMs: WINDOW_MS });
  const result = await waitFor(async () => {
    const j = await notifications.getJob(replay.id!);
    return (await j?.getState()) === 'completed' ? j!.returnvalue : null;
  }, 20_000);
  expect(result).toMatchObject({ listed: 20, status: 'sent' });
  expect(digestMails()).toHaveLength(1);
  expect(await ds.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE template = 'staff_new_leads_digest'`)).toEqual([{ n: 1 }]);
}, 90_000);

it('10 leads within a window: 10 single notifications and no digest', async () => {
  sendgrid.requests.length = 0;
  const start = await nextWindow();
  const { ids, windows } = await burst(10, 'calm');
  expect([...windows]).toEqual([start]);
  await waitFor(async () => staffMails().length >= 10 || null, 20_000);
  // past the window's end and the digest's grace: still nothing more
  await new Promise((r) => setTimeout(r, Math.max(0, start + WINDOW_MS + 4000 - Date.now())));
  expect(staffMails()).toHaveLength(10);
  expect(digestMails()).toHaveLength(0);
  expect(
    await ds.query(
      `SELECT status, count(*)::int AS n FROM outbound_messages WHERE template = 'staff_new_lead' AND lead_id = ANY($1) GROUP BY status`,
      [ids],
    ),
  ).toEqual([{ status: 'sent', n: 10 }]);
}, 60_000);
