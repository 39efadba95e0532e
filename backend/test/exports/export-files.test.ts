/**
 * Stored exports (issue 27), api side: POST /api/exports/{kind} answers 202 at once with the
 * stored export and its job; the download link is staff-only, audited, refused before the file is
 * done and gone (410) after its 24 h expiry; expired exports are swept. The file is written here
 * by the same streaming writer the worker runs (the worker side is worker/test/exports.test.ts).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { EXPORT_FILE_TTL_MS, QueueName, type ExportStarted } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { ExportFilesStore } from '../../src/modules/exports/index.js';
import { writeExportCsv } from '../../src/modules/exports/export-rows.js';
import { QueueRegistry } from '../../src/platform/queue/queue-registry.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { referenceExport } from '../support/export-reference.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, STAFF, seedUsers, signIn } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let admin: string;
let viewer: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  ds = app.get(DataSource);
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
  viewer = await signIn(app, STAFF);
  await ds.query(
    `INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents, status, source, created_at)
     SELECT CASE WHEN g % 7 = 0 THEN '=cmd|''/c calc''!A1' ELSE 'Lead ' || g END, 'Zoë "Q", Ünï', 'lead' || g || '@example.com',
            '+1 212 555 ' || lpad(g::text, 4, '0'), CASE WHEN g % 3 = 0 THEN '@SUM(A1)' END, '{"type":"office","floors":2}',
            g * 1000, 'new', 'ai_shopping', now() - g * interval '1 minute'
     FROM generate_series(1, 300) g`,
  );
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());
const text = (r: request.Test) =>
  r.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks).toString('utf8')));
  });

/** Writes the file of stored export `id` as the worker does. */
async function writeFile(id: string): Promise<void> {
  const store = app.get(ExportFilesStore);
  const stored = (await store.find(id))!;
  await store.restart(id);
  const sink = store.writer(id);
  const rows = await writeExportCsv(ds, stored.kind, new Date(stored.createdAt), sink);
  await store.finish(id, rows, sink.bytes());
}

it('POST /api/exports/{kind} answers 202 at once with the stored export and its queued job; 404 for another kind', async () => {
  const started = Date.now();
  const res = await http().post('/api/exports/comprehensive').set('Cookie', admin).expect(202);
  expect(Date.now() - started).toBeLessThan(1000);
  const body = res.body as ExportStarted;
  expect(body.job).toEqual({ id: body.export.id, queue: QueueName.Exports });
  expect(body.export).toMatchObject({ kind: 'comprehensive', status: 'queued', rows: 0, downloadUrl: null });
  expect(body.export.filename).toMatch(/^comprehensive-leads-export-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(Date.parse(body.export.expiresAt) - Date.parse(body.export.createdAt)).toBe(EXPORT_FILE_TTL_MS);
  const job = await app.get(QueueRegistry).get(QueueName.Exports).getJob(body.job.id);
  expect(job?.data).toEqual({ exportId: body.export.id });
  await http().post('/api/exports/secrets').set('Cookie', admin).expect(404);
  const audit = await ds.query(`SELECT action, details FROM audit_log WHERE action = 'export.comprehensive'`);
  expect(audit).toEqual([{ action: 'export.comprehensive', details: expect.objectContaining({ exportId: body.export.id }) }]);
});

it('the download link is staff-only, refused until done, audited, and identical to the in-memory export', async () => {
  const { body } = await http().post('/api/exports/leads').set('Cookie', admin).expect(202);
  const { id } = (body as ExportStarted).export;
  const link = `/api/exports/files/${id}/download`;
  expect((await http().get(link).set('Cookie', admin).expect(409)).body.code).toBe('CONFLICT');
  await writeFile(id);

  expect((await http().get(link).expect(401)).body.code).toBe('UNAUTHORIZED');
  expect((await http().get(link).set('Cookie', viewer).expect(403)).body.code).toBe('FORBIDDEN');
  await http().get(`/api/exports/files/${id}`).set('Cookie', viewer).expect(403);
  await http().post('/api/exports/leads').set('Cookie', viewer).expect(403);

  const status = await http().get(`/api/exports/files/${id}`).set('Cookie', admin).expect(200);
  expect(status.body).toMatchObject({ id, status: 'done', rows: 300, downloadUrl: link });
  const res = await text(http().get(link).set('Cookie', admin)).expect(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="leads_export.csv"');
  const reference = await referenceExport(ds, 'leads');
  expect(res.body).toBe(reference.body);
  expect(status.body.bytes).toBe(Buffer.byteLength(reference.body));
  const downloads = await ds.query(`SELECT entity_id, user_email FROM audit_log WHERE action = 'export.download'`);
  expect(downloads).toEqual([{ entity_id: id, user_email: ADMIN.email }]);
});

it('the link expires after 24 h (410 GONE) and the sweep deletes expired files; bad ids are a 400', async () => {
  const { body } = await http().post('/api/exports/contacts').set('Cookie', admin).expect(202);
  const { id } = (body as ExportStarted).export;
  await writeFile(id);
  await http().get(`/api/exports/files/${id}/download`).set('Cookie', admin).expect(200);
  await ds.query(`UPDATE export_files SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE id = $1`, [
    id,
  ]);
  const gone = await http().get(`/api/exports/files/${id}/download`).set('Cookie', admin).expect(410);
  expect(gone.body.code).toBe('GONE');
  expect(await app.get(ExportFilesStore).deleteExpired()).toBe(1);
  await http().get(`/api/exports/files/${id}/download`).set('Cookie', admin).expect(404);
  expect(await ds.query(`SELECT count(*)::int AS n FROM export_file_chunks WHERE export_file_id = $1`, [id])).toEqual([{ n: 0 }]);
  const bad = await http().get('/api/exports/files/not-a-uuid/download').set('Cookie', admin).expect(400);
  expect(Object.keys(bad.body.details.fieldErrors)).toEqual(['id']);
});

it('the direct GET /api/exports/{kind} streams the same bytes as the in-memory export, for every kind', async () => {
  await ds.query(
    `INSERT INTO contacts (first_name, last_name, email, phone, property_type, services, message, created_at)
     SELECT '-c' || g, 'Tact', 'c' || g || '@example.com', '312555' || lpad(g::text, 4, '0'), 'residential', '{"Alarm Systems"}', 'hi',
            now() - g * interval '1 minute' - interval '30 seconds'
     FROM generate_series(1, 50) g`,
  );
  for (const kind of ['leads', 'contacts', 'all_prospects', 'comprehensive'] as const) {
    const res = await text(http().get(`/api/exports/${kind}`).set('Cookie', admin)).expect(200);
    const reference = await referenceExport(ds, kind);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reference.filename}"`);
    expect(res.body).toBe(reference.body);
  }
});
