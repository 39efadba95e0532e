/**
 * Staff download of the stored PDF estimates: GET /api/leads/:id/documents and
 * GET /api/leads/:id/documents/:documentId/pdf, staff only (decisions.md §1).
 */
import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { buildingInfoOfCalculatorSpecs, type LeadDocument } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { LeadDocumentsService } from '../../src/modules/estimates/lead-documents.service.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn, STAFF } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let admin: string;
let viewer: string;
let leadId: number;
let otherLeadId: number;
let older: LeadDocument;
let newer: LeadDocument;
const pdfBytes = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256)),
  Buffer.from('\n%%EOF\n'),
]);

async function calculatorLead(email: string): Promise<number> {
  const res = await request(app.getHttpServer())
    .post('/api/leads')
    .send({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      phone: '(212) 555-0101',
      source: 'cost_calculator',
      status: 'new',
      buildingInfo: buildingInfoOfCalculatorSpecs({
        buildingType: 'commercial',
        sqft: 12_000,
        cameras: 17,
        entryPoints: 3,
        hasAccessControl: true,
        hasVideoIntercom: false,
        hasMonitoring: true,
        buildingComplexity: 'new',
      }),
    })
    .expect(201);
  return res.body.lead.id;
}

const store = (lead: number, filename: string, content: Buffer) =>
  app.get(LeadDocumentsService).saveOnce({
    leadId: lead,
    kind: 'estimate_pdf',
    requestId: randomUUID(),
    filename,
    contentType: 'application/pdf',
    totalCents: 2_000_000,
    content,
  });

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
  viewer = await signIn(app, STAFF);
  leadId = await calculatorLead('grace@example.com');
  otherLeadId = await calculatorLead('ada@example.com');
  await store(leadId, `EST-${leadId}-0000AAAA.pdf`, Buffer.from('%PDF-1.7 older'));
  await store(leadId, `EST-${leadId}-1A2B3C4D.pdf`, pdfBytes);
  await store(otherLeadId, `EST-${otherLeadId}-FFFF0000.pdf`, Buffer.from('%PDF-1.7 other lead'));
  const list = await request(app.getHttpServer()).get(`/api/leads/${leadId}/documents`).set('Cookie', admin).expect(200);
  [newer, older] = list.body.documents;
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('GET /api/leads/:id/documents', () => {
  it('is staff only: 401 without a session, 403 for a non-admin', async () => {
    const noSession = await request(app.getHttpServer()).get(`/api/leads/${leadId}/documents`).expect(401);
    expect(noSession.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    await request(app.getHttpServer()).get(`/api/leads/${leadId}/documents`).set('Cookie', viewer).expect(403);
  });

  it("lists the lead's documents newest first, without their bytes", async () => {
    const res = await request(app.getHttpServer()).get(`/api/leads/${leadId}/documents`).set('Cookie', admin).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.documents).toHaveLength(2);
    expect(newer).toEqual({
      id: expect.any(Number),
      leadId,
      kind: 'estimate_pdf',
      filename: `EST-${leadId}-1A2B3C4D.pdf`,
      contentType: 'application/pdf',
      byteSize: pdfBytes.length,
      total: 20_000,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      downloadUrl: `/api/leads/${leadId}/documents/${newer.id}/pdf`,
    });
    expect(older.filename).toBe(`EST-${leadId}-0000AAAA.pdf`);
    expect(JSON.stringify(res.body)).not.toContain('%PDF');
  });

  it('answers an empty list for a lead without documents and 404 for an unknown lead', async () => {
    const bare = await request(app.getHttpServer())
      .post('/api/leads')
      .send({ email: 'bare@example.com', source: 'unknown', buildingInfo: {} })
      .expect(201);
    const res = await request(app.getHttpServer()).get(`/api/leads/${bare.body.lead.id}/documents`).set('Cookie', admin).expect(200);
    expect(res.body).toEqual({ documents: [] });
    const missing = await request(app.getHttpServer()).get('/api/leads/999999/documents').set('Cookie', admin).expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    await request(app.getHttpServer()).get('/api/leads/abc/documents').set('Cookie', admin).expect(400);
  });
});

describe('GET /api/leads/:id/documents/:documentId/pdf', () => {
  it('is staff only: 401 without a session, 403 for a non-admin', async () => {
    const res = await request(app.getHttpServer()).get(newer.downloadUrl).expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    await request(app.getHttpServer()).get(newer.downloadUrl).set('Cookie', viewer).expect(403);
  });

  it('sends the stored PDF bytes as an attachment named after the estimate', async () => {
    const res = await request(app.getHttpServer())
      .get(newer.downloadUrl)
      .set('Cookie', admin)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="EST-${leadId}-1A2B3C4D.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(res.body as Buffer, pdfBytes)).toBe(0);
    const first = await request(app.getHttpServer()).get(older.downloadUrl).set('Cookie', admin).buffer(true).expect(200);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="EST-${leadId}-0000AAAA.pdf"`);
  });

  it("404 for an unknown document, or another lead's document under this lead", async () => {
    const other = (await request(app.getHttpServer()).get(`/api/leads/${otherLeadId}/documents`).set('Cookie', admin).expect(200)).body
      .documents[0] as LeadDocument;
    for (const url of [
      `/api/leads/${leadId}/documents/999999/pdf`,
      `/api/leads/${leadId}/documents/${other.id}/pdf`,
      `/api/leads/999999/documents/${newer.id}/pdf`,
    ]) {
      const res = await request(app.getHttpServer()).get(url).set('Cookie', admin).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });
});
