/**
 * No mail bombing through the PDF quote: a repeated PDF request for one lead is one job, one
 * render and one email; automated emails to one address a visitor typed stop at
 * RECIPIENT_CAP_PER_DAY (3) across leads, the rest are stored `suppressed` with the reason in the
 * lead's timeline (the visitor's requests still succeed), and staff can send one by hand.
 * Real api + worker, Postgres, Redis, Chromium and a local fake SendGrid.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp, dataSourceOptions } from '@ironclad/backend/api';
import { QueueName, buildingInfoOfCalculatorSpecs, type CalculatorSpecs, type LeadActivityItem } from '@ironclad/contracts';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { createWorker } from '../src/worker.factory.js';

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
let pdfQueue: Queue;
let sendgrid: FakeSendGrid;
let publicUrl: string;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  db = await createTestDatabase();
  const env = testEnv(db, { SENDGRID_API_KEY: 'SG.test-key', SENDGRID_BASE_URL: sendgrid.baseUrl, PDF_CONCURRENCY: '3' });
  publicUrl = env.PUBLIC_URL;
  app = await createApp(env, { logger: false });
  await app.init();
  await seedUsers(app);
  worker = await createWorker(env, { logger: false });
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  pdfQueue = new Queue(QueueName.Pdf, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
}, 60_000);

afterAll(async () => {
  await pdfQueue?.close();
  await worker?.close();
  await app?.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  await sendgrid?.close();
});

const http = () => request(app.getHttpServer());

async function createLead(email: string, s: CalculatorSpecs = specs): Promise<number> {
  const res = await http()
    .post('/api/leads')
    .send({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone: '(212) 555-0101',
      buildingInfo: buildingInfoOfCalculatorSpecs(s),
      source: 'cost_calculator',
    })
    .expect(201);
  return res.body.lead.id;
}

const requestPdf = async (email: string, leadId: number) =>
  (
    await http()
      .post('/api/generate-estimate-pdf')
      .send({ leadId, customerInfo: { email, firstName: 'Ada', lastName: 'Lovelace' } })
      .expect(202)
  ).body as { jobId: string; queue: string; leadId: number };

const settled = (jobId: string) =>
  waitFor(async () => {
    const state = await (await pdfQueue.getJob(jobId))?.getState();
    return state === 'completed' || state === 'failed' ? state : null;
  }, 60_000);

/** PDF estimate emails the fake SendGrid accepted, by lower-cased recipient. */
const estimateMailsTo = (email: string) =>
  sendgrid.requests.filter(
    (r) =>
      r.url === '/v3/mail/send' &&
      String(r.body?.subject).startsWith('Your security system estimate') &&
      r.body.personalizations[0].to[0].email.toLowerCase().replace(/\+[^@]*/, '') === email,
  );

const documentsOf = async (leadId: number): Promise<number> =>
  (await ds.query('SELECT count(*)::int AS n FROM lead_documents WHERE lead_id = $1', [leadId]))[0].n;

it('20 PDF requests for one lead: one job id, one render, one email; a changed configuration is a new PDF', async () => {
  const email = 'dedupe@example.com';
  const leadId = await createLead(email);
  const answers = await Promise.all(Array.from({ length: 20 }, () => requestPdf(email, leadId)));
  const jobIds = new Set(answers.map((a) => a.jobId));
  expect(jobIds.size).toBe(1);
  const [jobId] = jobIds;
  expect(await settled(jobId!)).toBe('completed');
  // a request after the job completed is still the same job and sends nothing
  expect((await requestPdf(email, leadId)).jobId).toBe(jobId);
  await new Promise((r) => setTimeout(r, 500));
  expect(await documentsOf(leadId)).toBe(1);
  expect(estimateMailsTo(email)).toHaveLength(1);
  expect(await ds.query(`SELECT status FROM outbound_messages WHERE lead_id = $1 AND template = 'estimate_pdf'`, [leadId])).toEqual([
    { status: 'sent' },
  ]);

  // staff (or the visitor's new quote) changed the stored configuration: a new PDF, under the cap
  await ds.query(`UPDATE leads SET building_info = $2::jsonb WHERE id = $1`, [
    leadId,
    JSON.stringify(buildingInfoOfCalculatorSpecs({ ...specs, cameras: 8 })),
  ]);
  const changed = await requestPdf(email, leadId);
  expect(changed.jobId).not.toBe(jobId);
  expect(await settled(changed.jobId)).toBe('completed');
  expect(await documentsOf(leadId)).toBe(2);
  expect(estimateMailsTo(email)).toHaveLength(2);
}, 120_000);

it('10 calculator quotes for one address: 10 leads, 3 emails, 7 suppressed in the timelines; staff send one by hand', async () => {
  const email = 'victim@example.com';
  // the same inbox typed in several spellings
  const typed = (i: number) => (i % 3 === 0 ? email : i % 3 === 1 ? `Victim+q${i}@Example.com` : ` VICTIM@example.com`);
  const leads: { leadId: number; jobId: string }[] = [];
  for (let i = 0; i < 10; i++) {
    const leadId = await createLead(typed(i).trim(), { ...specs, cameras: 4 + i });
    const { jobId } = await requestPdf(typed(i).trim(), leadId);
    leads.push({ leadId, jobId });
  }
  for (const { jobId } of leads) expect(await settled(jobId)).toBe('completed');

  const stored = await ds.query(`SELECT count(*)::int AS n FROM leads WHERE id = ANY($1)`, [leads.map((l) => l.leadId)]);
  expect(stored).toEqual([{ n: 10 }]);
  expect(estimateMailsTo(email)).toHaveLength(3);
  const rows: { id: number; lead_id: number; status: string; error: string | null }[] = await ds.query(
    `SELECT id, lead_id, status, error FROM outbound_messages WHERE template = 'estimate_pdf' AND lead_id = ANY($1) ORDER BY id`,
    [leads.map((l) => l.leadId)],
  );
  expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
  const suppressed = rows.filter((r) => r.status === 'suppressed');
  expect(suppressed).toHaveLength(7);
  for (const r of suppressed) expect(r.error).toMatch(/already received 3 automated messages in the last 24 h/);
  // every lead still has its PDF for staff
  for (const { leadId } of leads) expect(await documentsOf(leadId)).toBe(1);

  const cookie = await signIn(app, ADMIN);
  const target = suppressed[0]!;
  const timeline = await http().get(`/api/leads/${target.lead_id}/activities`).set('Cookie', cookie).expect(200);
  const item = (timeline.body.activities as LeadActivityItem[]).find((a) => a.id === `message:${target.id}`);
  expect(item).toMatchObject({ type: 'email', status: 'suppressed', error: expect.stringContaining('suppressed') });

  // Send now: staff only, once, delivered with the stored PDF attached, audited
  await http().post(`/api/messages/${target.id}/send-now`).set('Origin', publicUrl).expect(401);
  const sent = await http().post(`/api/messages/${target.id}/send-now`).set('Cookie', cookie).set('Origin', publicUrl).expect(202);
  expect(sent.body.message).toMatchObject({ id: target.id, status: 'queued', triggeredBy: ADMIN.email, error: null });
  await http().post(`/api/messages/${target.id}/send-now`).set('Cookie', cookie).set('Origin', publicUrl).expect(409);
  await http().post(`/api/messages/999999/send-now`).set('Cookie', cookie).set('Origin', publicUrl).expect(404);
  await waitFor(
    async () => (await ds.query(`SELECT status FROM outbound_messages WHERE id = $1`, [target.id]))[0].status === 'sent',
    30_000,
  );
  const mails = estimateMailsTo(email);
  expect(mails).toHaveLength(4);
  const [doc] = await ds.query('SELECT id, filename FROM lead_documents WHERE lead_id = $1', [target.lead_id]);
  const byHand = mails.find((m) => m.body.custom_args?.idempotency_key === `estimate-pdf:lead:${target.lead_id}:document:${doc.id}`);
  expect(byHand?.body.attachments?.[0]).toMatchObject({ filename: doc.filename, type: 'application/pdf' });
  expect(
    await ds.query(`SELECT action, user_email FROM audit_log WHERE entity_type = 'outbound_message' AND entity_id = $1`, [
      String(target.id),
    ]),
  ).toEqual([{ action: 'message.send_now', user_email: ADMIN.email }]);

  // a sent-by-hand message does not use the automated allowance: the cap still holds at 3
  const another = await createLead(email, { ...specs, cameras: 30 });
  const { jobId } = await requestPdf(email, another);
  expect(await settled(jobId)).toBe('completed');
  expect((await pdfQueue.getJob(jobId))!.returnvalue).toMatchObject({ emailStatus: 'suppressed', emailed: false });
  expect(estimateMailsTo(email)).toHaveLength(4);
}, 180_000);
