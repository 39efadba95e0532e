/**
 * Saved quotes (issue 21 points 4, 6, 7): a wizard lead's quote is saved as version 1 with its
 * lead; its link opens it without login (viewed) and expires; the customer approves an option
 * (SHA-256 of the canonical version + option, name, time, IP); the deposit needs the approval, pays
 * the approved option and names the version; staff revise into a new version with its own link,
 * the old one says superseded and its approval does not carry over; bad input answers 400.
 */
import { createHash } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import canonicalizeModule from 'canonicalize';
import request from 'supertest';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { QueueName, depositCentsForTotal } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { ADMIN, STAFF, seedUsers, signIn } from '../auth/support.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';

const canonicalize = canonicalizeModule as unknown as (input: unknown) => string;
const WEBHOOK_SECRET = 'whsec_test_quotes';
const stripeSdk = new Stripe('sk_test_unused');
const DAY_MS = 86_400_000;

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let fake: FakeStripe;
let pdf: Queue;
let admin: string;

const http = () => request(app.getHttpServer());

interface VersionRow {
  id: number;
  lead_id: number;
  version: number;
  token: string;
  status: string;
  options: Record<string, { pricing: { totalProjectCost: number } }>;
  chosen_option: string;
  total_cents: string;
  expires_at: Date;
  created_at: Date;
  viewed_at: Date | null;
  approved_at: Date | null;
  approved_name: string | null;
  approved_ip: string | null;
  approval_hash: string | null;
  deposit_paid_at: Date | null;
}

const versionsOf = (leadId: number) => ds.query<VersionRow[]>('SELECT * FROM quote_versions WHERE lead_id = $1 ORDER BY version', [leadId]);

async function newQuote(email: string) {
  const res = await http()
    .post('/api/leads')
    .send({ ...wizardLead, email })
    .expect(201);
  return { leadId: res.body.lead.id as number, token: res.body.depositToken as string, total: res.body.lead.totalEstimate as number };
}

const approve = (token: string, body: object = { option: 'recommended', name: 'Ana Reyes', acceptTerms: true }) =>
  http().post(`/api/quotes/${token}/approve`).set('X-Forwarded-For', '203.0.113.7').send(body);

function sendEvent(event: { id: string; type: string; data: { object: unknown } }) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 1, livemode: false, ...event });
  const signature = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return http().post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
}

beforeAll(async () => {
  fake = await startFakeStripe();
  db = await createTestDatabase();
  app = await createApp(
    testEnv(db, {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: fake.baseUrl,
    }),
    { logger: false },
  );
  await app.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  pdf = new Queue(QueueName.Pdf, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
});

afterAll(async () => {
  await pdf?.close();
  await app?.close();
  await ds?.destroy();
  await fake?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('a wizard lead saves its quote', () => {
  it('writes version 1 with the lead (link = deposit token, valid ≥ 30 days) and enqueues its PDF email', async () => {
    const before = Date.now();
    const { leadId, token, total } = await newQuote('saved-quote@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [v, ...more] = await versionsOf(leadId);
    expect(more).toEqual([]);
    expect(v).toMatchObject({ version: 1, token, status: 'sent', chosen_option: 'recommended', total_cents: String(total * 100) });
    expect(v!.options.recommended!.pricing.totalProjectCost).toBe(total);
    expect(Object.keys(v!.options).sort()).toEqual(['complete', 'essential', 'recommended']);
    expect(v!.expires_at.getTime() - before).toBeGreaterThanOrEqual(30 * DAY_MS);
    const job = await pdf.getJob(`quote-pdf-${v!.id}`);
    expect(job?.name).toBe('QuotePdf');
    expect(job?.data).toEqual({ quoteVersionId: v!.id });
  });

  it('the lead, its notification and its quote commit together: a failing quote insert leaves none of them', async () => {
    await ds.query(
      `CREATE FUNCTION quote_test_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'no quotes today'; END $$ LANGUAGE plpgsql`,
    );
    await ds.query(`CREATE TRIGGER quote_test_fail BEFORE INSERT ON quote_versions FOR EACH ROW EXECUTE FUNCTION quote_test_fail()`);
    try {
      const res = await http()
        .post('/api/leads')
        .send({ ...wizardLead, email: 'atomic-quote@example.com' });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await ds.query('DROP TRIGGER quote_test_fail ON quote_versions');
      await ds.query('DROP FUNCTION quote_test_fail()');
    }
    expect(await ds.query(`SELECT id FROM leads WHERE email = 'atomic-quote@example.com'`)).toEqual([]);
    expect(await ds.query(`SELECT id FROM outbound_messages WHERE body LIKE '%atomic-quote@example.com%'`)).toEqual([]);
  });

  it('opens by its link without login, marks it viewed once, and answers 400 / 404 for a bad or unknown link', async () => {
    const { leadId, token, total } = await newQuote('view-quote@example.com');
    const first = await http().get(`/api/quotes/${token}`).expect(200);
    expect(first.body).toMatchObject({
      version: 1,
      status: 'viewed',
      expired: false,
      chosenOption: 'recommended',
      customerFirstName: 'Ana',
      depositCents: depositCentsForTotal(total),
      approval: null,
    });
    expect(first.body.options.recommended.pricing.totalProjectCost).toBe(total);
    // every option comes with its per-floor coverage diagrams: one cone per camera of that design
    for (const key of ['essential', 'recommended', 'complete'] as const) {
      const floors = first.body.diagrams[key] as { svg: string; cameras: number }[];
      expect(floors.length).toBeGreaterThan(0);
      const cones = floors.reduce((a, f) => a + (f.svg.match(/class="camera-cone/g) ?? []).length, 0);
      expect(cones).toBe(first.body.options[key].projectDetails.totalCameras);
    }
    const [v] = await versionsOf(leadId);
    expect(v!.viewed_at).not.toBeNull();
    await http().get(`/api/quotes/${token}`).expect(200);
    expect((await versionsOf(leadId))[0]!.viewed_at!.getTime()).toBe(v!.viewed_at!.getTime());

    const bad = await http().get('/api/quotes/not-a-token').expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await http()
      .get(`/api/quotes/${'A'.repeat(43)}`)
      .expect(404);
  });

  it('a link past its expiry says expired, and can be neither approved nor paid', async () => {
    const { leadId, token } = await newQuote('expired-quote@example.com');
    await ds.query(`UPDATE quote_versions SET expires_at = now() - interval '1 minute' WHERE lead_id = $1`, [leadId]);
    const { body } = await http().get(`/api/quotes/${token}`).expect(200);
    expect(body).toMatchObject({ expired: true, status: 'sent' });
    expect((await approve(token).expect(410)).body.code).toBe('GONE');
    await http().post('/api/create-deposit-payment').send({ quoteToken: token }).expect(404);
    expect((await versionsOf(leadId))[0]).toMatchObject({ status: 'sent', approved_at: null });
  });
});

describe('approve, sign, pay', () => {
  it('bad approvals answer 400 with field errors and change nothing', async () => {
    const { leadId, token } = await newQuote('bad-approval@example.com');
    const res = await approve(token, { option: 'deluxe', name: ' ', acceptTerms: false }).expect(400);
    expect(Object.keys(res.body.details.fieldErrors).sort()).toEqual(['acceptTerms', 'name', 'option']);
    await approve(token, { option: 'recommended', name: 'Ana Reyes' }).expect(400);
    await approve(token, { option: 'recommended', name: 'Ana Reyes', acceptTerms: true, extra: 1 }).expect(400);
    await approve(token, 'not json' as unknown as object).expect(400);
    // an option this version does not offer (Complete before the engine proposes it) is a field error too
    const offered = Object.keys((await versionsOf(leadId))[0]!.options);
    if (!offered.includes('complete')) {
      const missing = await approve(token, { option: 'complete', name: 'Ana Reyes', acceptTerms: true }).expect(400);
      expect(missing.body.details.fieldErrors.option).toBeDefined();
    }
    expect((await versionsOf(leadId))[0]).toMatchObject({ approved_at: null, approval_hash: null });
  });

  it('stores the SHA-256 of the canonical version + chosen option, the name, time and IP', async () => {
    const { leadId, token } = await newQuote('approve-quote@example.com');
    const before = Date.now();
    const { body } = await approve(token).expect(200);
    expect(body).toMatchObject({ status: 'approved', chosenOption: 'recommended', approval: { name: 'Ana Reyes', option: 'recommended' } });
    const [v] = await versionsOf(leadId);
    const canonical = canonicalize({
      leadId,
      version: 1,
      options: v!.options,
      expiresAt: v!.expires_at.toISOString(),
      chosenOption: 'recommended',
    });
    expect(v!.approval_hash).toBe(createHash('sha256').update(canonical).digest('hex'));
    expect(v!.approved_name).toBe('Ana Reyes');
    expect(v!.approved_ip).toMatch(/203\.0\.113\.7|127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    expect(v!.approved_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // another choice would sign another content
    const other = canonicalize({
      leadId,
      version: 1,
      options: v!.options,
      expiresAt: v!.expires_at.toISOString(),
      chosenOption: 'complete',
    });
    expect(createHash('sha256').update(other).digest('hex')).not.toBe(v!.approval_hash);
  });

  it('the deposit waits for the approval, then charges 10% of the approved option (Complete) and is tied to the version', async () => {
    const { leadId, token } = await newQuote('deposit-quote@example.com');
    const early = await http().post('/api/create-deposit-payment').send({ quoteToken: token }).expect(409);
    expect(early.body.message).toMatch(/approve/i);
    const approved = await approve(token, { option: 'complete', name: 'Ana Reyes', acceptTerms: true }).expect(200);
    const [v] = await versionsOf(leadId);
    const total = v!.options.complete!.pricing.totalProjectCost;
    expect(total).toBeGreaterThan(v!.options.recommended!.pricing.totalProjectCost);
    expect(approved.body).toMatchObject({ chosenOption: 'complete', depositCents: depositCentsForTotal(total) });
    expect(v).toMatchObject({ chosen_option: 'complete', total_cents: String(total * 100) });
    const { body } = await http().post('/api/create-deposit-payment').send({ quoteToken: token }).expect(200);
    const [payment] = await ds.query<{ amount_cents: number; quote_version_id: number; payment_intent_id: string }[]>(
      'SELECT amount_cents, quote_version_id, payment_intent_id FROM payments WHERE lead_id = $1',
      [leadId],
    );
    expect(payment).toMatchObject({ amount_cents: depositCentsForTotal(total), quote_version_id: v!.id });
    const intent = fake.intents.get(body.clientSecret.split('_secret_')[0])!;
    expect(intent.metadata).toMatchObject({ quoteVersionId: String(v!.id) });

    await sendEvent({
      id: `evt_quote_paid_${leadId}`,
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded' } },
    }).expect(200);
    const [paid] = await versionsOf(leadId);
    expect(paid).toMatchObject({ status: 'deposit_paid' });
    expect(paid!.deposit_paid_at).not.toBeNull();
    expect((await http().get(`/api/quotes/${token}`).expect(200)).body.status).toBe('deposit_paid');
    await http().post('/api/create-deposit-payment').send({ quoteToken: token }).expect(404);
    await approve(token).expect(409);
  });
});

describe('a deposit follows the choice it was made for', () => {
  it("approving another option cancels the open intent of the earlier choice at Stripe; a revision cancels the old version's", async () => {
    const { leadId, token } = await newQuote('stale-intent@example.com');
    await approve(token).expect(200);
    const first = (await http().post('/api/create-deposit-payment').send({ quoteToken: token }).expect(200)).body.clientSecret as string;
    const firstId = first.split('_secret_')[0]!;
    expect(fake.intents.get(firstId)!.status).not.toBe('canceled');

    // the customer changes their mind: Complete. The Recommended deposit must not stay payable.
    await approve(token, { option: 'complete', name: 'Ana Reyes', acceptTerms: true }).expect(200);
    expect(fake.intents.get(firstId)!.status).toBe('canceled');
    expect(fake.requests.some((r) => r.method === 'POST' && r.url === `/v1/payment_intents/${firstId}/cancel`)).toBe(true);
    const second = (await http().post('/api/create-deposit-payment').send({ quoteToken: token }).expect(200)).body.clientSecret as string;
    const secondId = second.split('_secret_')[0]!;
    expect(secondId).not.toBe(firstId);
    const [v1] = await versionsOf(leadId);
    expect(fake.intents.get(secondId)!.amount).toBe(depositCentsForTotal(v1!.options.complete!.pricing.totalProjectCost));
    const rows = await ds.query<{ payment_intent_id: string; status: string }[]>(
      'SELECT payment_intent_id, status FROM payments WHERE lead_id = $1 ORDER BY id',
      [leadId],
    );
    expect(rows).toEqual([
      { payment_intent_id: firstId, status: 'canceled' },
      { payment_intent_id: secondId, status: 'pending' },
    ]);
    // approving the same option again keeps the intent that matches it
    await approve(token, { option: 'complete', name: 'Ana Reyes', acceptTerms: true }).expect(200);
    expect(fake.intents.get(secondId)!.status).not.toBe('canceled');

    // staff revise: version 1's open intent is canceled with it
    const [item] = await ds.query<{ sku: string }[]>(`SELECT sku FROM inventory WHERE is_active ORDER BY id LIMIT 1`);
    await http()
      .post(`/api/leads/${leadId}/quotes`)
      .set('Cookie', admin)
      .send({ option: 'recommended', lines: [{ sku: item!.sku, quantity: 2 }] })
      .expect(201);
    expect(fake.intents.get(secondId)!.status).toBe('canceled');
    const [{ status }] = await ds.query<{ status: string }[]>('SELECT status FROM payments WHERE payment_intent_id = $1', [secondId]);
    expect(status).toBe('canceled');
  });
});

describe('staff revise a quote', () => {
  it('writes a new version with its own link; the old one is superseded, its approval does not carry over and it cannot be paid', async () => {
    const { leadId, token } = await newQuote('revise-quote@example.com');
    await approve(token).expect(200);
    const items = await ds.query<{ sku: string; unit_price: number; category: string }[]>(
      `SELECT sku, unit_price, category FROM inventory WHERE is_active ORDER BY id LIMIT 2`,
    );
    const lines = items.map((i, n) => ({ sku: i.sku, quantity: n + 2 }));
    const created = await http()
      .post(`/api/leads/${leadId}/quotes`)
      .set('Cookie', admin)
      .send({ option: 'recommended', lines })
      .expect(201);
    expect(created.body).toMatchObject({ version: 2, status: 'sent', chosenOption: 'recommended', approvedAt: null, approvalHash: null });
    expect(created.body.createdBy).toBe(ADMIN.email);

    const [v1, v2] = await versionsOf(leadId);
    expect(v1!.status).toBe('superseded');
    expect(v2!.token).not.toBe(token);
    expect(v2!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(v2).toMatchObject({ status: 'sent', approved_at: null, approval_hash: null });
    const equipment = items.reduce((a, i, n) => a + Math.round(i.unit_price / 100) * (n + 2), 0);
    const revised = (v2!.options.recommended as unknown as { pricing: { equipmentSubtotal: number; totalProjectCost: number } }).pricing;
    expect(revised.equipmentSubtotal).toBe(equipment);
    expect(Number(v2!.total_cents)).toBe(revised.totalProjectCost * 100);
    expect(await pdf.getJob(`quote-pdf-${v2!.id}`)).toBeTruthy();
    const [audit] = await ds.query<{ action: string; entity_id: string; user_email: string }[]>(
      `SELECT action, entity_id, user_email FROM audit_log WHERE action = 'quote.revised' AND entity_id = $1`,
      [String(leadId)],
    );
    expect(audit).toMatchObject({ user_email: ADMIN.email });

    // the old link says superseded, cannot be approved or paid
    expect((await http().get(`/api/quotes/${token}`).expect(200)).body.status).toBe('superseded');
    await approve(token).expect(409);
    await http().post('/api/create-deposit-payment').send({ quoteToken: token }).expect(404);
    // the new one needs its own approval, and its deposit is tied to it
    await http().post('/api/create-deposit-payment').send({ quoteToken: v2!.token }).expect(409);
    await approve(v2!.token).expect(200);
    await http().post('/api/create-deposit-payment').send({ quoteToken: v2!.token }).expect(200);
    const payments = await ds.query<{ quote_version_id: number; amount_cents: number }[]>(
      'SELECT quote_version_id, amount_cents FROM payments WHERE lead_id = $1',
      [leadId],
    );
    expect(payments).toEqual([{ quote_version_id: v2!.id, amount_cents: depositCentsForTotal(revised.totalProjectCost) }]);

    const list = await http().get(`/api/leads/${leadId}/quotes`).set('Cookie', admin).expect(200);
    expect(list.body.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'approved'],
      [1, 'superseded'],
    ]);
  });

  it('answers 400 for bad lines or unknown SKUs, 404 for an unknown lead, 401/403 without an admin session', async () => {
    const { leadId } = await newQuote('revise-bad@example.com');
    const empty = await http().post(`/api/leads/${leadId}/quotes`).set('Cookie', admin).send({ lines: [] }).expect(400);
    expect(empty.body.details.fieldErrors.lines).toBeDefined();
    await http()
      .post(`/api/leads/${leadId}/quotes`)
      .set('Cookie', admin)
      .send({ lines: [{ sku: 'X', quantity: 0 }] })
      .expect(400);
    const unknown = await http()
      .post(`/api/leads/${leadId}/quotes`)
      .set('Cookie', admin)
      .send({ lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] })
      .expect(400);
    expect(unknown.body.details.fieldErrors.lines[0]).toMatch(/NO-SUCH-SKU/);
    await http()
      .post('/api/leads/99999999/quotes')
      .set('Cookie', admin)
      .send({ lines: [{ sku: 'X', quantity: 1 }] })
      .expect(404);
    await http().get(`/api/leads/${leadId}/quotes`).expect(401);
    const viewer = await signIn(app, STAFF);
    await http().get(`/api/leads/${leadId}/quotes`).set('Cookie', viewer).expect(403);
    expect(await versionsOf(leadId)).toHaveLength(1);
  });
});
