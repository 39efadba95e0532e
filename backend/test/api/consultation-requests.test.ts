/**
 * POST /api/consultation-requests: a consultation asked for without online payment
 * (decisions.md §14) is stored as a contact with source `consultation` and its building type,
 * staff are notified, and the answer says when the company calls; bad input is a 400 with field
 * errors and stores nothing.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app/create-api.js';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;

const valid = {
  firstName: 'Ada',
  lastName: 'Byron',
  email: 'ada@example.com',
  phone: '(212) 555-0110',
  buildingType: 'office',
};

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
});

afterAll(async () => {
  await app?.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

it('stores a contact with source consultation and the building type, notifies staff and says when we call', async () => {
  const res = await request(app.getHttpServer()).post('/api/consultation-requests').send(valid).expect(201);
  expect(res.body).toEqual({ contactId: expect.any(Number), callBackWithinHours: 24 });
  const [row] = await ds.query('SELECT first_name, email, phone, property_type, source, consented_at FROM contacts WHERE id = $1', [
    res.body.contactId,
  ]);
  expect(row).toEqual({
    first_name: 'Ada',
    email: 'ada@example.com',
    phone: '(212) 555-0110',
    property_type: 'office',
    source: 'consultation',
    consented_at: null,
  });
  const outbound = await ds.query('SELECT template, subject FROM outbound_messages WHERE contact_id = $1', [res.body.contactId]);
  expect(outbound).toEqual([{ template: 'staff_new_contact', subject: 'Consultation request: Ada Byron (office)' }]);
});

it('answers 400 with field errors for missing details and stores nothing', async () => {
  const before = await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE source = 'consultation'`);
  const res = await request(app.getHttpServer())
    .post('/api/consultation-requests')
    .send({ ...valid, buildingType: ' ', phone: '12' })
    .expect(400);
  expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  expect(Object.keys(res.body.details.fieldErrors).sort()).toEqual(['buildingType', 'phone']);
  expect(await ds.query(`SELECT count(*)::int AS n FROM contacts WHERE source = 'consultation'`)).toEqual(before);
});

it('staff see the source of each contact', async () => {
  const res = await request(app.getHttpServer()).post('/api/contacts').send({
    firstName: 'Form',
    lastName: 'Visitor',
    email: 'form@example.com',
    phone: '(212) 555-0111',
    propertyType: 'residential',
  });
  expect(res.status).toBe(201);
  expect(res.body.contact).toMatchObject({ source: 'contact_form', consentedAt: null });
});
