/**
 * Bot defences of the public writes (issue "Public endpoints hold up against bots", points 1 and
 * 3): per-address limits counted in Redis and shared by two api instances, 429 with Retry-After,
 * TRUSTED_PROXIES on and off, what a family does from one address, the honeypot and fill time
 * (stored flagged as spam, hidden from staff lists and KPIs until restored), and the ALTCHA
 * challenge verified on the server (valid, replayed, expired, forged, soft threshold).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildingInfoOfCalculatorSpecs, type CalculatorSpecs } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { ChallengeService } from '../../src/platform/abuse/index.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';

let db: TestDatabase;
let ds: DataSource;
const apps: NestExpressApplication[] = [];

/** An api instance of this file's database and Redis prefix, bot defences on, with `overrides`. */
async function api(overrides: Record<string, string> = {}): Promise<NestExpressApplication> {
  const app = await createApp(
    testEnv(db, { BOT_DEFENCES: 'on', CHALLENGE_COST: '10', CHALLENGE_MAX_COUNTER: '200', FORM_MIN_FILL_MS: '3000', ...overrides }),
    { logger: false },
  );
  await app.init();
  apps.push(app);
  return app;
}

const specs: CalculatorSpecs = {
  buildingType: 'residential',
  sqft: 3000,
  cameras: 6,
  entryPoints: 2,
  hasAccessControl: false,
  hasVideoIntercom: false,
  hasMonitoring: true,
  buildingComplexity: 'finished',
};
const calculatorLead = (email: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  phone: '(212) 555-0101',
  buildingInfo: buildingInfoOfCalculatorSpecs(specs),
  source: 'cost_calculator',
  status: 'new',
  formElapsedMs: 25_000,
  website: '',
  ...over,
});
const pdfBody = (email: string, leadId: number) => ({
  leadId,
  estimate: { pricing: {}, projectDetails: {}, timeline: '', warranty: '', equipmentList: [] },
  customerInfo: {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    phone: '(212) 555-0101',
    company: '',
    buildingType: 'residential',
    buildingSize: '3000',
    description: '',
  },
  formElapsedMs: 30_000,
});
let seq = 0;
const uniqueEmail = (p: string) => `${p}-${++seq}-${Date.now()}@example.com`;
const post = (app: NestExpressApplication, path: string, ip: string) => request(app.getHttpServer()).post(path).set('X-Forwarded-For', ip);

/** Solves `challenge` as the widget does and returns its `altcha` payload (base64 JSON). */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

beforeAll(async () => {
  db = await createTestDatabase();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('per-address limits', () => {
  it('counts one address across two api instances sharing Redis, answers 429 with Retry-After and the error body', async () => {
    const [a, b] = [await api({ CHALLENGE_AFTER_PER_HOUR: '1000' }), await api({ CHALLENGE_AFTER_PER_HOUR: '1000' })];
    const ip = '198.51.100.10';
    for (let i = 0; i < 10; i++)
      await post(i % 2 ? b : a, '/api/leads', ip)
        .send(calculatorLead(uniqueEmail('limit')))
        .expect(201);
    const refused = await post(a, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('limit')))
      .expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(refused.body.error).toMatch(/Too many requests/);
    await post(b, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('limit')))
      .expect(429);
    // another client is not affected, nor is another route of the same client
    await post(b, '/api/leads', '198.51.100.11')
      .send(calculatorLead(uniqueEmail('limit')))
      .expect(201);
    await post(a, '/api/contacts', ip)
      .send({
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail('c'),
        phone: '(212) 555-0101',
        propertyType: 'residential',
        services: [],
        formElapsedMs: 9000,
      })
      .expect(201);
  });

  it('limits approvals of saved quotes per address (a bot guessing quote links), other addresses unaffected', async () => {
    const app = await api({ RATE_LIMIT_QUOTE_APPROVALS_PER_HOUR: '2', CHALLENGE_AFTER_PER_HOUR: '1000' });
    const created = await post(app, '/api/leads', '198.51.100.40')
      .send({ ...wizardLead, email: uniqueEmail('approve-limit'), formElapsedMs: 60_000, website: '' })
      .expect(201);
    const token = created.body.depositToken as string;
    const approval = { option: 'recommended', name: 'Ana Reyes', acceptTerms: true };
    // two tries from one address are answered (the first approves, the second finds it approved or re-approves)
    for (let i = 0; i < 2; i++) {
      const res = await post(app, `/api/quotes/${token}/approve`, '198.51.100.41').send(approval);
      expect(res.status).not.toBe(429);
    }
    const refused = await post(app, `/api/quotes/${token}/approve`, '198.51.100.41').send(approval).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // an unknown link costs a point too, and another address is not affected
    await post(app, '/api/quotes/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/approve', '198.51.100.41').send(approval).expect(429);
    const other = await post(app, `/api/quotes/${token}/approve`, '198.51.100.42').send(approval);
    expect(other.status).not.toBe(429);
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES', async () => {
    const trusting = await api({ CHALLENGE_AFTER_PER_HOUR: '1000', RATE_LIMIT_CONTACTS_PER_HOUR: '2' });
    const contact = (n: number) => ({
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail(`proxy${n}`),
      phone: '(212) 555-0101',
      propertyType: 'residential',
      services: [],
    });
    // trusted: each forwarded address is its own client
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await post(trusting, '/api/contacts', ip).send(contact(1)).expect(201);

    const direct = await api({ TRUSTED_PROXIES: '', CHALLENGE_AFTER_PER_HOUR: '1000', RATE_LIMIT_CONTACTS_PER_HOUR: '2' });
    // not trusted: a forged header changes nothing, the socket's address (loopback) is the client
    await post(direct, '/api/contacts', '203.0.113.4').send(contact(2)).expect(201);
    await post(direct, '/api/contacts', '203.0.113.5').send(contact(2)).expect(201);
    await post(direct, '/api/contacts', '203.0.113.6').send(contact(2)).expect(429);
  });

  it('lets a family through: the wizard twice and the calculator three times (lead + PDF) from one address', async () => {
    const app = await api();
    const ip = '192.0.2.77';
    for (let i = 0; i < 2; i++) {
      await post(app, '/api/leads', ip)
        .send({ ...wizardLead, email: uniqueEmail('family'), formElapsedMs: 90_000, website: '' })
        .expect(201);
    }
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail('family-calc');
      const lead = await post(app, '/api/leads', ip).send(calculatorLead(email)).expect(201);
      await post(app, '/api/generate-estimate-pdf', ip).send(pdfBody(email, lead.body.lead.id)).expect(202);
    }
  });
});

describe('honeypot and fill time', () => {
  let app: NestExpressApplication;
  let cookie: string;
  const staff = {
    get: (path: string) => request(app.getHttpServer()).get(path).set('Cookie', cookie),
    post: (path: string) => request(app.getHttpServer()).post(path).set('Cookie', cookie),
  };
  beforeAll(async () => {
    app = await api({ CHALLENGE_AFTER_PER_HOUR: '1000' });
    await seedUsers(app);
    cookie = await signIn(app, ADMIN);
  });

  const leadRow = async (id: number) =>
    (await ds.query('SELECT spam_reason FROM leads WHERE id = $1', [id]))[0] as { spam_reason: string | null };
  const notifications = async (leadId: number) =>
    Number((await ds.query('SELECT count(*)::int AS n FROM outbound_messages WHERE lead_id = $1', [leadId]))[0].n);

  it('stores a filled honeypot flagged, answers as usual, and notifies nobody', async () => {
    const res = await post(app, '/api/leads', '198.51.100.30')
      .send(calculatorLead(uniqueEmail('bot'), { website: 'http://spam.example' }))
      .expect(201);
    expect(res.body.lead).not.toHaveProperty('spamReason');
    expect(res.body.notificationJob).toBeNull();
    expect(await leadRow(res.body.lead.id)).toEqual({ spam_reason: 'honeypot' });
    expect(await notifications(res.body.lead.id)).toBe(0);
  });

  it('flags a form sent quicker than FORM_MIN_FILL_MS, keeps a person-paced one', async () => {
    const fast = await post(app, '/api/leads', '198.51.100.31')
      .send(calculatorLead(uniqueEmail('fast'), { formElapsedMs: 400 }))
      .expect(201);
    expect(await leadRow(fast.body.lead.id)).toEqual({ spam_reason: 'too_fast' });
    const person = await post(app, '/api/leads', '198.51.100.31')
      .send(calculatorLead(uniqueEmail('person'), { formElapsedMs: 3000 }))
      .expect(201);
    expect(await leadRow(person.body.lead.id)).toEqual({ spam_reason: null });
    expect(await notifications(person.body.lead.id)).toBe(1);

    const contact = await post(app, '/api/contacts', '198.51.100.31')
      .send({
        firstName: 'Bot',
        lastName: 'Bot',
        email: uniqueEmail('cbot'),
        phone: '(212) 555-0101',
        propertyType: 'residential',
        services: [],
        formElapsedMs: 10,
      })
      .expect(201);
    expect((await ds.query('SELECT spam_reason FROM contacts WHERE id = $1', [contact.body.contact.id]))[0]).toEqual({
      spam_reason: 'too_fast',
    });
  });

  it('hides flagged leads and contacts from the pipeline and KPIs, lists them under the spam filter, and restores them (audited)', async () => {
    const email = uniqueEmail('hidden');
    const res = await post(app, '/api/leads', '198.51.100.32')
      .send(calculatorLead(email, { website: 'x' }))
      .expect(201);
    const id = res.body.lead.id as number;
    const before = (await staff.get('/api/leads/stats').expect(200)).body;

    const normal = (await staff.get('/api/leads').query({ search: email }).expect(200)).body;
    expect(normal.total).toBe(0);
    const spam = (await staff.get('/api/leads').query({ search: email, spam: 'only' }).expect(200)).body;
    expect(spam.leads.map((l: { id: number; spamReason: string }) => [l.id, l.spamReason])).toEqual([[id, 'honeypot']]);
    expect(
      (await staff.get('/api/crm/action-items').query({ pageSize: 200 }).expect(200)).body.items.map(
        (i: { lead: { id: number } }) => i.lead.id,
      ),
    ).not.toContain(id);

    const restored = (await staff.post(`/api/leads/${id}/not-spam`).expect(200)).body;
    expect(restored.lead).toMatchObject({ id, spamReason: null });
    expect((await staff.get('/api/leads').query({ search: email }).expect(200)).body.total).toBe(1);
    expect((await staff.get('/api/leads/stats').expect(200)).body.totalLeads).toBe(before.totalLeads + 1);
    const detail = (await staff.get(`/api/leads/${id}`).expect(200)).body;
    expect(detail.audit.map((a: { action: string }) => a.action)).toContain('lead.restored_from_spam');
    await staff.post('/api/leads/999999/not-spam').expect(404);
  });
});

describe('the ALTCHA challenge', () => {
  it('is required on every gated form with CHALLENGE_MODE=always: valid passes once, replayed / expired / forged do not', async () => {
    const app = await api({ CHALLENGE_MODE: 'always', CHALLENGE_PASS_WRITES: '0' });
    const ip = '198.51.100.40';
    const missing = await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('ch')))
      .expect(428);
    expect(missing.body).toMatchObject({ code: 'CHALLENGE_REQUIRED' });

    const challenge = (await request(app.getHttpServer()).get('/api/challenge').expect(200).expect('Cache-Control', 'no-store'))
      .body as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    const payload = await solve(challenge);
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('ch'), { altcha: payload }))
      .expect(201);
    const replayed = await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('ch'), { altcha: payload }))
      .expect(428);
    expect(replayed.body.message).toMatch(/already used/);

    const service = app.get(ChallengeService);
    const old = await service.create(Date.now() - 11 * 60_000);
    const expired = await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('ch'), { altcha: await solve(old) }))
      .expect(428);
    expect(expired.body.message).toMatch(/expired/);

    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 50,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'not-the-servers-secret-not-the-servers-secret',
    });
    const forged = await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('ch'), { altcha: await solve(foreign) }))
      .expect(428);
    expect(forged.body.message).toMatch(/not issued by this site/);
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('ch'), { altcha: 'bm90IGpzb24=' }))
      .expect(428);
  });

  it('is asked only past the soft threshold in auto mode', async () => {
    const app = await api({ CHALLENGE_AFTER_PER_HOUR: '2', CHALLENGE_PASS_WRITES: '2' });
    const ip = '198.51.100.41';
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('soft')))
      .expect(201);
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('soft')))
      .expect(201);
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('soft')))
      .expect(428);
    const challenge = (await request(app.getHttpServer()).get('/api/challenge').expect(200)).body as Challenge;
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('soft'), { altcha: await solve(challenge) }))
      .expect(201);
    // the solution's pass: CHALLENGE_PASS_WRITES (here 2) more gated writes, then a new tick
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('soft')))
      .expect(201);
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('soft')))
      .expect(201);
    await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('soft')))
      .expect(428);
    // another address starts from zero
    await post(app, '/api/leads', '198.51.100.42')
      .send(calculatorLead(uniqueEmail('soft')))
      .expect(201);
  });

  it('BOT_DEFENCES=off skips limits, fill time and challenge but keeps the honeypot', async () => {
    const app = await api({ BOT_DEFENCES: 'off', CHALLENGE_MODE: 'always', RATE_LIMIT_LEADS_PER_HOUR: '1' });
    const ip = '198.51.100.50';
    for (let i = 0; i < 3; i++)
      await post(app, '/api/leads', ip)
        .send(calculatorLead(uniqueEmail('off'), { formElapsedMs: 5 }))
        .expect(201);
    const bot = await post(app, '/api/leads', ip)
      .send(calculatorLead(uniqueEmail('off'), { website: 'filled' }))
      .expect(201);
    expect((await ds.query('SELECT spam_reason FROM leads WHERE id = $1', [bot.body.lead.id]))[0]).toEqual({ spam_reason: 'honeypot' });
  });
});
