/**
 * Keyset (cursor) paging of GET /api/leads (issue 27): following `nextCursor` never skips or
 * repeats a lead while leads are added between pages (also leads with the same creation time, and
 * a deleted cursor row); the answer keeps `{leads, total, page, pageSize}`; a cursor with another
 * sort, or a malformed one, is a 400 with the field.
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

const insert = (from: number, to: number, createdAt: string) =>
  ds.query(
    `INSERT INTO leads (first_name, email, building_info, status, source, created_at)
     SELECT 'K' || g, 'k' || g || '@example.com', '{}', 'new', 'ai_shopping', ${createdAt} FROM generate_series(${from}, ${to}) g`,
  );

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  // 100 leads, ten of them sharing one creation time (ties broken by id), with microseconds.
  await insert(1, 90, `timestamptz '2026-01-01 00:00:00.123456+00' - g * interval '1 minute 1 microsecond'`);
  await insert(91, 100, `timestamptz '2025-12-31 12:00:00.654321+00'`);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const page = async (query: Record<string, string | number>) =>
  (await request(app.getHttpServer()).get('/api/leads').query(query).set('Cookie', cookie).expect(200)).body as {
    leads: { id: number; email: string }[];
    total: number;
    page: number;
    pageSize: number;
    nextCursor: string | null;
  };

it.each(['desc', 'asc'] as const)('following nextCursor (%s) never skips or repeats while leads are added between pages', async (order) => {
  const before: number[] = (await ds.query(`SELECT id FROM leads ORDER BY created_at ${order}, id ${order}`)).map(
    (r: { id: number }) => r.id,
  );
  const seen: number[] = [];
  let cursor: string | null | undefined;
  let added = 0;
  do {
    const body = await page({ pageSize: 7, order, ...(cursor ? { cursor } : {}) });
    expect(body).toMatchObject({ page: 1, pageSize: 7 });
    expect(body.leads.length).toBeLessThanOrEqual(7);
    seen.push(...body.leads.map((l) => l.id));
    cursor = body.nextCursor;
    // Between pages: a newer lead, an older one, and one at the same time as the last row seen.
    const base = 1000 + added * 3;
    await insert(base, base, `now()`);
    await insert(base + 1, base + 1, `timestamptz '2000-01-01'`);
    await insert(base + 2, base + 2, `(SELECT created_at FROM leads WHERE id = ${seen[seen.length - 1]})`);
    added += 1;
  } while (cursor);
  expect(new Set(seen).size).toBe(seen.length); // nothing repeated
  for (const id of before) expect(seen).toContain(id); // nothing that was there is skipped
  // What was seen is in the list's order.
  const order2: number[] = (
    await ds.query(`SELECT id FROM leads WHERE id = ANY($1) ORDER BY created_at ${order}, id ${order}`, [seen])
  ).map((r: { id: number }) => r.id);
  expect(seen).toEqual(order2);
  await ds.query(`DELETE FROM leads WHERE first_name::text ~ '^K[0-9]{4}$'`);
});

it('a deleted cursor row still pages on from its time; total counts the whole list', async () => {
  const first = await page({ pageSize: 5 });
  const second = await page({ pageSize: 5, cursor: first.nextCursor! });
  await ds.query(`DELETE FROM leads WHERE id = $1`, [first.leads[4]!.id]);
  const again = await page({ pageSize: 5, cursor: first.nextCursor! });
  expect(again.leads.map((l) => l.id)).toEqual(second.leads.map((l) => l.id));
  expect(again.total).toBe(Number((await ds.query(`SELECT count(*)::int AS n FROM leads WHERE spam_reason IS NULL`))[0].n));
});

it('a cursor with another sort, or a malformed one, is a 400 with the field', async () => {
  const { nextCursor } = await page({ pageSize: 5 });
  for (const query of [{ sort: 'name', cursor: nextCursor! }, { cursor: 'abc' }, { cursor: '1.2.3' }]) {
    const res = await request(app.getHttpServer()).get('/api/leads').query(query).set('Cookie', cookie).expect(400);
    expect(Object.keys(res.body.details.fieldErrors)).toEqual(['cursor']);
  }
  // Other sorts answer without a cursor, as before.
  expect((await page({ sort: 'name', pageSize: 5 })).nextCursor).toBeUndefined();
});

describe('counts', () => {
  let small: NestExpressApplication;
  afterAll(() => small?.close());

  it('above LIST_EXACT_COUNT_MAX matching rows, total is the planner estimate (totalIsEstimate); selective filters stay exact', async () => {
    small = await createApp(testEnv(db, { LIST_EXACT_COUNT_MAX: '20' }), { logger: false });
    await small.init();
    const admin = await signIn(small, ADMIN);
    await ds.query('ANALYZE leads');
    const exact = Number((await ds.query(`SELECT count(*)::int AS n FROM leads WHERE spam_reason IS NULL`))[0].n);
    const all = (await request(small.getHttpServer()).get('/api/leads').set('Cookie', admin).expect(200)).body;
    expect(all.totalIsEstimate).toBe(true);
    expect(Math.abs(all.total - exact)).toBeLessThanOrEqual(exact * 0.2);
    expect(all.leads).toHaveLength(50);
    const one = (await request(small.getHttpServer()).get('/api/leads').query({ search: 'k42@' }).set('Cookie', admin).expect(200)).body;
    expect(one).toMatchObject({ total: 1 });
    expect(one.totalIsEstimate).toBeUndefined();
  });
});
