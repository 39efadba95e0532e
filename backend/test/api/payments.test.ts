/**
 * Deposits through Stripe against a local fake Stripe API (decisions.md §3,
 * §4, §14): amounts, currency and Idempotency-Key sent; signed webhooks (forged → 400, replay →
 * no second effect); the payment status endpoint; the api without Stripe keys.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { QueueName } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripeSdk = new Stripe('sk_test_unused');

let db: TestDatabase;
let app: NestExpressApplication;
let noKeysApp: NestExpressApplication;
let ds: DataSource;
let fake: FakeStripe;
let notifications: Queue;

const http = () => request(app.getHttpServer());
const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents');

/** Posts an event to the webhook, signed with `secret`. */
function sendEvent(event: { id: string; type: string; data: { object: unknown } }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 1, livemode: false, ...event });
  const signature = stripeSdk.webhooks.generateTestHeaderString({ payload, secret });
  return http().post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
}

/**
 * A wizard lead with its quote, approved by the customer (issue 21 point 6: a saved quote's deposit
 * is paid after its approval, for the approved option); `token` is the deposit token handed out
 * with it (the link token of the quote's version 1).
 */
async function newWizardLead(email: string, forwardedFor?: string) {
  const req = http().post('/api/leads');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  const res = await req.send({ ...wizardLead, email }).expect(201);
  expect(res.body.depositToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const token = res.body.depositToken as string;
  await http().post(`/api/quotes/${token}/approve`).send({ option: 'recommended', name: 'Ana Reyes', acceptTerms: true }).expect(200);
  return { ...(res.body.lead as { id: number; totalEstimate: number }), token };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
  noKeysApp = await createApp(testEnv(db), { logger: false });
  await noKeysApp.init();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  notifications = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
});

afterAll(async () => {
  await notifications?.close();
  await app?.close();
  await noKeysApp?.close();
  await ds?.destroy();
  await fake?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('POST /api/create-deposit-payment', () => {
  it('charges round(10% × the stored total) in cents, USD, with an idempotency key tied to the lead; a tampered totalAmount changes nothing', async () => {
    const lead = await newWizardLead('deposit1@example.com');
    const res = await http()
      .post('/api/create-deposit-payment')
      .send({ quoteToken: lead.token, totalAmount: 1, customerInfo: { firstName: 'Ana' }, projectDetails: { fullDeposit: true } })
      .expect(200);
    const expected = Math.round(lead.totalEstimate * 100 * 0.1);
    const [req] = creates().slice(-1);
    expect(req!.body).toMatchObject({
      amount: String(expected),
      currency: 'usd',
      'allowed_payment_method_types[0]': 'card',
      'metadata[leadId]': String(lead.id),
      'metadata[kind]': 'deposit',
    });
    expect(req!.body).not.toHaveProperty('metadata[replaces]');
    expect(req!.idempotencyKey).toMatch(new RegExp(`^deposit-lead-${lead.id}-${expected}-[0-9a-f]{16}$`));
    expect(req!.headers.authorization).toBe('Bearer sk_test_123');
    const intent = fake.intents.get(res.body.clientSecret.split('_secret_')[0])!;
    expect(res.body).toEqual({ clientSecret: intent.client_secret });

    const [row] = await ds.query('SELECT * FROM payments WHERE payment_intent_id = $1', [intent.id]);
    expect(row).toMatchObject({
      kind: 'deposit',
      lead_id: lead.id,
      amount_cents: expected,
      currency: 'usd',
      status: 'pending',
      customer_email: 'deposit1@example.com',
    });

    // asking again for the same quote reuses the intent: no second PaymentIntent
    const before = creates().length;
    const again = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token, totalAmount: 999999 }).expect(200);
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(creates().length).toBe(before);
  });

  it('a PaymentIntent canceled at Stripe is marked canceled and replaced by a new one (never handed out again)', async () => {
    const lead = await newWizardLead('deposit-cancel@example.com');
    const first = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200);
    const firstId = first.body.clientSecret.split('_secret_')[0];
    const firstKey = creates().slice(-1)[0]!.idempotencyKey;
    // staff (or Stripe, after a long wait) cancel the intent
    const cancel = await fetch(`${fake.baseUrl}/v1/payment_intents/${firstId}/cancel`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_123' },
    });
    expect(cancel.status).toBe(200);

    const second = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200);
    expect(second.body.clientSecret).not.toBe(first.body.clientSecret);
    const [req] = creates().slice(-1);
    expect(req!.body).toMatchObject({ amount: String(Math.round(lead.totalEstimate * 10)), 'metadata[replaces]': firstId });
    expect(req!.idempotencyKey).not.toBe(firstKey);
    const rows = await ds.query('SELECT payment_intent_id, status FROM payments WHERE lead_id = $1 ORDER BY id', [lead.id]);
    expect(rows).toEqual([
      { payment_intent_id: firstId, status: 'canceled' },
      { payment_intent_id: second.body.clientSecret.split('_secret_')[0], status: 'pending' },
    ]);
    // the replacement is handed out again on the next call
    const third = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200);
    expect(third.body.clientSecret).toBe(second.body.clientSecret);
  });

  it('answers 400 with field errors (a leadId is refused), 409 for a deposit above what Stripe takes', async () => {
    const bad = await http().post('/api/create-deposit-payment').send({ leadId: 'x' }).expect(400);
    expect(bad.body.details.fieldErrors.leadId).toBeDefined();
    expect(bad.body.details.fieldErrors.quoteToken).toBeDefined();
    // a sequential id is refused even beside a valid token: deposits are never addressed by id
    const lead = await newWizardLead('deposit-leadid@example.com');
    const both = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token, leadId: lead.id }).expect(400);
    expect(Object.keys(both.body.details.fieldErrors)).toEqual(['leadId']);
    await http().post('/api/create-deposit-payment').send({ quoteToken: 42 }).expect(400);

    // A deposit above Stripe's largest payment ($999,999.99) is refused before calling Stripe.
    const before = creates().length;
    const hugeToken = randomBytes(32).toString('base64url');
    const [{ id: hugeId }] = await ds.query(
      `INSERT INTO leads (email, building_info, total_estimate_cents, deposit_token_hash) VALUES ('huge@example.com', '{}', 1000000000, $1) RETURNING id`,
      [sha256(hugeToken)],
    );
    const huge = await http().post('/api/create-deposit-payment').send({ quoteToken: hugeToken }).expect(409);
    expect(huge.body.message).toMatch(/call us/i);
    expect(creates().length).toBe(before);
    expect(await ds.query('SELECT id FROM payments WHERE lead_id = $1', [hugeId])).toEqual([]);
    // just below the limit is an ordinary deposit
    const maxToken = randomBytes(32).toString('base64url');
    await ds.query(
      `INSERT INTO leads (email, building_info, total_estimate_cents, deposit_token_hash) VALUES ('max@example.com', '{}', 999999990, $1)`,
      [sha256(maxToken)],
    );
    await http().post('/api/create-deposit-payment').send({ quoteToken: maxToken }).expect(200);
    expect(creates().slice(-1)[0]!.body.amount).toBe('99999999');
  });
});

describe('deposit tokens (no card testing: issue 25 point 4)', () => {
  const NOT_PAYABLE_MESSAGE = 'This quote cannot be paid online. Please call us.';
  const NOT_PAYABLE = { statusCode: 404, code: 'NOT_FOUND', message: NOT_PAYABLE_MESSAGE, error: NOT_PAYABLE_MESSAGE };
  /** The answer without its per-request id, for comparing answers. */
  const answer = (res: request.Response) => {
    const { requestId: _requestId, ...rest } = res.body as Record<string, unknown>;
    return { status: res.status, body: rest };
  };

  it('a wizard lead gets an unguessable token, stored only as its SHA-256; a lead without a wizard quote gets none', async () => {
    const lead = await newWizardLead('token-stored@example.com');
    const [row] = await ds.query('SELECT deposit_token_hash FROM leads WHERE id = $1', [lead.id]);
    expect(row.deposit_token_hash).toBe(sha256(lead.token));
    const dump = JSON.stringify(await ds.query('SELECT * FROM leads WHERE id = $1', [lead.id]));
    expect(dump).not.toContain(lead.token);
    const other = await newWizardLead('token-stored@example.com');
    expect(other.token).not.toBe(lead.token);
    const plain = await http()
      .post('/api/leads')
      .send({ email: 'token-none@example.com', buildingInfo: { type: 'office' }, source: 'unknown' })
      .expect(201);
    expect(plain.body.depositToken).toBeNull();
    expect((await ds.query('SELECT deposit_token_hash FROM leads WHERE id = $1', [plain.body.lead.id]))[0].deposit_token_hash).toBeNull();
  });

  it('unknown, malformed, foreign, paid and quote-less tokens all get the same 404, and nothing is created', async () => {
    const paid = await newWizardLead('token-paid@example.com');
    const { body } = await http().post('/api/create-deposit-payment').send({ quoteToken: paid.token }).expect(200);
    const intent = fake.intents.get(body.clientSecret.split('_secret_')[0])!;
    await sendEvent({
      id: `evt_token_paid_${paid.id}`,
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded' } },
    }).expect(200);
    // a lead whose quote is gone (e.g. stored before pricing) holding a token
    const noQuoteToken = randomBytes(32).toString('base64url');
    await ds.query(
      `INSERT INTO leads (email, building_info, deposit_token_hash) VALUES ('calc@example.com', '{"type":"commercial"}', $1)`,
      [sha256(noQuoteToken)],
    );
    const known = await newWizardLead('token-known@example.com');
    const [{ deposit_token_hash: storedHash }] = await ds.query('SELECT deposit_token_hash FROM leads WHERE id = $1', [known.id]);

    const before = creates().length;
    const payments = (await ds.query('SELECT count(*)::int AS n FROM payments'))[0].n;
    const tokens = {
      unknown: randomBytes(32).toString('base64url'),
      malformed: 'not a token',
      tooShort: known.token.slice(0, 20),
      // foreign: what a database read would give, and the lead's id
      storedHash,
      leadIdAsToken: String(known.id),
      paid: paid.token,
      noQuote: noQuoteToken,
    };
    for (const [what, quoteToken] of Object.entries(tokens)) {
      const res = await http().post('/api/create-deposit-payment').send({ quoteToken });
      expect({ what, ...answer(res) }).toEqual({ what, status: 404, body: NOT_PAYABLE });
    }
    expect(creates().length).toBe(before);
    expect((await ds.query('SELECT count(*)::int AS n FROM payments'))[0].n).toBe(payments);
    // the real token still works
    await http().post('/api/create-deposit-payment').send({ quoteToken: known.token }).expect(200);
  });

  it('concurrent calls for one quote make one PaymentIntent and one payment row', async () => {
    const lead = await newWizardLead('token-parallel@example.com');
    const before = creates().length;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200)),
    );
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    expect(creates().length - before).toBe(1);
    expect(await ds.query('SELECT status FROM payments WHERE lead_id = $1', [lead.id])).toEqual([{ status: 'pending' }]);
  });
});

describe('POST /api/create-consultation-payment', () => {
  it('always charges 25000 cents whatever amount the browser sends', async () => {
    const res = await http()
      .post('/api/create-consultation-payment')
      .send({
        amount: 1,
        customerInfo: { firstName: 'Lee', lastName: 'Park', email: 'lee@example.com', phone: '2125550123' },
        projectDetails: { type: 'office', description: 'Consultation' },
      })
      .expect(200);
    const [req] = creates().slice(-1);
    expect(req!.body).toMatchObject({
      amount: '25000',
      currency: 'usd',
      'allowed_payment_method_types[0]': 'card',
      'metadata[kind]': 'consultation',
    });
    expect(req!.idempotencyKey).toMatch(/^consultation-lee@example\.com-\d{4}-\d{2}-\d{2}-[0-9a-f]{16}$/);
    expect(res.body.clientSecret).toMatch(/^pi_.+_secret_/);
    const [row] = await ds.query(`SELECT * FROM payments WHERE kind = 'consultation' AND customer_email = 'lee@example.com'`);
    expect(row).toMatchObject({ amount_cents: 25000, lead_id: null, status: 'pending', customer_name: 'Lee Park' });
  });

  it('links the payment to a contact created from the visitor (same transaction); staff see it on the contact', async () => {
    const customerInfo = { firstName: 'Mia', lastName: 'Chen', email: 'Mia.Chen@Example.com', phone: '(212) 555-0188' };
    const res = await http()
      .post('/api/create-consultation-payment')
      .send({ amount: 25000, customerInfo, projectDetails: { type: 'retail', description: 'On-site security consultation' } })
      .expect(200);
    const intentId = res.body.clientSecret.split('_secret_')[0];
    const [payment] = await ds.query(`SELECT contact_id FROM payments WHERE payment_intent_id = $1`, [intentId]);
    expect(payment.contact_id).toEqual(expect.any(Number));
    const contacts = await ds.query(`SELECT * FROM contacts WHERE lower(email) = 'mia.chen@example.com'`);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      id: payment.contact_id,
      first_name: 'Mia',
      last_name: 'Chen',
      email: 'Mia.Chen@Example.com',
      phone: '(212) 555-0188',
      property_type: 'retail',
      lead_id: null,
    });

    // staff: GET /api/contacts/:id/payments lists it (amount in cents)
    const cookie = await signIn(app, ADMIN);
    const staff = await http().get(`/api/contacts/${payment.contact_id}/payments`).set('Cookie', cookie).expect(200);
    expect(staff.body.payments).toEqual([
      expect.objectContaining({
        kind: 'consultation',
        status: 'pending',
        amountCents: 25000,
        currency: 'usd',
        paymentIntentId: intentId,
        succeededAt: null,
      }),
    ]);
    // once Stripe says it succeeded, the staff view says so and the receipt + staff notice are on the contact
    const intent = fake.intents.get(intentId)!;
    await sendEvent({
      id: 'evt_consult_contact_1',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded' } },
    }).expect(200);
    const paid = await http().get(`/api/contacts/${payment.contact_id}/payments`).set('Cookie', cookie).expect(200);
    expect(paid.body.payments[0]).toMatchObject({ status: 'succeeded', succeededAt: expect.any(String) });
    const messages = await ds.query(`SELECT template FROM outbound_messages WHERE contact_id = $1 ORDER BY id`, [payment.contact_id]);
    expect(messages.map((m: { template: string }) => m.template)).toEqual(['payment_receipt', 'staff_payment_received']);
    await http().get('/api/contacts/999999/payments').set('Cookie', cookie).expect(404);
    await http().get(`/api/contacts/${payment.contact_id}/payments`).expect(401);
  });

  it('reuses the existing contact with the same e-mail (any case) instead of creating another', async () => {
    const contact = await http()
      .post('/api/contacts')
      .send({
        firstName: 'Raj',
        lastName: 'Patel',
        email: 'raj.patel@example.com',
        phone: '2125550177',
        propertyType: 'business',
        services: [],
      })
      .expect(201);
    const customerInfo = { firstName: 'Raj', lastName: 'Patel', email: 'RAJ.PATEL@example.com', phone: '2125550177' };
    const first = await http()
      .post('/api/create-consultation-payment')
      .send({ customerInfo, projectDetails: { type: 'office' } })
      .expect(200);
    // a second visit on the same day is the same intent (idempotency) and still one contact
    const again = await http()
      .post('/api/create-consultation-payment')
      .send({ customerInfo, projectDetails: { type: 'office' } })
      .expect(200);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    const rows = await ds.query(`SELECT contact_id FROM payments WHERE lower(customer_email) = 'raj.patel@example.com'`);
    expect(rows).toEqual([{ contact_id: contact.body.contact.id }]);
    expect(await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE lower(email) = 'raj.patel@example.com'`)).toEqual([{ n: 1 }]);
  });

  it('the same visitor coming back the same day with other details gets a new intent, not a provider error', async () => {
    // Stripe refuses a reused Idempotency-Key whose parameters differ (400 idempotency_error): the
    // key follows the parameters, so another building type or another spelling of the e-mail is a
    // request of its own, and the identical request is still the same intent.
    const send = (email: string, type: string) =>
      http()
        .post('/api/create-consultation-payment')
        .send({ customerInfo: { firstName: 'Ola', lastName: 'Berg', email, phone: '2125550199' }, projectDetails: { type } });
    const office = await send('ola.berg@example.com', 'office').expect(200);
    const retail = await send('ola.berg@example.com', 'retail').expect(200);
    const upper = await send('Ola.Berg@Example.com', 'office').expect(200);
    const again = await send('ola.berg@example.com', 'office').expect(200);
    expect(new Set([office.body.clientSecret, retail.body.clientSecret, upper.body.clientSecret]).size).toBe(3);
    expect(again.body.clientSecret).toBe(office.body.clientSecret);
    expect(
      fake.requests.filter((r) => r.url === '/v1/payment_intents' && r.body.receipt_email?.toLowerCase() === 'ola.berg@example.com'),
    ).toHaveLength(4);
    expect(await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE lower(email) = 'ola.berg@example.com'`)).toEqual([{ n: 1 }]);
  });

  it('concurrent calls for one new visitor create one contact', async () => {
    const body = (day: number) => ({
      customerInfo: { firstName: 'Zoe', lastName: 'Ng', email: `zoe.ng@example.com`, phone: '2125550166' },
      projectDetails: { type: `office-${day}` },
    });
    await Promise.all([1, 2, 3, 4].map((d) => http().post('/api/create-consultation-payment').send(body(d)).expect(200)));
    expect(await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE email = 'zoe.ng@example.com'`)).toEqual([{ n: 1 }]);
    const linked = await ds.query(`SELECT DISTINCT contact_id FROM payments WHERE customer_email = 'zoe.ng@example.com'`);
    expect(linked).toHaveLength(1);
    expect(linked[0].contact_id).toEqual(expect.any(Number));
  });

  it('a provider failure answers 502 and creates neither a contact nor a payment', async () => {
    fake.failNextCreate(400);
    const res = await http()
      .post('/api/create-consultation-payment')
      .send({
        customerInfo: { firstName: 'Ivy', lastName: 'Lo', email: 'ivy.lo@example.com', phone: '2125550155' },
        projectDetails: { type: 'office' },
      })
      .expect(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE email = 'ivy.lo@example.com'`)).toEqual([{ n: 0 }]);
    expect(await ds.query(`SELECT count(*)::int AS n FROM payments WHERE customer_email = 'ivy.lo@example.com'`)).toEqual([{ n: 0 }]);
  });

  it('rejects missing customer details with field errors', async () => {
    const res = await http()
      .post('/api/create-consultation-payment')
      .send({ amount: 25000, customerInfo: { firstName: '', email: 'x' } })
      .expect(400);
    expect(Object.keys(res.body.details.fieldErrors)).toEqual(
      expect.arrayContaining(['customerInfo.firstName', 'customerInfo.email', 'customerInfo.phone']),
    );
  });
});

describe('POST /api/stripe/webhook', () => {
  it('a verified payment_intent.succeeded marks the payment, moves the lead to won and queues receipt + staff notice; a replay changes nothing', async () => {
    const lead = await newWizardLead('deposit2@example.com');
    const { body } = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200);
    const intent = fake.intents.get(body.clientSecret.split('_secret_')[0])!;
    const event = { id: `evt_ok_${lead.id}`, type: 'payment_intent.succeeded', data: { object: { ...intent, status: 'succeeded' } } };

    const res = await sendEvent(event).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const [payment] = await ds.query('SELECT * FROM payments WHERE payment_intent_id = $1', [intent.id]);
    expect(payment.status).toBe('succeeded');
    expect(payment.succeeded_at).not.toBeNull();
    const [leadRow] = await ds.query('SELECT status FROM leads WHERE id = $1', [lead.id]);
    expect(leadRow.status).toBe('won');
    // the lead's timeline gets the status change, written in the webhook's transaction
    expect(await ds.query('SELECT from_status, to_status, changed_by FROM lead_status_changes WHERE lead_id = $1', [lead.id])).toEqual([
      { from_status: 'new', to_status: 'won', changed_by: 'system' },
    ]);
    const messages = await ds.query(`SELECT * FROM outbound_messages WHERE idempotency_key LIKE $1 ORDER BY id`, [`%:${intent.id}`]);
    expect(messages).toEqual([
      expect.objectContaining({ status: 'queued', recipient: 'deposit2@example.com', template: 'payment_receipt', lead_id: lead.id }),
      expect.objectContaining({ status: 'queued', recipient: 'staff@ironclad.test', template: 'staff_payment_received', lead_id: lead.id }),
    ]);
    const jobs = await notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    const paymentJobs = jobs.filter((j) => j.data.kind === 'payment' && j.data.recordId === payment.id);
    expect(paymentJobs.map((j) => j.data.outboundMessageId).sort()).toEqual(messages.map((m: { id: number }) => m.id).sort());

    // replay: staff moved the lead on meanwhile; the replayed event must not touch anything
    await ds.query(`UPDATE leads SET status = 'negotiation' WHERE id = $1`, [lead.id]);
    const replay = await sendEvent(event).expect(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await ds.query('SELECT status FROM leads WHERE id = $1', [lead.id]))[0].status).toBe('negotiation');
    expect(await ds.query(`SELECT id FROM outbound_messages WHERE idempotency_key LIKE $1`, [`%:${intent.id}`])).toHaveLength(2);
    const jobsAfter = await notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobsAfter.filter((j) => j.data.kind === 'payment' && j.data.recordId === payment.id)).toHaveLength(2);

    const status = await http().get(`/api/payments/${intent.id}`).expect(200);
    expect(status.body).toEqual({
      paymentIntentId: intent.id,
      kind: 'deposit',
      status: 'succeeded',
      amountCents: payment.amount_cents,
      currency: 'usd',
      failureMessage: null,
    });
    // a paid deposit cannot be paid twice (answered like an unknown token)
    const again = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', message: 'This quote cannot be paid online. Please call us.' });
  });

  it('a forged signature is rejected with 400 and changes nothing', async () => {
    const lead = await newWizardLead('deposit3@example.com');
    const { body } = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200);
    const intent = fake.intents.get(body.clientSecret.split('_secret_')[0])!;
    const event = { id: `evt_forged_${lead.id}`, type: 'payment_intent.succeeded', data: { object: { ...intent, status: 'succeeded' } } };
    const res = await sendEvent(event, 'whsec_attacker').expect(400);
    expect(res.body.message).toMatch(/signature/i);
    await http().post('/api/stripe/webhook').set('content-type', 'application/json').send(JSON.stringify(event)).expect(400);
    expect((await ds.query('SELECT status FROM payments WHERE payment_intent_id = $1', [intent.id]))[0].status).toBe('pending');
    expect((await ds.query('SELECT status FROM leads WHERE id = $1', [lead.id]))[0].status).toBe('new');
    expect(await ds.query('SELECT id FROM stripe_events WHERE id = $1', [event.id])).toHaveLength(0);
  });

  it('payment_intent.processing is shown as processing until the outcome arrives', async () => {
    const lead = await newWizardLead('deposit-processing@example.com');
    const { body } = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200);
    const intent = fake.intents.get(body.clientSecret.split('_secret_')[0])!;
    await sendEvent({
      id: `evt_processing_${lead.id}`,
      type: 'payment_intent.processing',
      data: { object: { ...intent, status: 'processing' } },
    }).expect(200);
    expect((await http().get(`/api/payments/${intent.id}`).expect(200)).body).toMatchObject({ status: 'processing', failureMessage: null });
    expect((await ds.query('SELECT status FROM leads WHERE id = $1', [lead.id]))[0].status).toBe('new');
    await sendEvent({
      id: `evt_processing_ok_${lead.id}`,
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded' } },
    }).expect(200);
    expect((await http().get(`/api/payments/${intent.id}`).expect(200)).body).toMatchObject({ status: 'succeeded' });
    expect((await ds.query('SELECT status FROM leads WHERE id = $1', [lead.id]))[0].status).toBe('won');
  });

  it('payment_intent.payment_failed stores the provider message and leaves the lead alone', async () => {
    const lead = await newWizardLead('deposit4@example.com');
    const { body } = await http().post('/api/create-deposit-payment').send({ quoteToken: lead.token }).expect(200);
    const intent = fake.intents.get(body.clientSecret.split('_secret_')[0])!;
    await sendEvent({
      id: `evt_fail_${lead.id}`,
      type: 'payment_intent.payment_failed',
      data: { object: { ...intent, last_payment_error: { message: 'Your card was declined.' } } },
    }).expect(200);
    const status = await http().get(`/api/payments/${intent.id}`).expect(200);
    expect(status.body).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect((await ds.query('SELECT status FROM leads WHERE id = $1', [lead.id]))[0].status).toBe('new');
    await http().get('/api/payments/pi_unknown').expect(404);
    await http().get('/api/payments/not-an-intent').expect(400);
  });
});

describe('per-address limit of PaymentIntent creations (BOT_DEFENCES on)', () => {
  let limited: NestExpressApplication;
  const LIMIT = 3;
  const from = (address: string) => ({
    deposit: (quoteToken: string) =>
      request(limited.getHttpServer()).post('/api/create-deposit-payment').set('X-Forwarded-For', address).send({ quoteToken }),
    consultation: (email: string) =>
      request(limited.getHttpServer())
        .post('/api/create-consultation-payment')
        .set('X-Forwarded-For', address)
        .send({ customerInfo: { firstName: 'Bo', lastName: 'Tt', email, phone: '2125550100' }, projectDetails: { type: 'office' } }),
  });

  beforeAll(async () => {
    limited = await createApp(
      testEnv(db, {
        BOT_DEFENCES: 'on',
        RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR: String(LIMIT),
        CHALLENGE_AFTER_PER_HOUR: '1000',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE_URL: fake.baseUrl,
      }),
      { logger: false },
    );
    await limited.init();
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('30 consultations from one address with 30 e-mails: only the first LIMIT reach Stripe or the contacts; another address is unaffected', async () => {
    const before = creates().length;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await from('198.51.100.30').consultation(`carder${i}@example.com`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    expect(creates().length - before).toBe(LIMIT);
    expect((await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE email LIKE 'carder%@example.com'`))[0].n).toBe(LIMIT);
    const over = await from('198.51.100.30').consultation('carder-last@example.com').expect(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await from('198.51.100.31').consultation('someone-else@example.com').expect(200);
  });

  it('deposits and consultations share the budget, and a reused intent counts too (every request is an attempt)', async () => {
    const lead = await newWizardLead('limit-deposit@example.com');
    const client = from('198.51.100.40');
    const first = await client.deposit(lead.token).expect(200);
    const reused = await client.deposit(lead.token).expect(200);
    expect(reused.body.clientSecret).toBe(first.body.clientSecret);
    await client.consultation('limit-deposit@example.com').expect(200);
    await client.deposit(lead.token).expect(429);
    await client.consultation('limit-other@example.com').expect(429);
    // unknown tokens are attempts as well: a bot guessing tokens is limited like one creating intents
    const guesser = from('198.51.100.41');
    for (let i = 0; i < LIMIT; i++) await guesser.deposit(randomBytes(32).toString('base64url')).expect(404);
    await guesser.deposit(lead.token).expect(429);
  });
});

describe('payment_failed lock (more than PAYMENT_FAILURES_LOCK_AFTER failures in the window)', () => {
  const LOCKED = 'Online payment is paused for this quote. Please call us to pay.';
  const deposit = (quoteToken: string, address: string) =>
    http().post('/api/create-deposit-payment').set('X-Forwarded-For', address).send({ quoteToken });
  const consultation = (email: string, address: string) =>
    http()
      .post('/api/create-consultation-payment')
      .set('X-Forwarded-For', address)
      .send({ customerInfo: { firstName: 'Cy', lastName: 'Do', email, phone: '2125550111' }, projectDetails: { type: 'office' } });
  let n = 0;
  /** Stripe says a card failed on `intentId` (a new event id each time). */
  const cardFails = (intentId: string) => {
    const intent = fake.intents.get(intentId)!;
    n += 1;
    return sendEvent({
      id: `evt_lockfail_${intentId}_${n}`,
      type: 'payment_intent.payment_failed',
      data: { object: { ...intent, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } } },
    }).expect(200);
  };
  const lockNotices = () =>
    ds.query(`SELECT recipient, subject, body, lead_id, status FROM outbound_messages WHERE template = 'staff_payment_locked' ORDER BY id`);

  it('the 6th failure of one quote locks it (also for other addresses), cancels its intent, tells staff once; the address is locked too', async () => {
    const lead = await newWizardLead('lock-quote@example.com');
    const { body } = await deposit(lead.token, '203.0.113.7').expect(200);
    const intentId = body.clientSecret.split('_secret_')[0];
    expect((await ds.query('SELECT client_address FROM payments WHERE payment_intent_id = $1', [intentId]))[0].client_address).toBe(
      '203.0.113.7',
    );
    const noticesBefore = (await lockNotices()).length;
    for (let i = 0; i < 5; i++) await cardFails(intentId);
    // 5 failures: a person mistyping; still payable, same intent
    expect((await deposit(lead.token, '203.0.113.7').expect(200)).body.clientSecret).toBe(body.clientSecret);
    // a replayed event is not counted again
    const replay = await sendEvent({
      id: `evt_lockfail_${intentId}_${n}`,
      type: 'payment_intent.payment_failed',
      data: { object: { ...fake.intents.get(intentId)!, last_payment_error: { message: 'Your card was declined.' } } },
    }).expect(200);
    expect(replay.body.duplicate).toBe(true);
    await deposit(lead.token, '203.0.113.7').expect(200);

    await cardFails(intentId); // the 6th
    for (const address of ['203.0.113.7', '192.0.2.99']) {
      const res = await deposit(lead.token, address).expect(423);
      expect(res.body).toMatchObject({ code: 'PAYMENTS_LOCKED', message: LOCKED });
    }
    // the bot's client secret is dead: the intent was canceled at Stripe and in our records
    expect(fake.intents.get(intentId)!.status).toBe('canceled');
    expect((await ds.query('SELECT status FROM payments WHERE payment_intent_id = $1', [intentId]))[0].status).toBe('canceled');
    // the address that made the failures is locked for consultations (and deposits of other quotes) too
    const consult = await consultation('lock-quote-consult@example.com', '203.0.113.7').expect(423);
    expect(consult.body.code).toBe('PAYMENTS_LOCKED');
    const otherQuote = await newWizardLead('lock-other-quote@example.com');
    await deposit(otherQuote.token, '203.0.113.7').expect(423);
    await deposit(otherQuote.token, '192.0.2.99').expect(200);

    // staff are told once per lock (quote and address), through the outbound message + job path
    await cardFails(intentId);
    const notices = (await lockNotices()).slice(noticesBefore);
    expect(notices).toEqual([
      expect.objectContaining({ recipient: 'staff@ironclad.test', lead_id: lead.id, status: 'queued' }),
      expect.objectContaining({ recipient: 'staff@ironclad.test', lead_id: null, status: 'queued' }),
    ]);
    expect(notices[0].subject).toBe(`Online payment paused for quote #${lead.id} (lead #${lead.id}) after 6 card failures`);
    expect(notices[1].body).toContain('203.0.113.7');
    const jobs = await notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    const ids = new Set(jobs.map((j) => j.data.outboundMessageId));
    const [{ id: firstNoticeId }] = await ds.query(
      `SELECT id FROM outbound_messages WHERE template = 'staff_payment_locked' AND lead_id = $1`,
      [lead.id],
    );
    expect(ids.has(firstNoticeId)).toBe(true);
    const audit = await ds.query(
      `SELECT action, entity_type, entity_id, details FROM audit_log WHERE action = 'payments_locked' ORDER BY id`,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity_type: 'lead', entity_id: String(lead.id), details: expect.objectContaining({ failures: 6 }) }),
        expect.objectContaining({ entity_type: 'client_address', entity_id: '203.0.113.7' }),
      ]),
    );

    // the lock ends after PAYMENT_LOCK_MINUTES
    await ds.query(`UPDATE payment_locks SET locked_until = now() - interval '1 second' WHERE subject IN ($1, '203.0.113.7')`, [
      String(lead.id),
    ]);
    await ds.query(`DELETE FROM payment_failures WHERE lead_id = $1 OR client_address = '203.0.113.7'`, [lead.id]);
    const after = await deposit(lead.token, '203.0.113.7').expect(200);
    expect(after.body.clientSecret).not.toBe(body.clientSecret);
  });

  it('failures spread over quotes from one address lock the address: even an unknown token gets the lock answer, before any lookup', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < 6; i++) {
      const lead = await newWizardLead(`lock-addr-${i}@example.com`);
      const { body } = await deposit(lead.token, address).expect(200);
      await cardFails(body.clientSecret.split('_secret_')[0]);
    }
    const unknown = await deposit(randomBytes(32).toString('base64url'), address).expect(423);
    expect(unknown.body.code).toBe('PAYMENTS_LOCKED');
    await consultation('lock-addr-consult@example.com', address).expect(423);
    await consultation('lock-addr-consult@example.com', '203.0.113.51').expect(200);
  });

  it('failures older than the window do not count', async () => {
    const lead = await newWizardLead('lock-window@example.com');
    const { body } = await deposit(lead.token, '203.0.113.60').expect(200);
    const intentId = body.clientSecret.split('_secret_')[0];
    for (let i = 0; i < 5; i++) await cardFails(intentId);
    await ds.query(`UPDATE payment_failures SET created_at = now() - interval '11 minutes' WHERE lead_id = $1`, [lead.id]);
    for (let i = 0; i < 5; i++) await cardFails(intentId);
    await deposit(lead.token, '203.0.113.60').expect(200);
    await cardFails(intentId);
    await deposit(lead.token, '203.0.113.60').expect(423);
  });
});

describe('without Stripe keys', () => {
  it('the quote still works, the config has no publishable key and deposits answer 503', async () => {
    const lead = await request(noKeysApp.getHttpServer())
      .post('/api/leads')
      .send({ ...wizardLead, email: 'nokeys@example.com' })
      .expect(201);
    expect(lead.body.lead.totalEstimate).toBeGreaterThan(0);
    const config = await request(noKeysApp.getHttpServer()).get('/api/public-config').expect(200);
    expect(config.body.stripePublishableKey).toBeNull();
    const res = await request(noKeysApp.getHttpServer())
      .post('/api/create-deposit-payment')
      .send({ quoteToken: lead.body.depositToken })
      .expect(503);
    expect(res.body.code).toBe('PAYMENTS_NOT_CONFIGURED');
    await request(noKeysApp.getHttpServer())
      .post('/api/create-consultation-payment')
      .send({ customerInfo: { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '2125550123' } })
      .expect(503);
  });

  it('a publishable key without the secret key is not served (no card form that could only fail)', async () => {
    const halfApp = await createApp(testEnv(db, { STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }), { logger: false });
    await halfApp.init();
    try {
      const config = await request(halfApp.getHttpServer()).get('/api/public-config').expect(200);
      expect(config.body.stripePublishableKey).toBeNull();
    } finally {
      await halfApp.close();
    }
    const full = await http().get('/api/public-config').expect(200);
    expect(full.body.stripePublishableKey).toBe('pk_test_123');
  });
});
