/**
 * The PDF estimate job end to end: a real Chromium renders the PDF, it is
 * stored in lead_documents, emailed with the attachment to a local fake SendGrid (recorded in
 * outbound_messages), the visitor sees queued → rendering → emailed over Socket.IO, and retries
 * or replays never email twice.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { createApp, dataSourceOptions } from '@ironclad/backend/api';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  ClientEvent,
  QueueName,
  ServerEvent,
  buildingInfoOfCalculatorSpecs,
  type CalculatorSpecs,
  type JobUpdate,
} from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { createWorker } from '../src/worker.factory.js';
import { pdfText } from '../../backend/test/support/pdf-text.js';
import { pdfLines } from '../../backend/test/support/pdf-lines.js';

const specs: CalculatorSpecs = {
  buildingType: 'commercial',
  sqft: 60_000,
  cameras: 17,
  entryPoints: 3,
  hasAccessControl: true,
  hasVideoIntercom: false,
  hasMonitoring: true,
  buildingComplexity: 'new',
};
const TOTAL = '$20,000'; // see backend/test/api/calculator-api.test.ts

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let queue: Queue;
let sendgrid: FakeSendGrid;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  db = await createTestDatabase();
  // PDF_PREWARM: the worker launches Chromium and opens its spare pages at start, as in production.
  const env = testEnv(db, { SENDGRID_API_KEY: 'SG.test-key', SENDGRID_BASE_URL: sendgrid.baseUrl, PDF_PREWARM: 'true' });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  worker = await createWorker(env, { logger: false });
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  queue = new Queue(QueueName.Pdf, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await app?.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
});

beforeEach(() => {
  sendgrid.requests.length = 0;
  sendgrid.failWith = [];
});

async function createLead(email: string, firstName = 'Grace'): Promise<number> {
  const res = await request(app.getHttpServer())
    .post('/api/leads')
    .send({
      firstName,
      lastName: 'Hopper',
      email,
      phone: '(212) 555-0101',
      company: 'Hopper <Labs> & Co',
      buildingInfo: buildingInfoOfCalculatorSpecs(specs),
      source: 'cost_calculator',
      status: 'new',
      totalEstimate: 1,
    })
    .expect(201);
  // The staff "new lead" email goes to the same fake SendGrid: let it pass before the PDF's.
  await waitFor(
    async () =>
      (
        await ds.query(`SELECT 1 FROM outbound_messages WHERE lead_id = $1 AND template = 'staff_new_lead' AND status = 'sent'`, [
          res.body.lead.id,
        ])
      ).length > 0,
  );
  return res.body.lead.id;
}

const requestPdf = async (email: string, leadId: number) =>
  (
    await request(app.getHttpServer())
      .post('/api/generate-estimate-pdf')
      .send({ leadId, customerInfo: { email, firstName: 'Grace', lastName: 'Hopper' } })
      .expect(202)
  ).body as { jobId: string; queue: string };

const mailSends = () =>
  sendgrid.requests.filter((r) => r.url === '/v3/mail/send' && String(r.body?.subject).startsWith('Your security system estimate'));

it('renders a real PDF, stores it, emails it with the attachment and shows the live steps', async () => {
  const email = 'grace@example.com';
  const leadId = await createLead(email);
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const socket: Socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const updates: JobUpdate[] = [];
    await worker.close(); // hold the job in the queue so every step can be seen
    const { jobId, queue: queueName } = await requestPdf(email, leadId);
    socket.on(ServerEvent.JobUpdate, (u: JobUpdate) => updates.push(u));
    expect(await socket.emitWithAck(ClientEvent.WatchJob, { jobId, queue: queueName })).toEqual({ ok: true });
    await waitFor(async () => updates.some((u) => u.state === 'queued'));
    worker = await createWorker(testEnv(db, { SENDGRID_API_KEY: 'SG.test-key', SENDGRID_BASE_URL: sendgrid.baseUrl }), { logger: false });
    const done = await waitFor(async () => updates.find((u) => u.state === 'completed'), 30_000);
    expect(done.result).toMatchObject({ emailStatus: 'sent', emailed: true });
    const steps = updates.filter((u) => u.state === 'progress').map((u) => (u.progress as { step: string }).step);
    expect(updates[0].state).toBe('queued');
    expect(steps).toEqual(['rendering', 'emailing', 'emailed']);
  } finally {
    socket.disconnect();
  }

  const docs = await ds.query('SELECT id, kind, filename, content, byte_size, total_cents FROM lead_documents WHERE lead_id = $1', [
    leadId,
  ]);
  expect(docs).toHaveLength(1);
  const [doc] = docs;
  expect(doc).toMatchObject({
    kind: 'estimate_pdf',
    filename: expect.stringMatching(new RegExp(`^EST-${leadId}-[0-9A-F]{8}\\.pdf$`)),
    total_cents: '2000000',
  });
  const bytes: Buffer = doc.content;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(doc.byte_size).toBe(bytes.length);
  const text = await pdfText(bytes);
  expect(text).toContain('Grace Hopper');
  expect(text).toContain('Hopper <Labs> & Co'); // escaped in the HTML, printed literally
  expect(text).toContain(TOTAL);
  expect(text).toContain('5 weeks'); // 60,000 sq ft: the timeline in weeks
  expect(text).toMatch(/Deposit\s+10%\s+\$2,000/);
  expect(text).toContain('4K IP cameras');
  // The company's phone numbers are printed whole, each on one line.
  const [facts] = await ds.query(`SELECT setting_value FROM site_settings WHERE setting_key = 'company_facts'`);
  const lines = await pdfLines(bytes);
  for (const phone of [facts.setting_value.phone, facts.setting_value.emergencyPhone] as string[])
    expect(lines.filter((l) => l.includes(phone)).length).toBeGreaterThanOrEqual(2); // header and footer

  const [sent] = mailSends();
  expect(mailSends()).toHaveLength(1);
  expect(sent.body.personalizations[0].to).toEqual([{ email }]);
  expect(sent.body.subject).toMatch(/^Your security system estimate EST-/);
  expect(sent.body.content[0].value).toContain(`Total: ${TOTAL}`);
  expect(sent.body.attachments).toEqual([
    { filename: doc.filename, content: bytes.toString('base64'), type: 'application/pdf', disposition: 'attachment' },
  ]);
  expect(sent.body.custom_args).toEqual({ idempotency_key: `estimate-pdf:lead:${leadId}:document:${doc.id}` });

  const outbound = await ds.query(
    `SELECT status, attempts, template, recipient FROM outbound_messages WHERE lead_id = $1 AND template = 'estimate_pdf'`,
    [leadId],
  );
  expect(outbound).toEqual([{ status: 'sent', attempts: 1, template: 'estimate_pdf', recipient: email }]);
}, 60_000);

it('a provider 500 is retried with backoff; the retry reuses the stored PDF and emails once', async () => {
  const email = 'retry@example.com';
  const leadId = await createLead(email, 'Retry');
  sendgrid.failWith = [500];
  const { jobId } = await requestPdf(email, leadId);
  await waitFor(async () => ((await (await queue.getJob(jobId))?.getState()) === 'completed' ? true : null), 30_000);
  const job = await queue.getJob(jobId);
  expect(job!.attemptsMade).toBe(2);
  expect(job!.returnvalue).toMatchObject({ emailStatus: 'sent', emailed: true });
  expect(mailSends()).toHaveLength(2); // the failed call and the successful one
  expect(await ds.query('SELECT count(*)::int AS n FROM lead_documents WHERE lead_id = $1', [leadId])).toEqual([{ n: 1 }]);
  expect(
    await ds.query(`SELECT status, attempts FROM outbound_messages WHERE lead_id = $1 AND template = 'estimate_pdf'`, [leadId]),
  ).toEqual([{ status: 'sent', attempts: 2 }]);

  // A replay of the same request (same requestId) neither stores nor emails again.
  sendgrid.requests.length = 0;
  const replay = await queue.add('EstimatePdf', job!.data, { jobId: crypto.randomUUID() });
  const result = await waitFor(async () => {
    const j = await queue.getJob(replay.id!);
    return (await j?.getState()) === 'completed' ? j!.returnvalue : null;
  }, 30_000);
  expect(result).toMatchObject({ emailStatus: 'sent', emailed: true, documentId: job!.returnvalue.documentId });
  expect(mailSends()).toHaveLength(0);
  expect(await ds.query('SELECT count(*)::int AS n FROM lead_documents WHERE lead_id = $1', [leadId])).toEqual([{ n: 1 }]);
}, 60_000);

it('a permanent 400 stops at once, the document is kept and the job fails', async () => {
  const email = 'reject@example.com';
  const leadId = await createLead(email, 'Reject');
  sendgrid.failWith = [400];
  const { jobId } = await requestPdf(email, leadId);
  await waitFor(async () => ((await (await queue.getJob(jobId))?.getState()) === 'failed' ? true : null), 30_000);
  expect(mailSends()).toHaveLength(1);
  expect(await ds.query(`SELECT status FROM outbound_messages WHERE lead_id = $1 AND template = 'estimate_pdf'`, [leadId])).toEqual([
    { status: 'failed' },
  ]);
  expect(await ds.query('SELECT count(*)::int AS n FROM lead_documents WHERE lead_id = $1', [leadId])).toEqual([{ n: 1 }]);
}, 60_000);
