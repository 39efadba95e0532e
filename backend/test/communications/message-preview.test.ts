/**
 * The send dialog's preview (issue 22 point 7): POST /api/leads/{id}/message-preview renders the
 * message for this lead with the same code as the send, so what staff check is what is stored and
 * sent; nothing is stored by the preview itself.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app/create-api.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;
let cookie: string;
let leadId: number;
let noPhoneId: number;

const http = () => request(app.getHttpServer());
const sql = (q: string, params: unknown[] = []) => app.get(DataSource).query(q, params);
const preview = (id: number, body: object) => http().post(`/api/leads/${id}/message-preview`).set('Cookie', cookie).send(body);

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  const [a] = await sql(
    `INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents) VALUES ('<b>Rosa</b>', 'Render', 'rosa.render@example.com', '(646) 555-0199', 'Acme & Sons', '{}', 1250000) RETURNING id`,
  );
  const [b] = await sql(
    `INSERT INTO leads (first_name, last_name, email, building_info) VALUES ('Nolan', 'Nophone', 'nolan@example.com', '{}') RETURNING id`,
  );
  leadId = a.id;
  noPhoneId = b.id;
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const messageCount = async () => Number((await sql(`SELECT count(*)::int AS n FROM outbound_messages`))[0].n);

it('previews a template email for the lead exactly as the send then stores it', async () => {
  const before = await messageCount();
  const res = await preview(leadId, { type: 'email', template: 'welcome' }).expect(200);
  expect(res.body).toMatchObject({ channel: 'email', recipient: 'rosa.render@example.com', template: 'welcome' });
  expect(res.body.subject).toContain('<b>Rosa</b>'); // plain text: the subject is not HTML
  expect(res.body.text).toContain('Hi <b>Rosa</b>,');
  expect(res.body.html).toContain('&lt;b&gt;Rosa&lt;/b&gt;'); // the HTML part escapes lead data
  expect(res.body.html).not.toContain('<b>Rosa</b>');
  expect(await messageCount()).toBe(before); // the preview stores nothing

  const sent = await http().post(`/api/leads/${leadId}/send-email`).set('Cookie', cookie).send({ template: 'welcome' }).expect(202);
  const [row] = await sql(`SELECT subject, body, recipient, template FROM outbound_messages WHERE id = $1`, [sent.body.message.id]);
  expect(row).toEqual({ subject: res.body.subject, body: res.body.text, recipient: res.body.recipient, template: 'welcome' });
});

it('previews an SMS with its variables filled and the number in E.164, as the send stores it', async () => {
  const message = 'Hi {{firstName}}, your estimate is {{estimate}}. Reply STOP to opt out.';
  const res = await preview(leadId, { type: 'sms', message }).expect(200);
  expect(res.body).toEqual({
    channel: 'sms',
    recipient: '+16465550199',
    subject: null,
    text: 'Hi <b>Rosa</b>, your estimate is $12,500. Reply STOP to opt out.',
    html: null,
    template: null,
  });
  const sent = await http().post(`/api/leads/${leadId}/send-sms`).set('Cookie', cookie).send({ message }).expect(202);
  const [row] = await sql(`SELECT body, recipient FROM outbound_messages WHERE id = $1`, [sent.body.message.id]);
  expect(row).toEqual({ body: res.body.text, recipient: res.body.recipient });
});

it('previews a free-text email with the default subject', async () => {
  const res = await preview(leadId, { type: 'email', message: 'Hello {{firstName}} at {{company}}' }).expect(200);
  expect(res.body.subject).toMatch(/^A message from /);
  expect(res.body.text).toBe('Hello <b>Rosa</b> at Acme & Sons');
  expect(res.body.html).toBeNull();
});

it('answers 400 with field errors, 404 for an unknown lead, 401 without a session', async () => {
  const unknown = await preview(leadId, { type: 'email', template: 'no-such-template' }).expect(400);
  expect(unknown.body.details.fieldErrors.template).toEqual(['Unknown template: no-such-template']);
  const syntax = await preview(leadId, { type: 'sms', message: 'Hi {{#if firstName}}' }).expect(400);
  expect(syntax.body.details.fieldErrors.message[0]).toMatch(/Template syntax error/);
  const phone = await preview(noPhoneId, { type: 'sms', message: 'Hello' }).expect(400);
  expect(phone.body.details.fieldErrors.leadId).toEqual([`Lead ${noPhoneId} has no valid phone number.`]);
  const neither = await preview(leadId, { type: 'email' }).expect(400);
  expect(neither.body.details.fieldErrors.template).toBeDefined();
  await preview(leadId, { type: 'sms', template: 'welcome', message: 'x' }).expect(400);
  await preview(leadId, { type: 'fax', message: 'x' }).expect(400);
  await preview(999_999, { type: 'sms', message: 'Hello' }).expect(404);
  await http().post(`/api/leads/${leadId}/message-preview`).send({ type: 'sms', message: 'Hello' }).expect(401);
});
