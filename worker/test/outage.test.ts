/**
 * Outages lose nothing (issue 26): the api and the worker against real Postgres and Redis, with the
 * fake SendGrid and Twilio servers in outage modes, and the delivery policy scaled down by
 * configuration (MESSAGE_BACKOFF_MS 200 ms doubling up to MESSAGE_BACKOFF_MAX_MS 1.5 s per wait,
 * MESSAGE_PATIENCE_MS 5 min) — the production code is the same, only its numbers are smaller:
 *  - a 503 outage during intake (31 leads' staff notifications), a PDF request and a 30-recipient
 *    campaign: every message delivered exactly once soon after the provider returns, none `failed`;
 *  - a 429 with Retry-After: the next attempt waits that long;
 *  - connection refused: retried, delivered once when the port listens again;
 *  - a 400 (invalid address): not retried, `failed` with SendGrid's reason at once;
 *  - Twilio 21610 (unsubscribed recipient): permanent; Twilio 503: waits and delivers;
 *  - patience exhausted: `failed` with the reason.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '@ironclad/backend/api';
import { buildingInfoOfCalculatorSpecs, type CalculatorSpecs } from '@ironclad/contracts';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { startFakeTwilio, type FakeTwilio } from '../../backend/test/support/fake-twilio.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';
const FROM = '+12125550100';
const OUTAGE_MS = 6000;
const specs: CalculatorSpecs = {
  buildingType: 'residential',
  sqft: 2_000,
  cameras: 6,
  entryPoints: 2,
  hasAccessControl: false,
  hasVideoIntercom: false,
  hasMonitoring: true,
  buildingComplexity: 'new',
};

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let sendgrid: FakeSendGrid;
let twilioFake: FakeTwilio;
let cookie: string;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  twilioFake = await startFakeTwilio();
  db = await createTestDatabase();
  const env = testEnv(db, {
    PUBLIC_URL,
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_BASE_URL: sendgrid.baseUrl,
    TWILIO_ACCOUNT_SID: twilioFake.accountSid,
    TWILIO_AUTH_TOKEN: twilioFake.authToken,
    TWILIO_PHONE_NUMBER: FROM,
    TWILIO_BASE_URL: twilioFake.baseUrl,
    SMS_RATE_PER_SECOND: '0',
    EMAIL_CONCURRENCY: '10',
    MESSAGE_BACKOFF_MS: '200',
    MESSAGE_BACKOFF_MAX_MS: '1500',
    MESSAGE_PATIENCE_MS: '300000',
    PROVIDER_TIMEOUT_MS: '2000',
    MESSAGE_SENDING_LEASE_MS: '3000',
    LEAD_DIGEST_AFTER_PER_MINUTE: '1000',
    RECIPIENT_CAP_PER_DAY: '100',
    OUTBOX_SWEEP_EVERY_MS: '3600000',
    CAMPAIGN_SWEEP_EVERY_MS: '3600000',
    // the circuit breaker scaled down like the rest (probe after 1 s, at most every 2 s, 1 s ramp)
    BREAKER_PROBE_MS: '1000',
    BREAKER_PROBE_MAX_MS: '2000',
    BREAKER_RAMP_MS: '1000',
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
  await twilioFake?.close();
});

beforeEach(async () => {
  sendgrid.recover();
  sendgrid.decide = null;
  twilioFake.recover();
  twilioFake.decide = null;
  // each test starts with the providers' circuits closed (an earlier outage may have opened one)
  await waitFor(
    async () => {
      const res = await http().get('/api/health');
      const providers = (res.body.providers ?? []) as { state: string }[];
      return providers.length > 0 && providers.every((p) => p.state === 'up');
    },
    20_000,
    200,
  );
});

const http = () => request(app.getHttpServer());
const staffPost = (path: string, body: object) => http().post(path).set('Cookie', cookie).set('Origin', PUBLIC_URL).send(body);

interface Row {
  id: number;
  status: string;
  attempts: number;
  key: string;
  error: string | null;
  recipient: string;
}
const outbound = async (id: number): Promise<Row> =>
  (
    await ds.query('SELECT id, status, attempts, idempotency_key AS key, error, recipient FROM outbound_messages WHERE id = $1', [id])
  )[0] as Row;
const mailRequests = (key: string) =>
  sendgrid.requests.filter((r) => r.url === '/v3/mail/send' && r.body?.custom_args?.idempotency_key === key);

async function insertLeads(n: number, prefix: string, status: string, phone?: string): Promise<number[]> {
  const rows: { id: number }[] = await ds.query(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, total_estimate_cents, status, source)
     SELECT 'Pat', 'Lead ' || i, $1 || '-' || i || '@example.com', $4, '{}', 1250000, $3, 'ai_shopping'
       FROM generate_series(1, $2::int) AS i ORDER BY i RETURNING id`,
    [prefix, n, status, phone ?? null],
  );
  return rows.map((r) => r.id);
}

const postLead = (email: string) =>
  http()
    .post('/api/leads')
    .send({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone: '(212) 555-0101',
      buildingInfo: buildingInfoOfCalculatorSpecs(specs),
      source: 'cost_calculator',
    })
    .expect(201);

/** Waits until record `id` is no longer queued/sending; answers it. */
const settled = (id: number, timeoutMs = 30_000) =>
  waitFor(
    async () => {
      const row = await outbound(id);
      return row.status === 'queued' || row.status === 'sending' ? null : row;
    },
    timeoutMs,
    100,
  );

describe('a 503 outage of SendGrid', () => {
  it('intake (31 leads), a PDF request and a 30-recipient campaign during it: all delivered exactly once after it, none failed', async () => {
    await insertLeads(30, 'outage-campaign', 'qualified');
    sendgrid.outage(OUTAGE_MS, 503);
    const started = Date.now();
    const leads = await Promise.all(Array.from({ length: 31 }, (_, i) => postLead(`outage-intake-${i + 1}@example.com`)));
    const pdfLead = leads[0]!.body.lead.id as number;
    await http()
      .post('/api/generate-estimate-pdf')
      .send({ leadId: pdfLead, customerInfo: { email: 'outage-intake-1@example.com', firstName: 'Ada', lastName: 'Lovelace' } })
      .expect(202);
    const campaign = await staffPost('/api/bulk-communication', {
      type: 'email',
      template: 'follow-up',
      filter: { status: 'qualified' },
    }).expect(202);
    // the worker resolves the audience (issue 27: the api answers before any recipient is stored)
    const prepared = await waitFor(
      async () => {
        const c = (await http().get(`/api/campaigns/${campaign.body.campaignId}`).set('Cookie', cookie).expect(200)).body.campaign;
        return c.preparing ? null : c;
      },
      OUTAGE_MS / 2,
      50,
    );
    expect(prepared.recipients).toBe(30);

    // during the outage: messages wait (queued), none failed
    await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
    expect(await ds.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE status = 'failed'`)).toEqual([{ n: 0 }]);
    const refused = sendgrid.total;
    expect(refused).toBeGreaterThan(0);

    const returned = started + OUTAGE_MS;
    // 31 staff notifications + 1 PDF email + 30 campaign emails
    const rows = await waitFor(
      async () => {
        const all: Row[] = await ds.query(
          `SELECT id, status, attempts, idempotency_key AS key, error, recipient FROM outbound_messages
            WHERE lead_id = ANY($1) OR campaign_id = $2`,
          [leads.map((l) => l.body.lead.id), campaign.body.campaignId],
        );
        return all.length === 62 && all.every((r) => r.status === 'sent') ? all : null;
      },
      120_000,
      200,
    );
    const deliveredAfterReturnMs = Date.now() - returned;
    const keys = rows.map((r) => r.key);
    expect(keys.filter((k) => sendgrid.accepted.get(k) !== 1)).toEqual([]);
    expect(await ds.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE status = 'failed'`)).toEqual([{ n: 0 }]);
    const pdfEmail = rows.find((r) => r.key.startsWith('estimate-pdf:'));
    expect(pdfEmail).toBeDefined();
    expect(await ds.query('SELECT count(*)::int AS n FROM lead_documents WHERE lead_id = $1', [pdfLead])).toEqual([{ n: 1 }]);
    const attempts = rows.reduce((n, r) => n + r.attempts, 0);
    // the delivery figures of this run (reported in the closing note)
    console.log(
      `503 outage ${OUTAGE_MS} ms: ${rows.length} messages, ${rows.length} delivered once, 0 failed, ${attempts} provider calls, last delivered ${deliveredAfterReturnMs} ms after the return`,
    );
    expect(deliveredAfterReturnMs).toBeLessThan(12_000);
  }, 150_000);
});

describe('the delivery policy', () => {
  it('a 429 with Retry-After: the next attempt waits that long', async () => {
    const [leadId] = await insertLeads(1, 'retry-after', 'new');
    sendgrid.outage(300, 429, 2);
    const res = await staffPost(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    const row = await settled(res.body.message.id);
    expect(row).toMatchObject({ status: 'sent' });
    const tries = mailRequests(row.key);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    const waited = tries[1]!.at - tries[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(sendgrid.accepted.get(row.key)).toBe(1);
  }, 30_000);

  it('connection refused: retried, delivered once when SendGrid listens again', async () => {
    const [leadId] = await insertLeads(1, 'refused', 'new');
    await sendgrid.refuse();
    const res = await staffPost(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    const id = res.body.message.id as number;
    await waitFor(async () => ((await outbound(id)).error?.includes('ECONNREFUSED') ? true : null), 10_000, 50);
    expect((await outbound(id)).status).not.toBe('failed');
    await sendgrid.restore();
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'sent' });
    expect(sendgrid.accepted.get(row.key)).toBe(1);
  }, 30_000);

  it('a 400 (invalid address) is not retried: failed at once with the reason', async () => {
    const [leadId] = await insertLeads(1, 'invalid-address', 'new');
    sendgrid.decide = (b) => (b.personalizations[0]!.to[0]!.email.startsWith('invalid-address') ? 400 : null);
    const res = await staffPost(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    const row = await settled(res.body.message.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: 'SendGrid 400: fake failure 400' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailRequests(row.key)).toHaveLength(1);
  }, 30_000);

  it('Twilio: 21610 (unsubscribed) is permanent; a 503 outage waits and delivers once', async () => {
    const [stopped] = await insertLeads(1, 'sms-stopped', 'new', '(646) 555-0461');
    twilioFake.decide = (p) =>
      p.To === '+16465550461' ? { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' } : null;
    const res = await staffPost(`/api/leads/${stopped}/send-sms`, { message: 'Your installer is on the way.' }).expect(202);
    expect(await settled(res.body.message.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: expect.stringContaining('code 21610'),
    });

    const [waiting] = await insertLeads(1, 'sms-outage', 'new', '(646) 555-0462');
    twilioFake.outage(2000, 503);
    const sms = await staffPost(`/api/leads/${waiting}/send-sms`, { message: 'Your installer is on the way.' }).expect(202);
    expect(await settled(sms.body.message.id)).toMatchObject({ status: 'sent' });
    expect(twilioFake.acceptedTo.get('+16465550462')).toBe(1);
  }, 30_000);

  it('patience exhausted: failed with the reason, an action item "Email not delivered", and Resend sends once', async () => {
    const [leadId] = await insertLeads(1, 'patience', 'new');
    sendgrid.decide = (b) => (b.personalizations[0]!.to[0]!.email.startsWith('patience') ? 503 : null);
    const res = await staffPost(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    const id = res.body.message.id as number;
    await waitFor(async () => ((await outbound(id)).attempts >= 1 ? true : null), 10_000, 50);
    // the message is older than its patience (5 min): the next failure is its last
    await ds.query(`UPDATE outbound_messages SET created_at = now() - interval '6 minutes' WHERE id = $1`, [id]);
    const row = await settled(id);
    expect(row).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^SendGrid 503: fake failure 503 \(gave up after \d+ attempt\(s\) over 6 min\)$/),
    });
    expect(sendgrid.accepted.get(row.key)).toBeUndefined();

    // the action item, with its reason
    const items = (await http().get('/api/messages/undelivered').set('Cookie', cookie).expect(200)).body.items as {
      message: { id: number; error: string };
      title: string;
      name: string | null;
    }[];
    expect(items.find((i) => i.message.id === id)).toMatchObject({
      title: 'Email not delivered',
      name: 'Pat Lead 1',
      message: { error: row.error },
    });

    // Resend: a new message with its own key, sent once; the timeline says it is a resend
    sendgrid.decide = null;
    const resent = await staffPost(`/api/messages/${id}/resend`, {}).expect(202);
    const copy = await settled(resent.body.message.id);
    expect(copy).toMatchObject({ status: 'sent', attempts: 1, recipient: row.recipient });
    expect(copy.key).not.toBe(row.key);
    expect(sendgrid.accepted.get(copy.key)).toBe(1);
    expect(resent.body.message.triggeredBy).toBe(`${ADMIN.email} (resend of #${id})`);
    const timeline = (await http().get(`/api/leads/${leadId}/activities`).set('Cookie', cookie).expect(200)).body.activities as {
      triggeredBy?: string;
    }[];
    expect(timeline.some((a) => a.triggeredBy === `${ADMIN.email} (resend of #${id})`)).toBe(true);
    // no longer an action item; a second Resend is refused
    const after = (await http().get('/api/messages/undelivered').set('Cookie', cookie).expect(200)).body.items as {
      message: { id: number };
    }[];
    expect(after.some((i) => i.message.id === id)).toBe(false);
    await staffPost(`/api/messages/${id}/resend`, {}).expect(409);
    expect(await outbound(id)).toMatchObject({ status: 'failed' });
  }, 30_000);
});
