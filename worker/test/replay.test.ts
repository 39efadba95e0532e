/**
 * Replay is safe, queue by queue: every job of the product runs to completion against the real
 * api, worker, Postgres, Redis (and Chromium for PDFs) with local fake SendGrid and Twilio servers,
 * then is replayed the two ways it happens in practice —
 *  1. staff retry the completed job (BullMQ `job.retry('completed')`, what the dashboard does);
 *  2. a new job with the same payload is added (a developer's replay, a duplicate enqueue) —
 * and nothing is sent or stored twice: each provider saw one accepted request per record, one
 * `outbound_messages` row / one `lead_documents` row exists, a campaign's counters do not move.
 * A failed job retried once the provider recovered sends exactly once.
 *
 * Queues: notifications (StaffNotification, StaffDigest, OutboxSweep), messages (SendMessage),
 * sms (SendMessage), pdf (EstimatePdf, EstimateEmail), campaigns (CampaignFanOut, CampaignSweep).
 * The `images` queue has no processor yet (no job runs on it), so it has nothing to replay here.
 *
 * Settings: every new-lead notification goes into a 2 s digest window (LEAD_DIGEST_AFTER_PER_MINUTE
 * 0), so StaffDigest jobs run and the PDF tests' leads send no single staff email; the scheduled
 * sweeps run once at start only (their intervals are an hour), the tests run them by hand; message
 * jobs have 3 quick attempts, so an outage outlasts them fast.
 */
import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Job, Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '@ironclad/backend/api';
import {
  ALL_QUEUES,
  Jobs,
  QueueName,
  buildingInfoOfCalculatorSpecs,
  type Campaign,
  type CalculatorSpecs,
  type JobDefinition,
} from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid, type SendGridMailBody } from '../../backend/test/support/fake-sendgrid.js';
import { startFakeTwilio, type FakeTwilio } from '../../backend/test/support/fake-twilio.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { createWorker } from '../src/worker.factory.js';

const PUBLIC_URL = 'http://localhost:3000';
const FROM = '+12125550100';
const DIGEST_WINDOW_MS = 2000;
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
const queues = new Map<QueueName, Queue>();

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
    EMAIL_CONCURRENCY: '2',
    MESSAGE_ATTEMPTS: '3',
    MESSAGE_BACKOFF_MS: '20',
    MESSAGE_BACKOFF_MAX_MS: '100',
    PROVIDER_TIMEOUT_MS: '2000',
    MESSAGE_SENDING_LEASE_MS: '3000',
    LEAD_DIGEST_AFTER_PER_MINUTE: '0',
    LEAD_DIGEST_WINDOW_SECONDS: String(DIGEST_WINDOW_MS / 1000),
    RECIPIENT_CAP_PER_DAY: '1',
    OUTBOX_SWEEP_EVERY_MS: '3600000',
    OUTBOX_SWEEP_AGE_MS: '0',
    CAMPAIGN_SWEEP_EVERY_MS: '3600000',
    CAMPAIGN_SWEEP_STALE_MS: '0',
  });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  worker = await createWorker(env, { logger: false });
  ds = app.get(DataSource);
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  for (const name of ALL_QUEUES) queues.set(name, new Queue(name, { connection: { url: REDIS_URL }, prefix: db.queuePrefix }));
}, 60_000);

afterAll(async () => {
  for (const q of queues.values()) await q.close();
  await worker?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
  await twilioFake?.close();
});

beforeEach(() => {
  sendgrid.decide = null;
  sendgrid.delayFor = null;
  twilioFake.decide = null;
});

const queueOf = (definition: JobDefinition) => queues.get(definition.queue)!;
const http = () => request(app.getHttpServer());
const staffPost = (path: string, body: object) => http().post(path).set('Cookie', cookie).set('Origin', PUBLIC_URL).send(body);

/** Waits until job `id` has finished (completed or failed) after `startsBefore` starts; answers it. */
async function finished(queue: Queue, id: string, startsBefore = 0, timeoutMs = 30_000): Promise<Job> {
  return waitFor(
    async () => {
      const job = await queue.getJob(id);
      if (!job || (job.attemptsStarted ?? 0) <= startsBefore) return null;
      const state = await job.getState();
      // read again once finished: the job read above may predate its completion (no return value yet)
      return state === 'completed' || state === 'failed' ? ((await queue.getJob(id)) ?? null) : null;
    },
    timeoutMs,
    50,
  );
}

/** Waits until job `id` completed; fails with its reason when it failed instead. */
async function completed(queue: Queue, id: string, startsBefore = 0, timeoutMs = 30_000): Promise<Job> {
  const job = await finished(queue, id, startsBefore, timeoutMs);
  expect({ id, state: await job.getState(), failedReason: job.failedReason ?? null }).toEqual({
    id,
    state: 'completed',
    failedReason: null,
  });
  return job;
}

/** Staff's replay of a completed job (the dashboard's Retry): it runs again; answers its new result. */
async function retryCompleted(queue: Queue, job: Job): Promise<unknown> {
  const starts = job.attemptsStarted ?? 0;
  await job.retry('completed');
  return (await completed(queue, job.id!, starts)).returnvalue;
}

/** A developer's replay or a duplicate enqueue: a new job with the same name and payload; answers its result. */
async function addAgain(queue: Queue, job: Job): Promise<unknown> {
  const again = await queue.add(job.name, job.data, { jobId: `replay-${randomUUID()}` });
  return (await completed(queue, again.id!)).returnvalue;
}

/** Mail Send requests SendGrid received for idempotency key `key` (accepted or refused). */
const mailRequests = (key: string) =>
  sendgrid.requests.filter((r) => r.url === '/v3/mail/send' && r.body?.custom_args?.idempotency_key === key).length;

const outbound = async (id: number) =>
  (await ds.query('SELECT id, status, attempts, idempotency_key AS key, recipient FROM outbound_messages WHERE id = $1', [id]))[0] as {
    id: number;
    status: string;
    attempts: number;
    key: string;
    recipient: string;
  };

async function insertLeads(n: number, prefix: string, status: string, phone?: string): Promise<number[]> {
  const rows: { id: number }[] = await ds.query(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, total_estimate_cents, status, source)
     SELECT 'Pat', 'Lead ' || i, $1 || '-' || i || '@example.com', $4, '{}', 1250000, $3, 'ai_shopping'
       FROM generate_series(1, $2::int) AS i ORDER BY i RETURNING id`,
    [prefix, n, status, phone ?? null],
  );
  return rows.map((r) => r.id);
}

async function calculatorLead(email: string, cameras: number): Promise<number> {
  const res = await http()
    .post('/api/leads')
    .send({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone: '(212) 555-0101',
      buildingInfo: buildingInfoOfCalculatorSpecs({ ...specs, cameras }),
      source: 'cost_calculator',
    })
    .expect(201);
  return res.body.lead.id;
}

const requestPdf = async (leadId: number, email: string): Promise<string> =>
  (
    await http()
      .post('/api/generate-estimate-pdf')
      .send({ leadId, customerInfo: { email, firstName: 'Ada', lastName: 'Lovelace' } })
      .expect(202)
  ).body.jobId;

const contact = (lastName: string) => ({
  firstName: 'Ana',
  lastName,
  email: `${lastName.toLowerCase()}@example.com`,
  phone: '(646) 555-0110',
  propertyType: 'business',
  services: ['Access Control'],
});

describe('notifications: StaffNotification', () => {
  const queue = () => queueOf(Jobs.StaffNotification);

  it('a completed notification replayed either way sends and stores nothing more', async () => {
    const res = await http().post('/api/contacts').send(contact('Replayed')).expect(201);
    const job = await completed(queue(), res.body.notificationJob.id);
    const first = job.returnvalue as { outboundMessageId: number };
    const record = await outbound(first.outboundMessageId);
    expect(record).toMatchObject({ status: 'sent', attempts: 1 });

    expect(await retryCompleted(queue(), job)).toEqual({ outboundMessageId: record.id, status: 'sent', duplicate: true });
    expect(await addAgain(queue(), job)).toEqual({ outboundMessageId: record.id, status: 'sent', duplicate: true });

    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(mailRequests(record.key)).toBe(1);
    expect(await ds.query('SELECT count(*)::int AS n FROM outbound_messages WHERE contact_id = $1', [res.body.contact.id])).toEqual([
      { n: 1 },
    ]);
    expect(await outbound(record.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a failed notification retried after SendGrid recovered is sent exactly once', async () => {
    let down = true;
    sendgrid.decide = (b: SendGridMailBody) => (down && b.subject.includes('Refused') ? 400 : null);
    const res = await http().post('/api/contacts').send(contact('Refused')).expect(201);
    const job = await finished(queue(), res.body.notificationJob.id);
    expect(await job.getState()).toBe('failed');
    const [row] = await ds.query('SELECT id FROM outbound_messages WHERE contact_id = $1', [res.body.contact.id]);
    expect(await outbound(row.id)).toMatchObject({ status: 'failed', attempts: 1 });

    down = false;
    const starts = job.attemptsStarted ?? 0;
    await job.retry('failed');
    const retried = await completed(queue(), job.id!, starts);
    expect(retried.returnvalue).toEqual({ outboundMessageId: row.id, status: 'sent', duplicate: false });
    const record = await outbound(row.id);
    expect(record).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(mailRequests(record.key)).toBe(2); // the refused one and the accepted one

    // and once sent, replays send nothing more
    expect(await retryCompleted(queue(), retried)).toMatchObject({ status: 'sent', duplicate: true });
    expect(await addAgain(queue(), retried)).toMatchObject({ status: 'sent', duplicate: true });
    expect(sendgrid.accepted.get(record.key)).toBe(1);
  });
});

describe('notifications: StaffDigest', () => {
  it('a completed digest replayed either way sends and stores nothing more', async () => {
    const res = await http()
      .post('/api/leads')
      .send({
        firstName: 'Digest',
        lastName: 'Lead',
        email: 'digest-lead@example.com',
        phone: '(212) 555-0101',
        buildingInfo: buildingInfoOfCalculatorSpecs(specs),
        source: 'cost_calculator',
      })
      .expect(201);
    const windowStart = Math.floor(Date.parse(res.body.lead.createdAt) / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS;
    const queue = queueOf(Jobs.StaffDigest);
    const job = await completed(queue, `staff-digest-new-leads-${windowStart}`, 0, 20_000);
    const result = job.returnvalue as { outboundMessageId: number; status: string; listed: number };
    expect(result).toMatchObject({ status: 'sent' });
    expect(result.listed).toBeGreaterThanOrEqual(1);
    const key = `staff-digest:new-leads:${windowStart}`;

    expect(await retryCompleted(queue, job)).toEqual({ ...result });
    expect(await addAgain(queue, job)).toEqual({ ...result });

    expect(sendgrid.accepted.get(key)).toBe(1);
    expect(mailRequests(key)).toBe(1);
    expect(await ds.query('SELECT count(*)::int AS n FROM outbound_messages WHERE idempotency_key = $1', [key])).toEqual([{ n: 1 }]);
  });
});

describe('notifications: OutboxSweep', () => {
  it('a replayed sweep re-enqueues a lost notification once and sends it once', async () => {
    const queue = queueOf(Jobs.OutboxSweep);
    // a notification whose job Redis lost: stored `queued`, its job gone
    await queue.pause();
    const res = await http().post('/api/contacts').send(contact('Lost')).expect(201);
    await queue.remove(res.body.notificationJob.id);
    await queue.resume();
    const [row] = await ds.query('SELECT id FROM outbound_messages WHERE contact_id = $1', [res.body.contact.id]);
    expect(await outbound(row.id)).toMatchObject({ status: 'queued', attempts: 0 });

    const sweep = await queue.add(Jobs.OutboxSweep.name, {}, { jobId: `sweep-${randomUUID()}` });
    const swept = await completed(queue, sweep.id!);
    expect((swept.returnvalue as { requeued: number }).requeued).toBeGreaterThanOrEqual(1);
    // re-added under the notification's own job id (the one its requester watches)
    await completed(queue, res.body.notificationJob.id);
    const record = await outbound(row.id);
    expect(record).toMatchObject({ status: 'sent', attempts: 1 });

    expect(await retryCompleted(queue, swept)).toEqual({ requeued: 0 });
    expect(await addAgain(queue, swept)).toEqual({ requeued: 0 });
    // the scheduler's own run, replayed from the dashboard, too
    const scheduled = (await queue.getJobs(['completed'])).find((j) => j.name === Jobs.OutboxSweep.name && j.id?.startsWith('repeat:'));
    expect(scheduled).toBeDefined();
    expect(await retryCompleted(queue, scheduled!)).toEqual({ requeued: 0 });

    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(mailRequests(record.key)).toBe(1);
    expect(await outbound(row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('messages: SendMessage (email)', () => {
  const queue = () => queueOf(Jobs.SendEmail);

  it('a completed email replayed either way sends and stores nothing more', async () => {
    const [leadId] = await insertLeads(1, 'replay-email', 'new');
    const res = await staffPost(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    const id: number = res.body.message.id;
    const job = await completed(queue(), `msg-${id}`);
    expect(job.returnvalue).toEqual({ outboundMessageId: id, status: 'sent', duplicate: false });

    expect(await retryCompleted(queue(), job)).toEqual({ outboundMessageId: id, status: 'sent', duplicate: true });
    expect(await addAgain(queue(), job)).toEqual({ outboundMessageId: id, status: 'sent', duplicate: true });

    const record = await outbound(id);
    expect(record).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(sendgrid.acceptedTo.get(record.recipient)).toBe(1);
    expect(mailRequests(record.key)).toBe(1);
    expect(await ds.query('SELECT count(*)::int AS n FROM outbound_messages WHERE lead_id = $1', [leadId])).toEqual([{ n: 1 }]);
  });

  it('an email whose attempts ran out in a SendGrid outage, retried after it recovered, is sent exactly once', async () => {
    const [leadId] = await insertLeads(1, 'outage-email', 'new');
    let down = true;
    sendgrid.decide = (b: SendGridMailBody) => (down && b.personalizations[0]!.to[0]!.email === 'outage-email-1@example.com' ? 503 : null);
    const res = await staffPost(`/api/leads/${leadId}/send-email`, { template: 'welcome' }).expect(202);
    const id: number = res.body.message.id;
    const job = await finished(queue(), `msg-${id}`);
    expect({ state: await job.getState(), attemptsMade: job.attemptsMade }).toEqual({ state: 'failed', attemptsMade: 3 });
    const failed = await outbound(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });

    down = false;
    const starts = job.attemptsStarted ?? 0;
    await job.retry('failed');
    const retried = await completed(queue(), job.id!, starts);
    expect(retried.returnvalue).toEqual({ outboundMessageId: id, status: 'sent', duplicate: false });
    expect(await outbound(id)).toMatchObject({ status: 'sent', attempts: 4 });
    expect(sendgrid.accepted.get(failed.key)).toBe(1);
    expect(mailRequests(failed.key)).toBe(4);

    expect(await retryCompleted(queue(), retried)).toMatchObject({ status: 'sent', duplicate: true });
    expect(await addAgain(queue(), retried)).toMatchObject({ status: 'sent', duplicate: true });
    expect(sendgrid.accepted.get(failed.key)).toBe(1);
  });
});

describe('sms: SendMessage', () => {
  const queue = () => queueOf(Jobs.SendSms);
  /** Create requests the fake Twilio received per `To`, accepted or refused. */
  const requestsTo = new Map<string, number>();
  const countRequests = (fail: (to: string) => number | null) => {
    twilioFake.decide = (params: Record<string, string>) => {
      requestsTo.set(params.To!, (requestsTo.get(params.To!) ?? 0) + 1);
      return fail(params.To!);
    };
  };

  it('a completed SMS replayed either way sends and stores nothing more', async () => {
    countRequests(() => null);
    const [leadId] = await insertLeads(1, 'replay-sms', 'new', '(646) 555-0401');
    const res = await staffPost(`/api/leads/${leadId}/send-sms`, { message: 'Your installer is on the way.' }).expect(202);
    const id: number = res.body.message.id;
    const job = await completed(queue(), `msg-${id}`);
    expect(job.returnvalue).toEqual({ outboundMessageId: id, status: 'sent', duplicate: false });

    expect(await retryCompleted(queue(), job)).toEqual({ outboundMessageId: id, status: 'sent', duplicate: true });
    expect(await addAgain(queue(), job)).toEqual({ outboundMessageId: id, status: 'sent', duplicate: true });

    expect(await outbound(id)).toMatchObject({ status: 'sent', attempts: 1, recipient: '+16465550401' });
    expect(twilioFake.acceptedTo.get('+16465550401')).toBe(1);
    expect(requestsTo.get('+16465550401')).toBe(1);
    expect(await ds.query('SELECT count(*)::int AS n FROM outbound_messages WHERE lead_id = $1', [leadId])).toEqual([{ n: 1 }]);
  });

  it('an SMS whose attempts ran out in a Twilio outage, retried after it recovered, is sent exactly once', async () => {
    let down = true;
    countRequests((to) => (down && to === '+16465550402' ? 500 : null));
    const [leadId] = await insertLeads(1, 'outage-sms', 'new', '(646) 555-0402');
    const res = await staffPost(`/api/leads/${leadId}/send-sms`, { message: 'Your installer is on the way.' }).expect(202);
    const id: number = res.body.message.id;
    const job = await finished(queue(), `msg-${id}`);
    expect({ state: await job.getState(), attemptsMade: job.attemptsMade }).toEqual({ state: 'failed', attemptsMade: 3 });
    expect(await outbound(id)).toMatchObject({ status: 'failed', attempts: 3 });

    down = false;
    const starts = job.attemptsStarted ?? 0;
    await job.retry('failed');
    const retried = await completed(queue(), job.id!, starts);
    expect(retried.returnvalue).toEqual({ outboundMessageId: id, status: 'sent', duplicate: false });
    expect(await outbound(id)).toMatchObject({ status: 'sent', attempts: 4 });
    expect(twilioFake.acceptedTo.get('+16465550402')).toBe(1);
    expect(requestsTo.get('+16465550402')).toBe(4);

    expect(await retryCompleted(queue(), retried)).toMatchObject({ status: 'sent', duplicate: true });
    expect(await addAgain(queue(), retried)).toMatchObject({ status: 'sent', duplicate: true });
    expect(twilioFake.acceptedTo.get('+16465550402')).toBe(1);
    expect(requestsTo.get('+16465550402')).toBe(4);
  });
});

describe('pdf: EstimatePdf and EstimateEmail', () => {
  const queue = () => queueOf(Jobs.EstimatePdf);
  const documents = async (leadId: number) =>
    (await ds.query('SELECT count(*)::int AS n FROM lead_documents WHERE lead_id = $1', [leadId]))[0].n as number;
  const pdfEmail = async (leadId: number) =>
    (await ds.query(`SELECT id FROM outbound_messages WHERE lead_id = $1 AND template = 'estimate_pdf'`, [leadId])) as { id: number }[];

  it('a completed PDF job replayed either way renders, stores and emails nothing more', async () => {
    const leadId = await calculatorLead('replay-pdf@example.com', 5);
    const jobId = await requestPdf(leadId, 'replay-pdf@example.com');
    const job = await completed(queue(), jobId, 0, 60_000);
    const result = job.returnvalue as { documentId: number; outboundMessageId: number };
    expect(result).toMatchObject({ emailStatus: 'sent', emailed: true });

    expect(await retryCompleted(queue(), job)).toEqual({ ...result, emailStatus: 'sent', emailed: true });
    expect(await addAgain(queue(), job)).toEqual({ ...result, emailStatus: 'sent', emailed: true });

    expect(await documents(leadId)).toBe(1);
    expect(await pdfEmail(leadId)).toEqual([{ id: result.outboundMessageId }]);
    const record = await outbound(result.outboundMessageId);
    expect(record).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(mailRequests(record.key)).toBe(1);
  }, 90_000);

  it('a PDF job failed by a SendGrid refusal, retried after it recovered, emails exactly once and keeps one document', async () => {
    let down = true;
    sendgrid.decide = (b: SendGridMailBody) => (down && b.personalizations[0]!.to[0]!.email === 'refused-pdf@example.com' ? 400 : null);
    const leadId = await calculatorLead('refused-pdf@example.com', 7);
    const jobId = await requestPdf(leadId, 'refused-pdf@example.com');
    const job = await finished(queue(), jobId, 0, 60_000);
    expect(await job.getState()).toBe('failed');
    const [email] = await pdfEmail(leadId);
    expect(await outbound(email!.id)).toMatchObject({ status: 'failed', attempts: 1 });

    down = false;
    const starts = job.attemptsStarted ?? 0;
    await job.retry('failed');
    const retried = await completed(queue(), jobId, starts, 60_000);
    expect(retried.returnvalue).toMatchObject({ outboundMessageId: email!.id, emailStatus: 'sent', emailed: true });
    const record = await outbound(email!.id);
    expect(record).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(mailRequests(record.key)).toBe(2);
    expect(await documents(leadId)).toBe(1);
    expect(await pdfEmail(leadId)).toHaveLength(1);

    expect(await retryCompleted(queue(), retried)).toMatchObject({ emailStatus: 'sent' });
    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(await documents(leadId)).toBe(1);
  }, 90_000);

  it('a completed EstimateEmail (a suppressed PDF email staff released) replayed either way emails nothing more', async () => {
    // the per-recipient cap (1 here) suppresses the second PDF email to one address
    const first = await calculatorLead('capped@example.com', 9);
    await completed(queue(), await requestPdf(first, 'capped@example.com'), 0, 60_000);
    const second = await calculatorLead('capped@example.com', 11);
    const pdfJob = await completed(queue(), await requestPdf(second, 'capped@example.com'), 0, 60_000);
    expect(pdfJob.returnvalue).toMatchObject({ emailStatus: 'suppressed', emailed: false });
    const { outboundMessageId } = pdfJob.returnvalue as { outboundMessageId: number };

    await staffPost(`/api/messages/${outboundMessageId}/send-now`, {}).expect(202);
    const job = await completed(queueOf(Jobs.EstimateEmail), `estimate-email-${outboundMessageId}`);
    expect(job.name).toBe(Jobs.EstimateEmail.name);
    expect(job.returnvalue).toMatchObject({ outboundMessageId, emailStatus: 'sent', emailed: true });

    expect(await retryCompleted(queue(), job)).toMatchObject({ outboundMessageId, emailStatus: 'sent', emailed: true });
    expect(await addAgain(queue(), job)).toMatchObject({ outboundMessageId, emailStatus: 'sent', emailed: true });

    const record = await outbound(outboundMessageId);
    expect(record).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sendgrid.accepted.get(record.key)).toBe(1);
    expect(mailRequests(record.key)).toBe(1);
    expect(await documents(second)).toBe(1);
    expect(await pdfEmail(second)).toHaveLength(1);
  }, 120_000);
});

describe('campaigns: CampaignFanOut and CampaignSweep', () => {
  const queue = () => queueOf(Jobs.CampaignFanOut);
  const RECIPIENTS = 12;
  const campaignOf = async (id: number): Promise<Campaign> =>
    (await http().get(`/api/campaigns/${id}`).set('Cookie', cookie).expect(200)).body.campaign;

  /** Starts an email campaign to the `status` leads, each send held `delayMs` so replays land mid-run. */
  async function startCampaign(status: string, prefix: string): Promise<{ id: number; recipients: string[] }> {
    await insertLeads(RECIPIENTS, prefix, status);
    sendgrid.delayFor = (b: SendGridMailBody) => (b.personalizations[0]!.to[0]!.email.startsWith(prefix) ? 150 : null);
    const res = await staffPost('/api/bulk-communication', { type: 'email', template: 'follow-up', filter: { status } }).expect(202);
    // the worker resolves the audience (issue 27: the api answers before any recipient is stored)
    const prepared = await waitFor(async () => {
      const c = await campaignOf(res.body.campaignId);
      return c.preparing ? null : c;
    });
    expect(prepared.recipients).toBe(RECIPIENTS);
    return { id: res.body.campaignId, recipients: Array.from({ length: RECIPIENTS }, (_, i) => `${prefix}-${i + 1}@example.com`) };
  }

  const finishedCampaign = (id: number) =>
    waitFor(
      async () => {
        const c = await campaignOf(id);
        return c.status === 'sent' && c.summary ? c : null;
      },
      60_000,
      100,
    );

  function expectEachSentOnce(recipients: string[]): void {
    const wrong = recipients.filter((r) => sendgrid.acceptedTo.get(r) !== 1).map((r) => `${r}: ${sendgrid.acceptedTo.get(r) ?? 0}`);
    expect(wrong).toEqual([]);
  }

  it('a fan-out replayed mid-campaign and after it sends each recipient once and leaves the counters alone', async () => {
    const { id, recipients } = await startCampaign('contacted', 'fanout');
    const job = await completed(queue(), `fanout-${id}-g1`);
    expect(job.returnvalue).toEqual({ enqueued: RECIPIENTS });
    // mid-campaign: the recipients' jobs have deterministic ids, so nothing is added twice
    const midRetry = retryCompleted(queue(), job);
    const midAdd = addAgain(queue(), job);
    await Promise.all([midRetry, midAdd]);

    const done = await finishedCampaign(id);
    expect(done).toMatchObject({
      sent: RECIPIENTS,
      failed: 0,
      queued: 0,
      summary: { successful: RECIPIENTS, failed: 0, total: RECIPIENTS },
    });
    expectEachSentOnce(recipients);

    // after it: nothing to fan out, nothing moves
    expect(await retryCompleted(queue(), job)).toEqual({ enqueued: 0 });
    expect(await addAgain(queue(), job)).toEqual({ enqueued: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await campaignOf(id)).toEqual(done);
    expectEachSentOnce(recipients);
    expect(await ds.query('SELECT count(*)::int AS n FROM outbound_messages WHERE campaign_id = $1', [id])).toEqual([{ n: RECIPIENTS }]);
  }, 90_000);

  it('a sweep replayed mid-campaign and after it sends each recipient once and leaves the counters alone', async () => {
    const { id, recipients } = await startCampaign('proposal', 'swept');
    const sweeps = queueOf(Jobs.CampaignSweep);
    await completed(queue(), `fanout-${id}-g1`);
    // mid-campaign: a developer's sweeps and the scheduler's own run replayed from the dashboard
    const scheduled = (await sweeps.getJobs(['completed'])).find((j) => j.name === Jobs.CampaignSweep.name && j.id?.startsWith('repeat:'));
    expect(scheduled).toBeDefined();
    const sweep = await completed(sweeps, (await sweeps.add(Jobs.CampaignSweep.name, {}, { jobId: `sweep-${randomUUID()}` })).id!);
    await Promise.all([retryCompleted(sweeps, scheduled!), addAgain(sweeps, sweep), retryCompleted(sweeps, sweep)]);

    const done = await finishedCampaign(id);
    expect(done).toMatchObject({
      sent: RECIPIENTS,
      failed: 0,
      queued: 0,
      summary: { successful: RECIPIENTS, failed: 0, total: RECIPIENTS },
    });
    expectEachSentOnce(recipients);

    expect(await retryCompleted(sweeps, sweep)).toEqual({ fannedOut: 0, requeued: 0, finished: 0 });
    expect(await addAgain(sweeps, sweep)).toEqual({ fannedOut: 0, requeued: 0, finished: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await campaignOf(id)).toEqual(done);
    expectEachSentOnce(recipients);
  }, 90_000);
});
