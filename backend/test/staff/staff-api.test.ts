/**
 * Staff API: server-side search/filter/paging, status aliases, delete,
 * KPI formulas from one query, contact conversion, manual estimate recomputed on the server,
 * CSV exports with hostile cells and Unicode, and the audit log.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { computeManualEstimate } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let cookie: string;
const HOSTILE = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  const q = (sql: string, p: unknown[]) => app.get(DataSource).query(sql, p);
  const ins = `INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents, status, source, created_at)
               VALUES ($1, $2, $3, $4, $5, '{"type":"office"}', $6, $7, $8, now() - ($9 || ' days')::interval)`;
  await q(ins, ['Ada', 'Lovelace', 'ada@example.com', '(212) 555-0101', 'Analytical', 1_000_000, 'new', 'ai_shopping', '0']);
  await q(ins, [
    '=HYPERLINK("http://evil")',
    'Zoë Ünïcødé 日本',
    'evil@example.com',
    '+1 212 555 0102',
    '@SUM(A1)',
    2_000_000,
    'won',
    'cost_calculator',
    '2',
  ]);
  await q(ins, [HOSTILE, 'Old', 'old@example.com', '2125550103', null, null, 'lost', 'ai_shopping', '30']);
  await q(ins, ['Grace', 'Hopper', 'grace@example.com', null, null, 300_050, 'proposal', 'ai_shopping', '10']);
  await q(
    `INSERT INTO contacts (first_name, last_name, email, phone, property_type, services, message) VALUES ('Con', 'Tact', 'con@example.com', '3125550199', 'residential', '{"Alarm Systems"}', '-2+3')`,
    [],
  );
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());

describe('GET /api/leads', () => {
  it('answers {leads, total, page, pageSize}, newest first', async () => {
    const res = await http().get('/api/leads').set('Cookie', cookie).expect(200);
    expect(res.body.total).toBe(4);
    expect(res.body.leads.map((l: { email: string }) => l.email)).toEqual([
      'ada@example.com',
      'evil@example.com',
      'grace@example.com',
      'old@example.com',
    ]);
    expect(res.body.leads[0].totalEstimate).toBe(10_000);
  });

  it('searches names, email and phone (any format) on the server', async () => {
    const get = async (search: string) =>
      (await http().get('/api/leads').query({ search }).set('Cookie', cookie).expect(200)).body.leads.map(
        (l: { email: string }) => l.email,
      );
    expect(await get('lovelace')).toEqual(['ada@example.com']);
    expect(await get('GRACE@')).toEqual(['grace@example.com']);
    expect(await get('212-555-0102')).toEqual(['evil@example.com']);
    expect(await get('5550103')).toEqual(['old@example.com']);
    expect(await get('%')).toEqual([]);
  });

  it('filters by status, with aliases', async () => {
    const res = await http().get('/api/leads').query({ status: 'closed-won' }).set('Cookie', cookie).expect(200);
    expect(res.body.leads.map((l: { status: string }) => l.status)).toEqual(['won']);
    const quoted = await http().get('/api/leads').query({ status: 'quoted' }).set('Cookie', cookie).expect(200);
    expect(quoted.body.leads.map((l: { email: string }) => l.email)).toEqual(['grace@example.com']);
    await http().get('/api/leads').query({ status: 'bogus' }).set('Cookie', cookie).expect(400);
  });

  it('filters by a minimum estimate in whole dollars (no estimate never matches), with the status', async () => {
    const get = async (query: Record<string, string | number>) =>
      (await http().get('/api/leads').query(query).set('Cookie', cookie).expect(200)).body;
    expect((await get({ minEstimate: 10_000 })).leads.map((l: { email: string }) => l.email)).toEqual([
      'ada@example.com',
      'evil@example.com',
    ]);
    expect(await get({ minEstimate: 3_001 })).toMatchObject({ total: 2 });
    expect((await get({ minEstimate: 3_000 })).total).toBe(3);
    expect((await get({ minEstimate: 0 })).total).toBe(3);
    expect((await get({ minEstimate: '' })).total).toBe(4);
    expect((await get({ minEstimate: 10_000, status: 'new' })).leads.map((l: { email: string }) => l.email)).toEqual(['ada@example.com']);
    for (const bad of ['-1', '12.5', 'lots']) {
      const res = await http().get('/api/leads').query({ minEstimate: bad }).set('Cookie', cookie).expect(400);
      expect(Object.keys(res.body.details.fieldErrors)).toEqual(['minEstimate']);
    }
  });

  it('pages', async () => {
    const res = await http().get('/api/leads').query({ page: 2, pageSize: 3 }).set('Cookie', cookie).expect(200);
    expect(res.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(res.body.leads).toHaveLength(1);
    await http().get('/api/leads').query({ pageSize: 100000 }).set('Cookie', cookie).expect(400);
  });
});

it('KPI stats follow the §9 formulas', async () => {
  const res = await http().get('/api/leads/stats').set('Cookie', cookie).expect(200);
  expect(res.body).toMatchObject({
    totalLeads: 4,
    pipelineValue: 33_001, // 10,000 + 20,000 + 3,000.50 (rounded)
    averageDeal: 8_250, // 33,000.50 / 4
    newThisWeek: 2,
    conversionRate: 25, // 1 won of 4
    activeLeads: 2, // not won, not lost
    totalContacts: 1,
  });
  expect(res.body.byStatus).toMatchObject({ new: 1, won: 1, lost: 1, proposal: 1, contacted: 0 });
});

it('PATCH maps status aliases to canonical names and audits the change; DELETE removes and audits', async () => {
  const { body } = await http().get('/api/leads').query({ search: 'ada@' }).set('Cookie', cookie);
  const id = body.leads[0].id;
  const res = await http().patch(`/api/leads/${id}`).set('Cookie', cookie).send({ status: 'quoted' }).expect(200);
  expect(res.body.lead.status).toBe('proposal');
  await http().patch(`/api/leads/${id}`).set('Cookie', cookie).send({ status: 'nope' }).expect(400);
  await http().patch(`/api/leads/${id}`).set('Cookie', cookie).send({ unknown: 1 }).expect(400);
  await http().patch('/api/leads/999999').set('Cookie', cookie).send({ status: 'won' }).expect(404);
  const detail = await http().get(`/api/leads/${id}`).set('Cookie', cookie).expect(200);
  expect(detail.body.audit[0]).toMatchObject({
    action: 'lead.status_changed',
    userEmail: ADMIN.email,
    details: { from: 'new', to: 'proposal' },
  });
  const other = (await http().get('/api/leads').query({ search: 'old@' }).set('Cookie', cookie)).body.leads[0].id;
  await http().delete(`/api/leads/${other}`).set('Cookie', cookie).expect(204);
  await http().delete(`/api/leads/${other}`).set('Cookie', cookie).expect(404);
  const [row] = await app
    .get(DataSource)
    .query(`SELECT user_email, details FROM audit_log WHERE action = 'lead.deleted' AND entity_id = $1`, [String(other)]);
  expect(row).toMatchObject({ user_email: ADMIN.email, details: { email: 'old@example.com' } });
});

it('GET /api/contacts lists and searches; Convert to Lead creates a linked lead once', async () => {
  const list = await http().get('/api/contacts').query({ search: '3125550199' }).set('Cookie', cookie).expect(200);
  expect(list.body.total).toBe(1);
  const count = async (search: string) =>
    (await http().get('/api/contacts').query({ search }).set('Cookie', cookie).expect(200)).body.total;
  expect(await count('(312) 555-0199')).toBe(1); // any phone format, as in the leads search
  expect(await count('312.555.0199')).toBe(1);
  expect(await count('TACT')).toBe(1);
  expect(await count('%')).toBe(0);
  const id = list.body.contacts[0].id;
  const res = await http().post(`/api/contacts/${id}/convert-to-lead`).set('Cookie', cookie).expect(201);
  expect(res.body.lead).toMatchObject({ email: 'con@example.com', source: 'contact_conversion', status: 'new', phone: '3125550199' });
  const inLeads = await http().get('/api/leads').query({ search: 'con@example.com' }).set('Cookie', cookie).expect(200);
  expect(inLeads.body.leads.map((l: { id: number }) => l.id)).toEqual([res.body.lead.id]);
  const detail = await http().get(`/api/leads/${res.body.lead.id}`).set('Cookie', cookie).expect(200);
  expect(detail.body.audit[0]).toMatchObject({ action: 'contact.converted', userEmail: ADMIN.email, details: { contactId: id } });
  const again = await http().post(`/api/contacts/${id}/convert-to-lead`).set('Cookie', cookie).expect(200);
  expect(again.body.lead.id).toBe(res.body.lead.id);
  const after = await http().get('/api/contacts').set('Cookie', cookie).expect(200);
  expect(after.body.contacts[0].leadId).toBe(res.body.lead.id);
  await http().post('/api/contacts/999999/convert-to-lead').set('Cookie', cookie).expect(404);
});

describe('manual estimator', () => {
  it('computes equipment + labour + additional (§9)', () => {
    expect(
      computeManualEstimate({ cameras: 8, cameraPrice: 950, nvrCost: 1500, installationDays: 2, laborRate: 2200, additionalCosts: 0 }),
    ).toEqual({ equipment: 9100, labor: 4400, additional: 0, total: 13500, timeline: '2 business days' });
    expect(
      computeManualEstimate({ cameras: 3, cameraPrice: 0.1, nvrCost: 0.2, installationDays: 1, laborRate: 0.1, additionalCosts: 0.05 })
        .total,
    ).toBe(0.65);
  });

  it('saves a lead with source manual_estimator and the server-computed total', async () => {
    const body = {
      firstName: 'Man',
      lastName: 'Ual',
      email: 'man@example.com',
      phone: '2125550111',
      buildingType: 'commercial',
      buildingSize: 'medium',
      squareFootage: 5000,
      floors: 1,
      entryPoints: 2,
      cameras: 10,
      cameraPrice: 950,
      nvrCost: 1500,
      installationDays: 3,
      laborRate: 2200,
      additionalCosts: 250.5,
    };
    const res = await http().post('/api/leads/manual-estimate').set('Cookie', cookie).send(body).expect(201);
    expect(res.body.lead).toMatchObject({ source: 'manual_estimator', status: 'new', totalEstimate: 17_851 });
    expect(res.body.lead.aiRecommendation.pricing).toEqual({
      equipmentSubtotal: 11_000,
      laborCost: 6_600,
      additionalCosts: 250.5,
      totalProjectCost: 17_850.5,
    });
    const bad = await http()
      .post('/api/leads/manual-estimate')
      .set('Cookie', cookie)
      .send({ ...body, cameras: 0, firstName: '' })
      .expect(400);
    expect(Object.keys(bad.body.details.fieldErrors)).toEqual(expect.arrayContaining(['cameras', 'firstName']));
  });
});

it('visitors cannot label a public lead as staff-made', async () => {
  const body = { email: 'spoof@example.com', buildingInfo: {}, source: 'manual_estimator' };
  const res = await http().post('/api/leads').send(body).expect(403);
  expect(res.body.code).toBe('FORBIDDEN');
  await http()
    .post('/api/leads')
    .send({ ...body, source: 'contact_conversion' })
    .expect(403);
});

describe('CSV exports', () => {
  const csv = async (kind: string) => {
    const res = await http()
      .get(`/api/exports/${kind}`)
      .set('Cookie', cookie)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200);
    return { res, text: res.body as string, rows: parse(res.body as string, { bom: true }) as string[][] };
  };

  it('escapes formula cells and keeps Unicode (leads_export.csv)', async () => {
    const { res, text, rows } = await csv('leads');
    expect(res.headers['content-disposition']).toBe('attachment; filename="leads_export.csv"');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(rows[0]).toEqual(['firstName', 'lastName', 'email', 'phone', 'company', 'createdAt']);
    const evil = rows.find((r) => r[2] === 'evil@example.com')!;
    expect(evil[0]).toBe(`'=HYPERLINK("http://evil")`);
    expect(evil[1]).toBe('Zoë Ünïcødé 日本');
    expect(evil[3]).toBe(`'+1 212 555 0102`);
    expect(evil[4]).toBe(`'@SUM(A1)`);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('contacts_export.csv, all_prospects_export.csv and the 18-column comprehensive export; each audited', async () => {
    expect((await csv('contacts')).res.headers['content-disposition']).toContain('contacts_export.csv');
    const all = await csv('all_prospects');
    expect(all.res.headers['content-disposition']).toContain('all_prospects_export.csv');
    expect(all.rows.length - 1).toBe(6); // 5 leads (4 seeded - 1 deleted + 1 manual + 1 converted) + 1 contact
    const comp = await csv('comprehensive');
    expect(comp.res.headers['content-disposition']).toMatch(/comprehensive-leads-export-\d{4}-\d{2}-\d{2}\.csv/);
    expect(comp.rows[0]).toHaveLength(18);
    for (const r of comp.rows) expect(r).toHaveLength(18);
    await http().get('/api/exports/secrets').set('Cookie', cookie).expect(404);
    const audits = await app.get(DataSource).query(`SELECT action FROM audit_log WHERE entity_type = 'export' ORDER BY id`);
    expect(audits.map((a: { action: string }) => a.action)).toEqual([
      'export.leads',
      'export.contacts',
      'export.all_prospects',
      'export.comprehensive',
    ]);
  });
});

describe('bad input is a 400 with field errors, never a 500', () => {
  const big = 1_099_511_627_776; // beyond PostgreSQL's integer: the database would fail
  const expect400 = async (res: request.Response, field: string) => {
    expect(`${res.status} ${JSON.stringify(res.body.details?.fieldErrors ?? {})}`).toMatch(
      new RegExp(`^400 .*"${field.replace(/[.[\]]/g, '\\$&')}"`),
    );
  };

  it('record ids in the path: out of range, negative, fractional or not a number', async () => {
    for (const id of [String(big), '99999999999999999999', '-1', '1.5', 'abc', '0']) {
      await expect400(await http().get(`/api/leads/${id}`).set('Cookie', cookie), 'id');
      await expect400(await http().patch(`/api/leads/${id}`).set('Cookie', cookie).send({ status: 'won' }), 'id');
      await expect400(await http().delete(`/api/leads/${id}`).set('Cookie', cookie), 'id');
      await expect400(await http().post(`/api/contacts/${id}/convert-to-lead`).set('Cookie', cookie), 'id');
      await expect400(await http().get(`/api/leads/${id}/documents`).set('Cookie', cookie), 'id');
    }
    await http().get('/api/leads/2147483647').set('Cookie', cookie).expect(404);
  });

  it('record ids in bodies and queries (staff and visitor calls)', async () => {
    await expect400(await http().get('/api/lead-activities').query({ leadId: big }).set('Cookie', cookie), 'leadId');
    await expect400(
      await http().post('/api/send-communication').set('Cookie', cookie).send({ leadId: big, type: 'email', message: 'x', subject: 'y' }),
      'leadId',
    );
    await expect400(
      await http().post('/api/test-communication').set('Cookie', cookie).send({ leadId: big, type: 'email', template: 'welcome' }),
      'leadId',
    );
    await expect400(
      await http().post('/api/email-templates/preview').set('Cookie', cookie).send({ leadId: big, templateId: big }),
      'templateId',
    );
    await expect400(await http().post('/api/create-deposit-payment').send({ leadId: big }), 'leadId');
  });

  it('text holding the NUL character (which PostgreSQL cannot store or compare), in queries and bodies', async () => {
    await expect400(await http().get('/api/leads').query({ search: 'ada\u0000' }).set('Cookie', cookie), 'search');
    await expect400(await http().get('/api/contacts').query({ search: '\u0000' }).set('Cookie', cookie), 'search');
    const { body } = await http().get('/api/leads').query({ search: 'grace@' }).set('Cookie', cookie);
    await expect400(
      await http().patch(`/api/leads/${body.leads[0].id}`).set('Cookie', cookie).send({ company: 'Nul\u0000Corp' }),
      'company',
    );
    const estimate = {
      firstName: 'N\u0000ul',
      lastName: 'b',
      email: 'nul@example.com',
      phone: '1',
      buildingType: 'commercial',
      buildingSize: 'medium',
      squareFootage: 1,
      floors: 1,
      entryPoints: 1,
      cameras: 1,
      cameraPrice: 1,
      nvrCost: 1,
      installationDays: 1,
      laborRate: 1,
      additionalCosts: 1,
    };
    await expect400(await http().post('/api/leads/manual-estimate').set('Cookie', cookie).send(estimate), 'firstName');
    await expect400(
      await http().post('/api/contacts').send({
        firstName: 'a\u0000',
        lastName: 'b',
        email: 'nul@example.com',
        phone: '2125550100',
        propertyType: 'residential',
        services: [],
      }),
      'firstName',
    );
    await expect400(await http().post('/api/auth/login').send({ email: 'admin@ironclad.test', password: 'x\u0000y' }), 'password');
    expect(
      await app
        .get(DataSource)
        .query(`SELECT 1 FROM leads WHERE email = 'nul@example.com' UNION ALL SELECT 1 FROM contacts WHERE email = 'nul@example.com'`),
    ).toHaveLength(0);
  });
});
