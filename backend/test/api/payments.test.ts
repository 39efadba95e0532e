/**
 * Deposits through Stripe against a local fake Stripe API (decisions.md §3,
 * §4, §14): amounts, currency and Idempotency-Key sent; signed webhooks (forged → 400, replay →
 * no second effect); the payment status endpoint; the api without Stripe keys.
 */
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

async function newWizardLead(email: string) {
  const res = await http()
    .post('/api/leads')
    .send({ ...wizardLead, email })
    .expect(201);
  return res.body.lead as { id: number; totalEstimate: number };
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
      .send({ leadId: lead.id, totalAmount: 1, customerInfo: { firstName: 'Ana' }, projectDetails: { fullDeposit: true } })
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

    // asking again for the same lead reuses the intent: no second PaymentIntent
    const before = creates().length;
    const again = await http().post('/api/create-deposit-payment').send({ leadId: lead.id, totalAmount: 999999 }).expect(200);
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(creates().length).toBe(before);
  });

  it('a PaymentIntent canceled at Stripe is marked canceled and replaced by a new one (never handed out again)', async () => {
    const lead = await newWizardLead('deposit-cancel@example.com');
    const first = await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(200);
    const firstId = first.body.clientSecret.split('_secret_')[0];
    const firstKey = creates().slice(-1)[0]!.idempotencyKey;
    // staff (or Stripe, after a long wait) cancel the intent
    const cancel = await fetch(`${fake.baseUrl}/v1/payment_intents/${firstId}/cancel`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_123' },
    });
    expect(cancel.status).toBe(200);

    const second = await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(200);
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
    const third = await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(200);
    expect(third.body.clientSecret).toBe(second.body.clientSecret);
  });

  it('answers 400 with field errors, 404 for an unknown lead, 409 for a lead without a quote', async () => {
    const bad = await http().post('/api/create-deposit-payment').send({ leadId: 'x' }).expect(400);
    expect(bad.body.details.fieldErrors.leadId).toBeDefined();
    await http().post('/api/create-deposit-payment').send({ leadId: 999999 }).expect(404);
    // A lead without a server quote (e.g. saved before pricing): no deposit can be computed.
    const [{ id: unpricedId }] = await ds.query(
      `INSERT INTO leads (email, building_info) VALUES ('calc@example.com', '{"type":"commercial"}') RETURNING id`,
    );
    await http().post('/api/create-deposit-payment').send({ leadId: unpricedId }).expect(409);
    // A deposit above Stripe's largest payment ($999,999.99) is refused before calling Stripe.
    const before = creates().length;
    const [{ id: hugeId }] = await ds.query(
      `INSERT INTO leads (email, building_info, total_estimate_cents) VALUES ('huge@example.com', '{}', 1000000000) RETURNING id`,
    );
    const huge = await http().post('/api/create-deposit-payment').send({ leadId: hugeId }).expect(409);
    expect(huge.body.message).toMatch(/call us/i);
    expect(creates().length).toBe(before);
    expect(await ds.query('SELECT id FROM payments WHERE lead_id = $1', [hugeId])).toEqual([]);
    // just below the limit is an ordinary deposit
    const [{ id: maxId }] = await ds.query(
      `INSERT INTO leads (email, building_info, total_estimate_cents) VALUES ('max@example.com', '{}', 999999990) RETURNING id`,
    );
    await http().post('/api/create-deposit-payment').send({ leadId: maxId }).expect(200);
    expect(creates().slice(-1)[0]!.body.amount).toBe('99999999');
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
    const { body } = await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(200);
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
    // a paid deposit cannot be paid twice
    await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(409);
  });

  it('a forged signature is rejected with 400 and changes nothing', async () => {
    const lead = await newWizardLead('deposit3@example.com');
    const { body } = await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(200);
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
    const { body } = await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(200);
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
    const { body } = await http().post('/api/create-deposit-payment').send({ leadId: lead.id }).expect(200);
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
      .send({ leadId: lead.body.lead.id })
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
