/**
 * The activity feed reads the newest events by index (issue 27): GET /api/lead-activities picks
 * the same leads, in the same order, as the former aggregate over whole tables (the last activity
 * of each lead over messages, call notes, status changes, payments and creation; spam left out),
 * also when one lead's many recent events force it to read deeper into the indexes.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let cookie: string;

/** The aggregate the feed used before issue 27 (the reference order). */
const LAST_ACTIVITY = `
  SELECT lead_id, max(at) AS at FROM (
    SELECT lead_id, max(created_at) AS at FROM outbound_messages WHERE lead_id IS NOT NULL GROUP BY lead_id
    UNION ALL SELECT lead_id, max(created_at) FROM call_notes GROUP BY lead_id
    UNION ALL SELECT lead_id, max(created_at) FROM lead_status_changes GROUP BY lead_id
    UNION ALL SELECT lead_id, max(created_at) FROM payments WHERE lead_id IS NOT NULL GROUP BY lead_id
    UNION ALL SELECT id, created_at FROM leads WHERE spam_reason IS NULL
  ) a WHERE NOT EXISTS (SELECT 1 FROM leads s WHERE s.id = a.lead_id AND s.spam_reason IS NOT NULL)
  GROUP BY lead_id ORDER BY at DESC, lead_id DESC LIMIT $1`;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  await ds.query(`SELECT setseed(0.27)`);
  await ds.query(
    `INSERT INTO leads (first_name, email, building_info, status, source, created_at, spam_reason)
     SELECT 'F' || g, 'f' || g || '@example.com', '{}', 'new', 'ai_shopping', now() - random() * interval '60 days',
            CASE WHEN g % 17 = 0 THEN 'honeypot' END
     FROM generate_series(1, 400) g`,
  );
  await ds.query(
    `INSERT INTO outbound_messages (idempotency_key, channel, recipient, body, provider, status, lead_id, created_at)
     SELECT 'feed:' || g, 'email', 'x@example.com', 'hi', 'sendgrid', 'sent', (SELECT min(id) FROM leads) + (g * 37) % 400,
            now() - random() * interval '60 days'
     FROM generate_series(1, 1500) g`,
  );
  await ds.query(
    `INSERT INTO call_notes (lead_id, content, created_at)
     SELECT (SELECT min(id) FROM leads) + (g * 53) % 400, 'called', now() - random() * interval '30 days' FROM generate_series(1, 300) g`,
  );
  await ds.query(
    `INSERT INTO lead_status_changes (lead_id, from_status, to_status, created_at)
     SELECT (SELECT min(id) FROM leads) + (g * 71) % 400, 'new', 'contacted', now() - random() * interval '10 days' FROM generate_series(1, 300) g`,
  );
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const feed = async (limit: number) =>
  (
    (await request(app.getHttpServer()).get('/api/lead-activities').query({ limit }).set('Cookie', cookie).expect(200)).body.activities as {
      leadId: number;
    }[]
  ).map((a) => a.leadId);
const reference = async (limit: number) => ((await ds.query(LAST_ACTIVITY, [limit])) as { lead_id: number }[]).map((r) => r.lead_id);

it('picks the same leads in the same order as the whole-table aggregate', async () => {
  for (const limit of [1, 7, 50, 200]) expect(await feed(limit)).toEqual(await reference(limit));
});

it('reads deeper when one lead holds the newest events of a source', async () => {
  const [{ id }] = await ds.query(`SELECT min(id) AS id FROM leads WHERE spam_reason IS NULL`);
  await ds.query(
    `INSERT INTO outbound_messages (idempotency_key, channel, recipient, body, provider, status, lead_id, created_at)
     SELECT 'burst:' || g, 'sms', '+12125550100', 'hi', 'twilio', 'sent', $1, now() - g * interval '1 second' FROM generate_series(1, 900) g`,
    [id],
  );
  // A spam lead with the very newest events is left out.
  const [{ id: spam }] = await ds.query(`SELECT min(id) AS id FROM leads WHERE spam_reason IS NOT NULL`);
  await ds.query(`INSERT INTO call_notes (lead_id, content, created_at) SELECT $1, 'spam', now() FROM generate_series(1, 300)`, [spam]);
  for (const limit of [1, 20, 200]) expect(await feed(limit)).toEqual(await reference(limit));
  expect(await feed(200)).not.toContain(spam);
});

it('totals the active leads (not spam, not archived) from the maintained counters, after archives and spam flags', async () => {
  const active = async () =>
    Number(
      ((await ds.query(`SELECT count(*)::int AS n FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL`)) as { n: number }[])[0]!.n,
    );
  const total = async () =>
    (await request(app.getHttpServer()).get('/api/lead-activities').query({ limit: 5 }).set('Cookie', cookie).expect(200)).body
      .total as number;
  expect(await total()).toBe(await active());
  await ds.query(`UPDATE leads SET archived_at = now() WHERE id IN (SELECT id FROM leads WHERE spam_reason IS NULL ORDER BY id LIMIT 3)`);
  await ds.query(
    `UPDATE leads SET spam_reason = 'honeypot' WHERE id IN (SELECT id FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL ORDER BY id DESC LIMIT 2)`,
  );
  const now = await active();
  expect(now).toBeLessThan(400);
  expect(await total()).toBe(now);
});
