/**
 * GET /api/leads/stats reads maintained counters (issue 27 point 3): after every kind of write —
 * bulk and single inserts, status and estimate changes, spam flags, archiving, deletes, a
 * rolled-back transaction, TRUNCATE — its figures equal the same figures aggregated over the
 * whole tables, as the endpoint computed them before. The pipeline board's counts, unfiltered
 * (the same counters) and filtered by source and owner (the per status, source and owner
 * counters), and its per-stage newest cards (a LATERAL read per stage) likewise.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LEAD_STATUSES, leadStatsSchema } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { statsFromRow } from '../../src/modules/leads/lead-admin.service.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

/** The figures aggregated over the whole tables (the endpoint's query before the counters). */
async function fromScratch() {
  const statusCols = LEAD_STATUSES.map((s) => `count(*) FILTER (WHERE l.status = '${s}')::int AS "s_${s}"`).join(', ');
  const [row] = await ds.query(`
    SELECT count(*)::int AS total, coalesce(sum(l.total_estimate_cents), 0)::bigint AS pipeline_cents,
      count(*) FILTER (WHERE l.created_at >= now() - interval '7 days')::int AS new_week,
      count(*) FILTER (WHERE l.status NOT IN ('won', 'lost'))::int AS active, ${statusCols},
      (SELECT count(*)::int FROM contacts c WHERE c.spam_reason IS NULL) AS contacts,
      (SELECT count(*)::int FROM contacts c WHERE c.spam_reason IS NULL AND c.created_at >= now() - interval '7 days') AS contacts_week
    FROM leads l WHERE l.spam_reason IS NULL AND l.archived_at IS NULL`);
  return statsFromRow(row);
}

async function expectStatsExact(): Promise<void> {
  const res = await request(app.getHttpServer()).get('/api/leads/stats').set('Cookie', cookie).expect(200);
  expect(leadStatsSchema.parse(res.body)).toEqual(await fromScratch());
}

/**
 * The pipeline board, without filters (the status counters) or filtered by source and/or owner
 * (the per status, source and owner counters): each column's count and total equal the aggregate
 * over the matching leads; its cards are the newest `perColumn` matching leads of the stage.
 */
async function expectBoardExact(filter: { source?: string; owner?: string } = {}): Promise<void> {
  const perColumn = 4;
  const query = new URLSearchParams({ perColumn: String(perColumn), ...filter }).toString();
  const board = (await request(app.getHttpServer()).get(`/api/leads/board?${query}`).set('Cookie', cookie).expect(200)).body;
  const where = [
    ...(filter.source ? [`source = '${filter.source}'`] : []),
    ...(filter.owner === 'none' ? ['owner_id IS NULL'] : filter.owner ? [`owner_id = '${filter.owner}'`] : []),
  ];
  const truth: { status: string; n: number; cents: string; newest: number[] }[] = await ds.query(
    `SELECT status, count(*)::int AS n, coalesce(sum(total_estimate_cents), 0) AS cents,
            (array_agg(id ORDER BY created_at DESC, id DESC))[1:${perColumn}] AS newest
       FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL ${where.map((w) => `AND ${w}`).join(' ')} GROUP BY status`,
  );
  const expected = LEAD_STATUSES.map((status) => {
    const t = truth.find((r) => r.status === status);
    return { status, count: t?.n ?? 0, totalEstimate: Math.round(Number(t?.cents ?? 0) / 100), ids: t?.newest ?? [] };
  });
  expect(
    board.columns.map((c: { status: string; count: number; totalEstimate: number; leads: { id: number }[] }) => ({
      status: c.status,
      count: c.count,
      totalEstimate: c.totalEstimate,
      ids: c.leads.map((l) => l.id),
    })),
  ).toEqual(expected);
}

it('equals the whole-table aggregate after every kind of write', async () => {
  await expectStatsExact();
  // a bulk insert across statuses, some spam, some old
  await ds.query(
    `INSERT INTO leads (first_name, email, building_info, total_estimate_cents, status, source, spam_reason, created_at)
     SELECT 'Count', 'count-' || i || '@example.com', '{}', CASE WHEN i % 5 = 0 THEN NULL ELSE i * 1000 END,
            (ARRAY['new','contacted','qualified','proposal','negotiation','won','lost'])[1 + i % 7],
            (ARRAY['ai_shopping','cost_calculator','manual_estimator'])[1 + i % 3],
            CASE WHEN i % 11 = 0 THEN 'honeypot' END, now() - (i || ' days')::interval
       FROM generate_series(1, 300) AS i`,
  );
  await ds.query(
    `INSERT INTO contacts (first_name, last_name, email, phone, property_type, services, spam_reason)
     SELECT 'C', 'Count ' || i, 'c-' || i || '@example.com', '2125550100', 'residential', '{}', CASE WHEN i % 4 = 0 THEN 'honeypot' END
       FROM generate_series(1, 40) AS i`,
  );
  await expectStatsExact();

  // status changes, estimate changes, an update that changes nothing counted
  await ds.query(`UPDATE leads SET status = 'won' WHERE id IN (SELECT id FROM leads WHERE status = 'proposal' ORDER BY id LIMIT 10)`);
  await ds.query(`UPDATE leads SET total_estimate_cents = coalesce(total_estimate_cents, 0) + 12345 WHERE status = 'qualified'`);
  await ds.query(`UPDATE leads SET first_name = 'Renamed' WHERE status = 'new'`);
  await expectStatsExact();

  // spam flags set and cleared, archive and restore, deletes
  await ds.query(
    `UPDATE leads SET spam_reason = 'manual' WHERE id IN (SELECT id FROM leads WHERE spam_reason IS NULL ORDER BY id LIMIT 7)`,
  );
  await ds.query(`UPDATE leads SET spam_reason = NULL WHERE spam_reason = 'honeypot'`);
  await ds.query(`UPDATE leads SET archived_at = now() WHERE id IN (SELECT id FROM leads ORDER BY id DESC LIMIT 13)`);
  await ds.query(
    `UPDATE leads SET archived_at = NULL WHERE id IN (SELECT id FROM leads WHERE archived_at IS NOT NULL ORDER BY id LIMIT 3)`,
  );
  await ds.query(`DELETE FROM leads WHERE id IN (SELECT id FROM leads WHERE status = 'lost' ORDER BY id LIMIT 9)`);
  await ds.query(
    `UPDATE contacts SET spam_reason = 'manual' WHERE id IN (SELECT id FROM contacts WHERE spam_reason IS NULL ORDER BY id LIMIT 2)`,
  );
  await ds.query(`DELETE FROM contacts WHERE id IN (SELECT id FROM contacts ORDER BY id LIMIT 5)`);
  await expectStatsExact();
  await expectBoardExact();

  // owners assigned, changed and cleared, sources changed; the filtered board
  const [{ id: ownerA }] = await ds.query(`SELECT id FROM users ORDER BY id LIMIT 1`);
  const [{ id: ownerB }] = await ds.query(`SELECT id FROM users ORDER BY id DESC LIMIT 1`);
  await ds.query(`UPDATE leads SET owner_id = $1 WHERE id % 3 = 0`, [ownerA]);
  await ds.query(`UPDATE leads SET owner_id = $1 WHERE id % 5 = 0`, [ownerB]);
  await ds.query(`UPDATE leads SET owner_id = NULL WHERE id % 15 = 0`);
  await ds.query(`UPDATE leads SET source = 'manual_estimator' WHERE id % 7 = 0`);
  for (const filter of [
    { source: 'cost_calculator' },
    { source: 'manual_estimator' },
    { owner: String(ownerA) },
    { owner: 'none' },
    { source: 'ai_shopping', owner: String(ownerB) },
  ])
    await expectBoardExact(filter);

  // a rolled-back transaction leaves the counters as they were
  await ds
    .transaction(async (m) => {
      await m.query(`UPDATE leads SET status = 'lost'`);
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await expectStatsExact();
  await expectBoardExact({ owner: String(ownerA) });

  // through the api: a visitor's lead (the one insert path of the site)
  await request(app.getHttpServer())
    .post('/api/leads')
    .send({ ...wizardLead, email: 'api-count@example.com' })
    .expect(201);
  await expectStatsExact();

  await expectBoardExact({ source: 'ai_shopping' });

  // TRUNCATE resets them
  await ds.query('TRUNCATE leads, contacts CASCADE');
  await expectStatsExact();
  await expectBoardExact({ source: 'ai_shopping' });
  expect(await ds.query(`SELECT count(*)::int AS n FROM lead_board_counts`)).toEqual([{ n: 0 }]);
  expect((await request(app.getHttpServer()).get('/api/leads/stats').set('Cookie', cookie).expect(200)).body.totalLeads).toBe(0);
});
