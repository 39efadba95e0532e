/**
 * The free guide end to end (public-site.md §2 "Free-guide block"): POST /api/free-guide stores
 * the request as a contact (source `free_guide`, consent time), the worker renders the 47-point
 * checklist PDF once (site_documents), emails it with the attachment to a local fake SendGrid, and
 * a second request from the same address within a day sends nothing new. Phone numbers are
 * printed on one line.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { createApp, dataSourceOptions } from '@ironclad/backend/api';
import { DataSource } from 'typeorm';
import { QueueName } from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';
import { pdfLines } from '../../backend/test/support/pdf-lines.js';
import { createWorker } from '../src/worker.factory.js';

let db: TestDatabase;
let app: NestExpressApplication;
let worker: INestApplicationContext;
let ds: DataSource;
let queue: Queue;
let sendgrid: FakeSendGrid;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  db = await createTestDatabase();
  const env = testEnv(db, { SENDGRID_API_KEY: 'SG.test-key', SENDGRID_BASE_URL: sendgrid.baseUrl });
  app = await createApp(env, { logger: false });
  await app.init();
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

const guideSends = () =>
  sendgrid.requests.filter((r) => r.url === '/v3/mail/send' && String(r.body?.subject).startsWith('Your free 47-point security checklist'));

const requestGuide = (email: string) => request(app.getHttpServer()).post('/api/free-guide').send({ email });

/** Waits until job `id` of the PDF queue has completed; its return value. */
const completed = (id: string) =>
  waitFor(async () => {
    const job = await queue.getJob(id);
    return (await job?.getState()) === 'completed' ? job!.returnvalue : null;
  }, 45_000);

it('stores the request, renders the checklist once and emails it as a PDF; a repeat within a day sends nothing', async () => {
  const before = Date.now();
  const first = await requestGuide('Reader@Example.com').expect(202);
  expect(first.body).toEqual({ accepted: true, emailJob: { id: expect.any(String), queue: QueueName.Pdf } });
  const result = await completed(first.body.emailJob.id);
  expect(result).toMatchObject({ emailStatus: 'sent' });

  const contacts = await ds.query(`SELECT id, email, source, consented_at FROM contacts WHERE source = 'free_guide'`);
  expect(contacts).toHaveLength(1);
  expect(contacts[0]).toMatchObject({ email: 'Reader@Example.com', source: 'free_guide' });
  expect(new Date(contacts[0].consented_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

  const docs = await ds.query('SELECT id, key, filename, content, byte_size FROM site_documents');
  expect(docs).toHaveLength(1);
  const bytes: Buffer = docs[0].content;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(docs[0].byte_size).toBe(bytes.length);
  const lines = await pdfLines(bytes);
  const text = lines.join('\n');
  expect(text).toContain('The 47-Point Home & Business Security Checklist');
  expect(text).toMatch(/\b47\.\s/); // the last point is numbered 47
  expect(text).not.toMatch(/\b48\.\s/);
  // Each phone number of the company is printed whole on one line.
  const [facts] = await ds.query(`SELECT setting_value FROM site_settings WHERE setting_key = 'company_facts'`);
  const phones: string[] = [facts.setting_value.phone, facts.setting_value.emergencyPhone];
  expect(phones.every((p) => /\d{3}.*\d{4}/.test(p))).toBe(true);
  for (const phone of phones) expect(lines.some((l) => l.includes(phone))).toBe(true);

  const [sent] = guideSends();
  expect(guideSends()).toHaveLength(1);
  expect(sent.body.personalizations[0].to).toEqual([{ email: 'Reader@Example.com' }]);
  expect(sent.body.attachments).toEqual([
    { filename: '47-point-security-checklist.pdf', content: bytes.toString('base64'), type: 'application/pdf', disposition: 'attachment' },
  ]);
  expect(await ds.query(`SELECT status, template, contact_id FROM outbound_messages WHERE template = 'free_guide'`)).toEqual([
    { status: 'sent', template: 'free_guide', contact_id: contacts[0].id },
  ]);

  // The same address again (any case) within a day: accepted, nothing stored or sent.
  const again = await requestGuide('reader@example.com').expect(202);
  expect(again.body).toEqual({ accepted: true, emailJob: null });
  expect(await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE source = 'free_guide'`)).toEqual([{ n: 1 }]);

  // Another address: a new email, the stored PDF reused (nothing rendered again).
  const other = await requestGuide('neighbour@example.com').expect(202);
  expect(await completed(other.body.emailJob.id)).toMatchObject({ emailStatus: 'sent', documentId: docs[0].id });
  expect(await ds.query('SELECT count(*)::int AS n FROM site_documents')).toEqual([{ n: 1 }]);
  expect(guideSends()).toHaveLength(2);

  // A replay of the first job emails nobody twice.
  const replay = await queue.add('FreeGuideEmail', { contactId: contacts[0].id }, { jobId: 'replay-free-guide' });
  expect(await completed(replay.id!)).toMatchObject({ emailStatus: 'sent' });
  expect(guideSends()).toHaveLength(2);
}, 90_000);

it('rejects a bad address with field errors and stores nothing', async () => {
  const res = await requestGuide('not-an-email').expect(400);
  expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: { fieldErrors: { email: expect.any(Array) } } });
  const extra = await request(app.getHttpServer()).post('/api/free-guide').send({ email: 'a@example.com', name: 'x' }).expect(400);
  expect(extra.body.code).toBe('VALIDATION_FAILED');
  expect(await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE email IN ('not-an-email', 'a@example.com')`)).toEqual([{ n: 0 }]);
});
