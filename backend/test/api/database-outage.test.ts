/**
 * A database blip costs a visitor nothing (issue 26 point 7), on the real api with real Redis and a
 * real PostgreSQL reached through a TCP forwarder that the test cuts (connections dropped, then
 * refused — what the api sees when PostgreSQL stops):
 *  - the same `Idempotency-Key` twice on POST /api/leads stores one lead and answers the first
 *    result again; with another body, 422 IDEMPOTENCY_KEY_REUSED;
 *  - while the database is unreachable no route answers 500: those that need it answer
 *    503 SERVICE_UNAVAILABLE with `Retry-After` and the API's error body;
 *  - a submission refused with 503 and retried with the same key after the database returns is
 *    stored once.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app/create-api.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';
import { startTcpCut, type TcpCut } from '../support/tcp-cut.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';

const PUBLIC_URL = 'http://localhost:3000';
let db: TestDatabase;
let cut: TcpCut;
let app: NestExpressApplication;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  cut = await startTcpCut(db.url);
  app = await createApp(testEnv(db, { DATABASE_URL: cut.url, PUBLIC_URL, DATABASE_RETRY_AFTER_SECONDS: '3' }), { logger: false });
  await app.init();
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
}, 60_000);

afterAll(async () => {
  await cut?.restore().catch(() => undefined);
  await app?.close();
  await cut?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());
const leadsOf = async (email: string) =>
  (await app.get(DataSource).query('SELECT id FROM leads WHERE email = $1', [email])) as { id: number }[];

describe('Idempotency-Key on public POSTs', () => {
  it('the same key twice makes one lead and answers the first result again', async () => {
    const body = { ...wizardLead, email: 'idem-once@example.com' };
    const first = await http().post('/api/leads').set('Idempotency-Key', 'k-idem-once-1').send(body).expect(201);
    const again = await http().post('/api/leads').set('Idempotency-Key', 'k-idem-once-1').send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await leadsOf('idem-once@example.com')).toHaveLength(1);
    // another key is another submission
    await http().post('/api/leads').set('Idempotency-Key', 'k-idem-once-2').send(body).expect(201);
    expect(await leadsOf('idem-once@example.com')).toHaveLength(2);
  });

  it('the same key with another body: 422, nothing stored', async () => {
    const body = { ...wizardLead, email: 'idem-reused@example.com' };
    await http().post('/api/leads').set('Idempotency-Key', 'k-idem-reused').send(body).expect(201);
    const res = await http()
      .post('/api/leads')
      .set('Idempotency-Key', 'k-idem-reused')
      .send({ ...body, email: 'idem-other@example.com' })
      .expect(422);
    expect(res.body).toMatchObject({
      statusCode: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('different request body'),
    });
    expect(await leadsOf('idem-other@example.com')).toHaveLength(0);
  });

  it('an invalid key is a 400 with the header named', async () => {
    const res = await http().post('/api/contacts').set('Idempotency-Key', 'bad key with spaces').send({}).expect(400);
    expect(res.body.details.fieldErrors).toHaveProperty('Idempotency-Key');
  });
});

/** Every route of the api (method, path with `:param` replaced by 1). */
function routes(): { method: string; path: string }[] {
  const express = app.getHttpAdapter().getInstance() as {
    router?: { stack: Layer[] };
    _router?: { stack: Layer[] };
  };
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> } };
  const stack = (express.router ?? express._router)!.stack;
  const out: { method: string; path: string }[] = [];
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const p of [layer.route.path].flat()) {
      for (const method of Object.keys(layer.route.methods)) {
        if (method === '_all') continue;
        out.push({ method, path: String(p).replace(/:[A-Za-z]+/g, '1') });
      }
    }
  }
  return out;
}

describe('PostgreSQL unreachable', () => {
  it('no route answers 500; those that need the database answer 503 with Retry-After; a retried submission is stored once', async () => {
    const all = routes().filter((r) => r.path.startsWith('/api/'));
    expect(all.length).toBeGreaterThan(40);
    const key = 'k-during-outage';
    const body = { ...wizardLead, email: 'during-outage@example.com' };
    await cut.cut();
    try {
      const refused = await http().post('/api/leads').set('Idempotency-Key', key).send(body);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('3');
      expect(refused.body).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('database is unavailable'),
        requestId: expect.any(String),
      });

      const answers: string[] = [];
      for (const r of all) {
        const req = (http() as unknown as Record<string, (p: string) => request.Test>)[r.method]!(r.path)
          .set('Cookie', cookie)
          .set('Origin', PUBLIC_URL);
        const res = ['post', 'put', 'patch'].includes(r.method) ? await req.send({}) : await req;
        answers.push(`${res.status} ${r.method.toUpperCase()} ${r.path}`);
        if (res.status === 503 && res.body?.code === 'SERVICE_UNAVAILABLE' && /database/.test(res.body.message)) {
          expect({ route: r, retryAfter: res.headers['retry-after'] }).toEqual({ route: r, retryAfter: '3' });
        }
      }
      expect(answers.filter((a) => a.startsWith('500'))).toEqual([]);
      // the staff pages' reads all need the database
      expect(answers).toContain('503 GET /api/leads');
    } finally {
      await cut.restore();
    }
    // the database is back: the same submission, retried with its key, is stored once
    const stored = await waitFor(
      async () => {
        const res = await http().post('/api/leads').set('Idempotency-Key', key).send(body);
        return res.status === 201 ? res : null;
      },
      20_000,
      200,
    );
    const again = await http().post('/api/leads').set('Idempotency-Key', key).send(body).expect(201);
    expect(again.body).toEqual(stored.body);
    expect(await leadsOf('during-outage@example.com')).toHaveLength(1);
  }, 120_000);
});
