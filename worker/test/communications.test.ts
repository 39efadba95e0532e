/**
 * Communications end to end: the real api and the real worker processors
 * against real Postgres and Redis, with local fake SendGrid and Twilio servers that count what
 * they accept per recipient.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import twilio from 'twilio';
import { DataSource } from 'typeorm';
import {
  ClientEvent,
  leadActivityEventSchema,
  ServerEvent,
  type Campaign,
  type CampaignProgress,
  type LeadActivityEvent,
} from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid, type SendGridMailBody } from '../../backend/test/support/fake-sendgrid.js';
import { startFakeTwilio, type FakeTwilio } from '../../backend/test/support/fake-twilio.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';
import { MessageDeliveryService } from '../../backend/src/modules/messaging/index.js';

const FROM = '+12125550100';
const PUBLIC_URL = 'http://localhost:3000';
const WEBHOOK_URL = `${PUBLIC_URL}/api/webhooks/twilio/inbound`;

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let sendgrid: FakeSendGrid;
let fakeTwilio: FakeTwilio;
let cookie: string;

const http = () => request(app.getHttpServer());
const post = (path: string, body: unknown) =>
  http()
    .post(path)
    .set('Cookie', cookie)
    .set('Origin', PUBLIC_URL)
    .send(body as object);
const get = (path: string) => http().get(path).set('Cookie', cookie);

/** Inserts `n` leads (status, estimate in dollars) and answers their ids. */
async function insertLeads(
  n: number,
  o: { prefix: string; status?: string; estimate?: number; phone?: (i: number) => string | null; firstName?: string },
): Promise<number[]> {
  const rows: { id: number }[] = await ds.query(
    `INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents, status, source)
     SELECT $5, 'Lead ' || i, $1 || '-' || i || '@example.com', (SELECT p FROM unnest($6::text[]) WITH ORDINALITY AS t(p, k) WHERE k = i),
            'Co ' || i, '{}', $2, $3, 'ai_shopping'
       FROM generate_series(1, $4::int) AS i ORDER BY i RETURNING id`,
    [
      o.prefix,
      o.estimate === undefined ? null : o.estimate * 100,
      o.status ?? 'new',
      n,
      o.firstName ?? 'Pat',
      Array.from({ length: n }, (_, i) => o.phone?.(i + 1) ?? null),
    ],
  );
  return rows.map((r) => r.id);
}

const statusOf = async (id: number) => (await ds.query('SELECT * FROM outbound_messages WHERE id = $1', [id]))[0];
const campaignOf = async (id: number): Promise<Campaign> => (await get(`/api/campaigns/${id}`).expect(200)).body.campaign;
const waitCampaign = (id: number, status: string, timeoutMs = 60_000) =>
  waitFor(
    async () => {
      const c = await campaignOf(id);
      return c.status === status && c.queued === 0 && c.summary ? c : null;
    },
    timeoutMs,
    100,
  );

async function staffSocket(): Promise<Socket> {
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

beforeAll(async () => {
  sendgrid = await startFakeSendGrid({ record: true });
  fakeTwilio = await startFakeTwilio();
  db = await createTestDatabase();
  const env = testEnv(db, {
    PUBLIC_URL,
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_BASE_URL: sendgrid.baseUrl,
    TWILIO_ACCOUNT_SID: fakeTwilio.accountSid,
    TWILIO_AUTH_TOKEN: fakeTwilio.authToken,
    TWILIO_PHONE_NUMBER: FROM,
    TWILIO_BASE_URL: fakeTwilio.baseUrl,
    SMS_RATE_PER_SECOND: '0',
    EMAIL_CONCURRENCY: '20',
    SMS_CONCURRENCY: '10',
    MESSAGE_ATTEMPTS: '12',
    MESSAGE_BACKOFF_MS: '20',
    MESSAGE_BACKOFF_MAX_MS: '200',
    PROVIDER_TIMEOUT_MS: '2000',
    MESSAGE_SENDING_LEASE_MS: '3000',
  });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  worker = await createWorker(env, { logger: false });
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
  await fakeTwilio?.close();
});

beforeEach(() => {
  sendgrid.decide = null;
  sendgrid.failWith = [];
  sendgrid.delayMs = 0;
  sendgrid.delayFor = null;
  fakeTwilio.decide = null;
  fakeTwilio.failWith = [];
  fakeTwilio.delayMs = 0;
  fakeTwilio.delayFor = null;
  fakeTwilio.failListWith = [];
});

describe('single sends', () => {
  it('sends one template email to a lead: 202 at once, then sent once with the rendered template', async () => {
    const [leadId] = await insertLeads(1, { prefix: 'single-email', estimate: 12_500 });
    const res = await post(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    expect(res.body.message).toMatchObject({
      channel: 'email',
      status: 'queued',
      template: 'welcome',
      leadId,
      triggeredBy: ADMIN.email,
      kind: 'transactional',
    });
    const row = await waitFor(async () => ((await statusOf(res.body.message.id)).status === 'sent' ? statusOf(res.body.message.id) : null));
    expect(row).toMatchObject({ provider: 'sendgrid', attempts: 1, error: null });
    const to = `single-email-1@example.com`;
    expect(sendgrid.acceptedTo.get(to)).toBe(1);
    const sent = sendgrid.requests.find((r) => r.body?.personalizations?.[0]?.to?.[0]?.email === to)!;
    expect(sent.body.subject).toBe('Welcome to Ironclad Security Systems, Pat');
    expect(sent.body.content[0].value).toContain('Hi Pat,');
    expect(sent.body.content[1].type).toBe('text/html');
    expect(sent.body.headers?.['List-Unsubscribe']).toBeUndefined(); // transactional

    const timeline = (await get(`/api/leads/${leadId}/activities`).expect(200)).body.activities;
    expect(timeline[0]).toMatchObject({
      type: 'email',
      channel: 'email',
      status: 'sent',
      template: 'welcome',
      providerMessageId: row.provider_message_id,
    });
    expect(timeline.at(-1)).toMatchObject({ type: 'lead_created' });
  });

  it('sends one SMS through the Twilio SDK to the fake Twilio and records the SID', async () => {
    const [leadId] = await insertLeads(1, { prefix: 'single-sms', phone: () => '(646) 555-0111' });
    const res = await post(`/api/leads/${leadId}/send-sms`, { message: 'Hi {{firstName}}, your installer is on the way.' }).expect(202);
    expect(res.body.message).toMatchObject({ channel: 'sms', status: 'queued', recipient: '+16465550111' });
    const row = await waitFor(async () => ((await statusOf(res.body.message.id)).status === 'sent' ? statusOf(res.body.message.id) : null));
    const msg = fakeTwilio.messages.find((m) => m.to === '+16465550111')!;
    expect(msg).toMatchObject({ from: FROM, body: 'Hi Pat, your installer is on the way.' });
    expect(row).toMatchObject({ provider: 'twilio', provider_message_id: msg.sid, attempts: 1 });
    expect(fakeTwilio.acceptedTo.get('+16465550111')).toBe(1);
  });

  it("fails an SMS at once with Twilio's reason on a permanent 400 (21211), retries a 429", async () => {
    const [a, b] = await insertLeads(2, { prefix: 'sms-fail', phone: (i) => `(646) 555-02${10 + i}` });
    fakeTwilio.failWith = [{ status: 400, code: 21211, message: "The 'To' number +16465550211 is not a valid phone number." }];
    const bad = (await post(`/api/leads/${a}/send-sms`, { message: 'one' }).expect(202)).body.message;
    const failed = await waitFor(async () => ((await statusOf(bad.id)).status === 'failed' ? statusOf(bad.id) : null));
    expect(failed).toMatchObject({
      attempts: 1,
      error: "Twilio 400: The 'To' number +16465550211 is not a valid phone number. (code 21211)",
    });

    fakeTwilio.failWith = [429, 503];
    const ok = (await post(`/api/leads/${b}/send-sms`, { message: 'two' }).expect(202)).body.message;
    const sent = await waitFor(async () => ((await statusOf(ok.id)).status === 'sent' ? statusOf(ok.id) : null));
    expect(sent.attempts).toBe(3);
    expect(fakeTwilio.acceptedTo.get('+16465550212')).toBe(1);
  });

  it("reports each single send's stored outcome live over lead:activity: sent, and failed with the provider's message", async () => {
    const [okLead, badLead] = await insertLeads(2, { prefix: 'live-outcome', phone: (i) => `(646) 555-04${10 + i}` });
    const socket = await staffSocket();
    const events: LeadActivityEvent[] = [];
    socket.on(ServerEvent.LeadActivity, (e: LeadActivityEvent) => events.push(e));
    try {
      const ok = (await post(`/api/leads/${okLead}/send-email`, { template: 'welcome' }).expect(202)).body.message;
      expect(ok.status).toBe('queued');
      const sent = await waitFor(async () => events.find((e) => e.message?.id === ok.id && e.message?.status === 'sent'), 20_000);
      expect(leadActivityEventSchema.parse(sent)).toEqual({
        leadId: okLead,
        type: 'email',
        message: { id: ok.id, channel: 'email', status: 'sent', error: null },
      });

      fakeTwilio.failWith = [{ status: 400, code: 21211, message: "The 'To' number +16465550412 is not a valid phone number." }];
      const bad = (await post(`/api/leads/${badLead}/send-sms`, { message: 'hello' }).expect(202)).body.message;
      const failed = await waitFor(async () => events.find((e) => e.message?.id === bad.id && e.message?.status === 'failed'), 20_000);
      expect(failed).toEqual({
        leadId: badLead,
        type: 'sms',
        message: {
          id: bad.id,
          channel: 'sms',
          status: 'failed',
          error: "Twilio 400: The 'To' number +16465550412 is not a valid phone number. (code 21211)",
        },
      });
    } finally {
      socket.disconnect();
    }
  });

  it('never sends twice when the provider accepted a message but its answer came after the timeout', async () => {
    const [emailLead, smsLead] = await insertLeads(2, { prefix: 'slow-answer', phone: (i) => `(646) 555-03${10 + i}` });
    // each provider holds its first answer to this recipient past PROVIDER_TIMEOUT_MS (2 s) and
    // accepts the message when it answers: the worker sees a timeout of a send that went through
    const SLOW_MS = 2600;
    const slowOnce = <T>(match: (x: T) => boolean) => {
      let pending = true;
      return (x: T) => (pending && match(x) ? ((pending = false), SLOW_MS) : null);
    };
    sendgrid.delayFor = slowOnce((b: SendGridMailBody) => b?.personalizations?.[0]?.to?.[0]?.email === 'slow-answer-1@example.com');
    fakeTwilio.delayFor = slowOnce((p: Record<string, string>) => p.To === '+16465550312');
    const started = Date.now();
    const email = (await post(`/api/leads/${emailLead}/send-email`, { template: 'welcome' }).expect(202)).body.message;
    const sms = (await post(`/api/leads/${smsLead}/send-sms`, { message: 'Slow network check' }).expect(202)).body.message;
    const sent = async (id: number) => {
      const row = await statusOf(id);
      return row.status === 'sent' || row.status === 'failed' ? row : null;
    };
    const [emailRow, smsRow] = await Promise.all([waitFor(() => sent(email.id), 30_000, 100), waitFor(() => sent(sms.id), 30_000, 100)]);
    await new Promise((r) => setTimeout(r, Math.max(0, started + SLOW_MS + 500 - Date.now()))); // the slow answers have been accepted
    expect(sendgrid.acceptedTo.get('slow-answer-1@example.com')).toBe(1);
    expect(fakeTwilio.acceptedTo.get('+16465550312')).toBe(1);
    // the retry waited out the lease, asked the provider, found the message and recorded its id
    expect(emailRow).toMatchObject({ status: 'sent', attempts: 2, provider_message_id: expect.stringMatching(/^fake-msg-\d+$/) });
    expect(smsRow).toMatchObject({
      status: 'sent',
      attempts: 2,
      provider_message_id: fakeTwilio.messages.find((m) => m.to === '+16465550312')!.sid,
    });
  }, 45_000);

  it('stores a call note (201) and a status change on the timeline', async () => {
    const [leadId] = await insertLeads(1, { prefix: 'call-note' });
    const note = await post('/api/send-communication', { leadId, type: 'call', message: 'Called, site visit Tuesday.' }).expect(201);
    expect(note.body.callNote).toMatchObject({ leadId, content: 'Called, site visit Tuesday.', createdBy: ADMIN.email });
    await http().patch(`/api/leads/${leadId}`).set('Cookie', cookie).set('Origin', PUBLIC_URL).send({ status: 'quoted' }).expect(200);
    const items = (await get(`/api/leads/${leadId}/activities`).expect(200)).body.activities;
    expect(items.map((i: { type: string }) => i.type)).toEqual(['status_change', 'call', 'lead_created']);
    expect(items[0]).toMatchObject({ fromStatus: 'new', toStatus: 'proposal', status: 'proposal', triggeredBy: ADMIN.email });

    const all = (await get(`/api/lead-activities?leadId=${leadId}`).expect(200)).body.activities;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ leadId, pipelineStage: 'proposal', email: 'call-note-1@example.com' });
    expect(all[0].lastContact).toBe(items[1].timestamp);
  });

  it('answers the test endpoints with the provider outcome', async () => {
    const quick = await post('/api/quick-test-communication', { email: 'quick@example.com', phone: '(917) 555-0123' }).expect(200);
    expect(quick.body.results.email).toMatchObject({ success: true });
    expect(quick.body.results.email.message).toMatch(/^Test email sent to quick@example.com via SendGrid/);
    expect(quick.body.results.sms).toMatchObject({ success: true });
    expect(quick.body.results.sms.message).toMatch(/^Test SMS sent to \+19175550123 via Twilio \(message SID SM/);

    const direct = await post('/api/direct-communication-test', { type: 'email', testRecipient: 'direct@example.com' }).expect(200);
    expect(direct.body.success).toBe(true);
    const sent = sendgrid.requests.find((r) => r.body?.personalizations?.[0]?.to?.[0]?.email === 'direct@example.com')!;
    expect(sent.body.subject).toMatch(/^\[Test\] Welcome to Ironclad Security Systems/);

    sendgrid.failWith = [400];
    const failed = await post('/api/test-direct-communication', {
      type: 'email',
      email: 'bounce@example.com',
      template: 'proposal',
    }).expect(200);
    expect(failed.body).toEqual({
      success: false,
      message: 'Failed to send test email to bounce@example.com: SendGrid 400: fake failure 400',
    });

    const [leadId] = await insertLeads(1, { prefix: 'test-by-id', phone: () => '2125550177' });
    const byLead = await post('/api/test-communication', { leadId, type: 'sms' }).expect(200);
    expect(byLead.body.success).toBe(true);
    expect((await post('/api/test-communication', { leadId: '', type: 'email' }).expect(400)).body.details.fieldErrors.leadId).toEqual([
      'Please enter a lead ID',
    ]);
  });

  it('asks the provider first when a job started more often than its record was claimed (a claim lost in a Postgres crash)', async () => {
    const lookups = () => sendgrid.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/v3/messages')).length;
    const before = lookups();
    const [leadId] = await insertLeads(1, { prefix: 'lost-claim', phone: () => '(347) 555-0170' });
    const insert = (key: string, channel: string, recipient: string) =>
      ds.query(
        `INSERT INTO outbound_messages (idempotency_key, channel, recipient, subject, body, provider, status, lead_id)
       VALUES ($1, $2, $3, 'Hello', 'Hello there', 'pending', 'queued', $4) RETURNING id`,
        [key, channel, recipient, leadId],
      );
    // the lost attempt reached both providers; the records still say queued
    await fetch(`${sendgrid.baseUrl}/v3/mail/send`, {
      method: 'POST',
      headers: { authorization: 'Bearer SG.test-key', 'content-type': 'application/json' },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: 'lost-claim-1@example.com' }] }],
        from: { email: 'no-reply@ironclad.test' },
        subject: 'Hello',
        content: [{ type: 'text/plain', value: 'Hello there' }],
        custom_args: { idempotency_key: 'comm:lost-claim-email' },
      }),
    });
    await fetch(`${fakeTwilio.baseUrl}/2010-04-01/Accounts/${fakeTwilio.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${fakeTwilio.accountSid}:${fakeTwilio.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: '+13475550170', From: FROM, Body: 'Hello there' }).toString(),
    });
    const [[{ id: emailId }], [{ id: smsId }]] = await Promise.all([
      insert('comm:lost-claim-email', 'email', 'lost-claim-1@example.com'),
      insert('comm:lost-claim-sms', 'sms', '+13475550170'),
    ]);
    const delivery = worker.get(MessageDeliveryService);
    const since = new Date(Date.now() - 60_000);
    expect(await delivery.deliver(emailId, { isFinalAttempt: false, priorStarts: 1, since })).toMatchObject({
      status: 'sent',
      recovered: true,
    });
    expect(await delivery.deliver(smsId, { isFinalAttempt: false, priorStarts: 1, since })).toMatchObject({
      status: 'sent',
      recovered: true,
    });
    expect(sendgrid.acceptedTo.get('lost-claim-1@example.com')).toBe(1);
    expect(fakeTwilio.acceptedTo.get('+13475550170')).toBe(1);
    expect(lookups()).toBe(before + 1);
    expect((await statusOf(smsId)).provider_message_id).toBe(fakeTwilio.messages.find((m) => m.to === '+13475550170')!.sid);

    // first attempts and recorded retries never ask
    const res = await post(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    await waitFor(async () => (await statusOf(res.body.message.id)).status === 'sent');
    expect(lookups()).toBe(before + 1);
  });

  it('asks the provider again, never sends blind, when the crash-recovery lookup itself fails', async () => {
    const [leadId] = await insertLeads(1, { prefix: 'lookup-fails', phone: () => '(347) 555-0181' });
    // a crashed attempt reached Twilio; its record was left `sending` long ago (lease over)
    await fetch(`${fakeTwilio.baseUrl}/2010-04-01/Accounts/${fakeTwilio.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${fakeTwilio.accountSid}:${fakeTwilio.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: '+13475550181', From: FROM, Body: 'Lookup check' }).toString(),
    });
    const [{ id }] = await ds.query(
      `INSERT INTO outbound_messages (idempotency_key, channel, recipient, body, provider, status, attempts, lead_id, first_attempt_at, updated_at)
       VALUES ('comm:lookup-fails', 'sms', '+13475550181', 'Lookup check', 'twilio', 'sending', 1, $1, now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [leadId],
    );
    const delivery = worker.get(MessageDeliveryService);
    fakeTwilio.failListWith = [503];
    await expect(delivery.deliver(id, { isFinalAttempt: false })).rejects.toMatchObject({ retryable: true });
    expect(await statusOf(id)).toMatchObject({ status: 'sending', error: expect.stringContaining('Twilio 503') });
    expect(fakeTwilio.acceptedTo.get('+13475550181')).toBe(1);
    expect(await delivery.deliver(id, { isFinalAttempt: false })).toMatchObject({ status: 'sent', recovered: true });
    expect(fakeTwilio.acceptedTo.get('+13475550181')).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 3, error: null });
  });

  it('reports the configured providers with a masked key', async () => {
    const res = await get('/api/communication-status').expect(200);
    expect(res.body).toMatchObject({ sendgrid: { configured: true, apiKey: '••••••••' }, twilio: { configured: true, phoneNumber: FROM } });
    expect(res.body.totalLeads).toBeGreaterThan(0);
  });
});

describe('templates', () => {
  it('seeds welcome, follow-up and proposal; escapes HTML in previews; rejects bad syntax', async () => {
    const list = (await get('/api/email-templates').expect(200)).body.templates;
    expect(
      list
        .filter((t: { isDefault: boolean }) => t.isDefault)
        .map((t: { name: string }) => t.name)
        .sort(),
    ).toEqual(['follow-up', 'proposal', 'welcome']);

    const [leadId] = await insertLeads(1, { prefix: 'xss', firstName: '<script>alert("x")</script>', estimate: 9_999 });
    const created = await post('/api/email-templates', {
      name: 'xss-check',
      subject: 'For {{firstName}}',
      content: 'Dear {{firstName}} of {{company}}: {{estimate}} <b>bold?</b>',
      category: 'test',
    }).expect(201);
    const preview = await post('/api/email-templates/preview', { templateId: created.body.template.id, leadId }).expect(200);
    expect(preview.body.html).toContain('Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; of Co 1: $9,999 &lt;b&gt;bold?&lt;/b&gt;');
    expect(preview.body.html).not.toContain('<script>');
    expect(preview.body.html).not.toContain('<b>');
    expect(preview.body.text).toBe('Dear <script>alert("x")</script> of Co 1: $9,999 <b>bold?</b>');
    expect(preview.body.subject).toBe('For <script>alert("x")</script>');

    const bad = await post('/api/email-templates', {
      name: 'broken',
      subject: 'x',
      content: 'Hi {{#if firstName}}',
      category: 'test',
    }).expect(400);
    expect(bad.body.details.fieldErrors.content[0]).toMatch(/^Template syntax error/);
    const dup = await post('/api/email-templates', { name: 'welcome', subject: 'x', content: 'y', category: 'z' }).expect(409);
    expect(dup.body.code).toBe('CONFLICT');
    const updated = await http()
      .put(`/api/email-templates/${created.body.template.id}`)
      .set('Cookie', cookie)
      .set('Origin', PUBLIC_URL)
      .send({ name: 'xss-check', subject: 'S', content: 'C', category: 'test' })
      .expect(200);
    expect(updated.body.template).toMatchObject({ subject: 'S', content: 'C', isDefault: false });
    await http().delete(`/api/email-templates/${created.body.template.id}`).set('Cookie', cookie).set('Origin', PUBLIC_URL).expect(204);
    const welcome = list.find((t: { name: string }) => t.name === 'welcome');
    await http().delete(`/api/email-templates/${welcome.id}`).set('Cookie', cookie).set('Origin', PUBLIC_URL).expect(409);
  });
});

describe('validation', () => {
  it('answers 400 with field errors, never 500', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/bulk-communication', { type: 'email' }, 'template'],
      ['/api/bulk-communication', { type: 'fax', template: 'welcome' }, 'type'],
      ['/api/bulk-communication', { type: 'email', template: 'welcome', filter: { minValue: 'lots' } }, 'filter.minValue'],
      ['/api/bulk-communication', { type: 'email', template: 'welcome', filter: { status: 'bogus' } }, 'filter.status'],
      ['/api/bulk-communication', { type: 'email', template: 'welcome', filter: { createdAfter: 'yesterday' } }, 'filter.createdAfter'],
      ['/api/bulk-communication', { type: 'email', template: 'no-such-template' }, 'template'],
      ['/api/bulk-communication', { type: 'sms' }, 'message'],
      ['/api/send-communication', { leadId: 'x', type: 'email', message: 'hi' }, 'leadId'],
      ['/api/send-communication', { leadId: 1, type: 'sms', message: 'x'.repeat(1601) }, 'message'],
      ['/api/quick-test-communication', {}, 'email'],
      ['/api/direct-communication-test', { type: 'sms', testRecipient: 'abc' }, 'testRecipient'],
      ['/api/email-templates', { name: '', subject: 's', content: 'c', category: 'x' }, 'name'],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(path, body);
      expect({ path, field, status: res.status }).toEqual({ path, field, status: 400 });
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.details.fieldErrors)).toContain(field);
    }
    await post('/api/leads/999999/send-sms', { message: 'hi' }).expect(404);
    const [noPhone] = await insertLeads(1, { prefix: 'no-phone' });
    const res = await post(`/api/leads/${noPhone}/send-sms`, { message: 'hi' }).expect(400);
    expect(res.body.details.fieldErrors.leadId).toEqual([`Lead ${noPhone} has no valid phone number.`]);
  });
});

describe('consent', () => {
  const sign = (params: Record<string, string>) => twilio.getExpectedTwilioSignature(fakeTwilio.authToken, WEBHOOK_URL, params);

  it('rejects a Twilio webhook with a wrong signature, honours STOP and START', async () => {
    const stop = { From: '+16465550999', To: FROM, Body: 'stop', MessageSid: 'SMinbound1', AccountSid: fakeTwilio.accountSid };
    await http().post('/api/webhooks/twilio/inbound').type('form').set('X-Twilio-Signature', 'forged=').send(stop).expect(403);
    await http().post('/api/webhooks/twilio/inbound').type('form').send(stop).expect(403);
    await http()
      .post('/api/webhooks/twilio/inbound')
      .type('form')
      .set('X-Twilio-Signature', sign({ ...stop, Body: 'START' }))
      .send(stop)
      .expect(403);
    expect(await ds.query(`SELECT * FROM communication_opt_outs WHERE address = '+16465550999'`)).toEqual([]);

    const ok = await http().post('/api/webhooks/twilio/inbound').type('form').set('X-Twilio-Signature', sign(stop)).send(stop).expect(200);
    expect(ok.headers['content-type']).toMatch(/text\/xml/);
    expect(ok.text).toContain('<Response/>');
    expect(
      await ds.query(`SELECT opted_out, source FROM communication_opt_outs WHERE channel = 'sms' AND address = '+16465550999'`),
    ).toEqual([{ opted_out: true, source: 'sms_keyword' }]);

    // an opted-out number gets no SMS: the send is stored skipped, never reaches Twilio
    const [leadId] = await insertLeads(1, { prefix: 'stopped', phone: () => '(646) 555-0999' });
    const res = await post(`/api/leads/${leadId}/send-sms`, { message: 'hello' }).expect(202);
    expect(res.body.message).toMatchObject({ status: 'skipped', error: 'skipped: recipient opted out' });
    expect(fakeTwilio.acceptedTo.get('+16465550999')).toBeUndefined();

    const start = { ...stop, Body: ' Start ' };
    await http().post('/api/webhooks/twilio/inbound').type('form').set('X-Twilio-Signature', sign(start)).send(start).expect(200);
    expect(await ds.query(`SELECT opted_out FROM communication_opt_outs WHERE address = '+16465550999'`)).toEqual([{ opted_out: false }]);
  });

  it('marketing email carries the unsubscribe link, List-Unsubscribe headers and the postal address; one click opts out', async () => {
    await insertLeads(3, { prefix: 'marketing', status: 'negotiation', estimate: 70_000 });
    const res = await post('/api/bulk-communication', {
      type: 'email',
      template: 'follow-up',
      filter: { status: 'negotiation', minValue: 70_000 },
    }).expect(202);
    expect((await waitCampaign(res.body.campaignId, 'sent')).recipients).toBe(3);
    const sent = sendgrid.requests.find((r) => r.body?.personalizations?.[0]?.to?.[0]?.email === 'marketing-1@example.com')!;
    const text: string = sent.body.content[0].value;
    expect(text).toContain('450 Seventh Avenue, Suite 1208, New York, NY 10123');
    const page = /Unsubscribe: (\S+)/.exec(text)![1]!;
    expect(page).toMatch(new RegExp(`^${PUBLIC_URL}/unsubscribe/[\\w-]+\\.[\\w-]+$`));
    const token = page.split('/').at(-1)!;
    expect(sent.body.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(sent.body.content[1].value).toContain(`<a href="${page}">`);

    // the public endpoints need no session
    expect((await http().get(`/api/unsubscribe/${token}`).expect(200)).body).toEqual({
      channel: 'email',
      email: 'm•••@example.com',
      optedOut: false,
    });
    await http()
      .get(`/api/unsubscribe/${token.slice(0, -2)}xx`)
      .expect(404);
    await http().post(`/api/unsubscribe/${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200, { optedOut: true });
    expect((await http().get(`/api/unsubscribe/${token}`).expect(200)).body.optedOut).toBe(true);

    // the next campaign skips and counts that address
    const again = await post('/api/bulk-communication', { type: 'email', template: 'proposal', filter: { status: 'negotiation' } }).expect(
      202,
    );
    const done = await waitCampaign(again.body.campaignId, 'sent');
    expect(done).toMatchObject({ recipients: 3, sent: 2, skipped: 1, failed: 0, summary: { successful: 2, failed: 0, total: 3 } });
    expect(sendgrid.acceptedTo.get('marketing-1@example.com')).toBe(1);
  });
});

describe('campaigns', () => {
  it('delivers a 1,000-recipient campaign with injected 429s and 5xx exactly once each, with throttled live progress', async () => {
    await insertLeads(1000, { prefix: 'bulk', status: 'contacted', estimate: 25_000 });
    await insertLeads(5, { prefix: 'bulk-cheap', status: 'contacted', estimate: 100 }); // below minValue
    let n = 0;
    sendgrid.decide = () => {
      n += 1;
      return n % 7 === 0 ? 429 : n % 11 === 0 ? 503 : n % 13 === 0 ? 500 : null;
    };
    sendgrid.delayMs = 5;
    const socket = await staffSocket();
    const events: CampaignProgress[] = [];
    socket.on(ServerEvent.CampaignProgress, (p: CampaignProgress) => events.push(p));
    try {
      const started = Date.now();
      const res = await post('/api/bulk-communication', {
        type: 'email',
        template: 'follow-up',
        name: 'Spring follow-up',
        filter: { status: 'contacted', minValue: 20_000 },
      }).expect(202);
      expect(Date.now() - started).toBeLessThan(10_000);
      // answered before any recipient is stored (issue 27): the worker resolves the audience
      expect(res.body).toMatchObject({
        recipients: 0,
        campaign: {
          name: 'Spring follow-up',
          type: 'email',
          template: 'follow-up',
          status: 'queued',
          preparing: true,
          recipients: 0,
          filter: { status: 'contacted', minValue: 20_000 },
        },
      });
      const id = res.body.campaignId;
      expect(await socket.emitWithAck(ClientEvent.WatchCampaign, { campaignId: id })).toEqual({ ok: true });
      const done = await waitCampaign(id, 'sent', 100_000);
      expect(done).toMatchObject({
        recipients: 1000,
        preparing: false,
        sent: 1000,
        failed: 0,
        skipped: 0,
        queued: 0,
        summary: { successful: 1000, failed: 0, total: 1000 },
      });

      const counts = await ds.query(`SELECT recipient FROM outbound_messages WHERE campaign_id = $1`, [id]);
      expect(counts).toHaveLength(1000);
      const duplicates = counts.filter((r: { recipient: string }) => sendgrid.acceptedTo.get(r.recipient) !== 1);
      expect(duplicates).toEqual([]);
      expect(sendgrid.total).toBeGreaterThan(1100); // the injected failures really happened

      await waitFor(async () => events.at(-1)?.status === 'sent');
      const last = events.at(-1)!;
      expect(last).toMatchObject({ campaignId: id, total: 1000, sent: 1000, queued: 0, percent: 100 });
      // ≤ ~4 per second per campaign however many sends finished: emissions hold a 250 ms Redis
      // token each; a 2 s window sees at most 8 of them, +1 for the watch snapshot, +1 for the
      // jitter between taking a token and emitting
      const ats = events.map((e) => e.at);
      const busiest = Math.max(...ats.map((t) => ats.filter((u) => u >= t && u < t + 2000).length));
      const spanS = (ats.at(-1)! - ats[0]!) / 1000;
      expect({ busiest2s: busiest <= 10, average: events.length <= 4 * spanS + 3 }).toEqual({ busiest2s: true, average: true });
    } finally {
      socket.disconnect();
    }
  }, 150_000);

  it('pauses (nothing more is sent), resumes (the rest is sent once) and cancels', async () => {
    await insertLeads(100, { prefix: 'pausable', status: 'qualified' });
    sendgrid.delayMs = 100;
    const res = await post('/api/bulk-communication', { type: 'email', template: 'welcome', filter: { status: 'qualified' } }).expect(202);
    const id = res.body.campaignId;
    await waitFor(async () => (await campaignOf(id)).sent >= 5, 20_000);
    const paused = (await post(`/api/campaigns/${id}/pause`, {}).expect(200)).body.campaign;
    expect(paused.status).toBe('paused');
    await new Promise((r) => setTimeout(r, 600)); // in-flight sends end
    const settled = await campaignOf(id);
    await new Promise((r) => setTimeout(r, 800));
    const later = await campaignOf(id);
    expect(later.sent).toBe(settled.sent);
    expect(later.queued).toBeGreaterThan(0);
    await post(`/api/campaigns/${id}/pause`, {}).expect(200); // idempotent

    sendgrid.delayMs = 0;
    expect((await post(`/api/campaigns/${id}/resume`, {}).expect(200)).body.campaign.status).toBe('active');
    const done = await waitCampaign(id, 'sent');
    expect(done).toMatchObject({ sent: 100, summary: { successful: 100, failed: 0, total: 100 } });
    for (let i = 1; i <= 100; i++) expect(sendgrid.acceptedTo.get(`pausable-${i}@example.com`)).toBe(1);
    await post(`/api/campaigns/${id}/resume`, {}).expect(409);

    // cancel: the queued rest is never sent
    await insertLeads(200, { prefix: 'cancellable', status: 'lost' });
    sendgrid.delayMs = 200;
    const c = await post('/api/bulk-communication', { type: 'email', template: 'welcome', filter: { status: 'closed-lost' } }).expect(202);
    await waitFor(async () => (await campaignOf(c.body.campaignId)).sent >= 1, 20_000);
    await post(`/api/campaigns/${c.body.campaignId}/cancel`, {}).expect(200);
    const cancelled = await waitCampaign(c.body.campaignId, 'cancelled');
    expect(cancelled.cancelled).toBeGreaterThan(0);
    expect(cancelled.sent + cancelled.cancelled).toBe(200);
    const sentCount = [...Array(200).keys()].filter((i) => sendgrid.acceptedTo.get(`cancellable-${i + 1}@example.com`) === 1).length;
    expect(sentCount).toBe(cancelled.sent);
    expect(cancelled.summary).toEqual({ successful: cancelled.sent, failed: 0, total: 200 });

    const list = (await get('/api/campaigns').expect(200)).body.campaigns;
    expect(list[0].id).toBe(c.body.campaignId);
  }, 90_000);

  it('sends an SMS campaign once per number, skipping opted-out numbers and failing invalid ones with the reason', async () => {
    await insertLeads(12, {
      prefix: 'sms-bulk',
      status: 'won',
      phone: (i) => (i === 12 ? null : `(718) 555-01${String(i).padStart(2, '0')}`),
    });
    await ds.query(
      `INSERT INTO communication_opt_outs (channel, address, opted_out, source) VALUES ('sms', '+17185550103', true, 'sms_keyword')`,
    );
    fakeTwilio.decide = (p) =>
      p.To === '+17185550105' ? { status: 400, code: 21211, message: "The 'To' number +17185550105 is not a valid phone number." } : null;
    const res = await post('/api/bulk-communication', {
      type: 'sms',
      message: 'Hi {{firstName}}, spring checkup?',
      filter: { status: 'closed-won', createdAfter: new Date(Date.now() - 60_000).toISOString() },
    }).expect(202);
    const done = await waitCampaign(res.body.campaignId, 'sent');
    expect(done.recipients).toBe(11); // the lead without a phone is not a recipient
    expect(done).toMatchObject({ sent: 9, skipped: 1, failed: 1, summary: { successful: 9, failed: 1, total: 11 } });
    expect(fakeTwilio.acceptedTo.get('+17185550103')).toBeUndefined();
    expect(fakeTwilio.messages.find((m) => m.to === '+17185550101')!.body).toBe('Hi Pat, spring checkup?\nReply STOP to opt out.');
    const [failed] = await ds.query(`SELECT error FROM outbound_messages WHERE campaign_id = $1 AND status = 'failed'`, [
      res.body.campaignId,
    ]);
    expect(failed.error).toContain('(code 21211)');
  }, 60_000);

  it('answers a campaign watch only for staff sockets', async () => {
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const anon = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    try {
      expect(await anon.emitWithAck(ClientEvent.WatchCampaign, { campaignId: 1 })).toEqual({ ok: false, error: 'staff session required' });
    } finally {
      anon.disconnect();
    }
  });
});
