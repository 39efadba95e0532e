/**
 * `lead:changed` on the staff Socket.IO room (decisions.md §2): when a staff member
 * changes a lead's status, deletes a lead or creates one (manual estimate, Convert to Lead), and
 * when a visitor submits a lead, every signed-in admin's socket receives the event; anonymous
 * and non-admin sockets never do.
 */
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { leadChangedSchema, ServerEvent, type LeadChanged } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn, STAFF } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let url: string;
let adminCookie: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.listen(0, '127.0.0.1');
  url = `http://127.0.0.1:${(app.getHttpServer() as { address(): AddressInfo }).address().port}`;
  await seedUsers(app);
  adminCookie = await signIn(app, ADMIN);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

/** A connected socket that records every `lead:changed` it receives. */
async function listener(
  cookie?: string,
): Promise<{ events: LeadChanged[]; next: (pred: (e: LeadChanged) => boolean) => Promise<LeadChanged> }> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: cookie ? { Cookie: cookie } : {}, forceNew: true });
  sockets.push(socket);
  const events: LeadChanged[] = [];
  const waiters: { pred: (e: LeadChanged) => boolean; resolve: (e: LeadChanged) => void }[] = [];
  socket.on(ServerEvent.LeadChanged, (payload: unknown) => {
    const e = leadChangedSchema.parse(payload);
    events.push(e);
    for (const w of waiters.filter((x) => x.pred(e))) w.resolve(e);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const next = (pred: (e: LeadChanged) => boolean) => {
    const seen = events.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise<LeadChanged>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no lead:changed event within 5 s')), 5000);
      waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  };
  return { events, next };
}

const http = () => request(app.getHttpServer());

it('a PATCH of the status reaches another admin session; anonymous and non-admin sockets get nothing', async () => {
  const [{ id }] = await app
    .get(DataSource)
    .query(`INSERT INTO leads (email, building_info) VALUES ('evt@example.com', '{}') RETURNING id`);
  const otherAdmin = await listener(await signIn(app, ADMIN)); // a second session of an admin
  const anon = await listener();
  const viewer = await listener(await signIn(app, STAFF));

  await http().patch(`/api/leads/${id}`).set('Cookie', adminCookie).send({ status: 'closed-won' }).expect(200);
  const e = await otherAdmin.next((x) => x.leadId === id);
  expect(e).toMatchObject({ leadId: id, kind: 'status', status: 'won' });
  expect(Math.abs(e.at - Date.now())).toBeLessThan(10_000);

  await http().patch(`/api/leads/${id}`).set('Cookie', adminCookie).send({ company: 'Acme' }).expect(200);
  await expect(otherAdmin.next((x) => x.leadId === id && x.kind === 'updated')).resolves.toMatchObject({ status: 'won' });

  // A rejected change emits nothing.
  await http().patch(`/api/leads/${id}`).set('Cookie', adminCookie).send({ status: 'bogus' }).expect(400);
  await http().delete(`/api/leads/${id}`).set('Cookie', adminCookie).expect(204);
  await expect(otherAdmin.next((x) => x.leadId === id && x.kind === 'deleted')).resolves.toBeDefined();
  expect(otherAdmin.events.filter((x) => x.leadId === id).map((x) => x.kind)).toEqual(['status', 'updated', 'deleted']);

  await new Promise((r) => setTimeout(r, 200));
  expect(anon.events).toEqual([]);
  expect(viewer.events).toEqual([]);
});

it('new leads (visitor submission, manual estimate, Convert to Lead) are pushed as created', async () => {
  const admin = await listener(adminCookie);
  const pub = await http()
    .post('/api/leads')
    .send({ email: 'visitor@example.com', buildingInfo: { type: 'residential' }, source: 'ai_shopping' });
  expect(pub.status).toBe(201);
  await expect(admin.next((x) => x.leadId === pub.body.lead.id)).resolves.toMatchObject({ kind: 'created', status: 'new' });

  const manual = await http()
    .post('/api/leads/manual-estimate')
    .set('Cookie', adminCookie)
    .send({
      firstName: 'Man',
      lastName: 'Ual',
      email: 'man@example.com',
      phone: '2125550111',
      buildingType: 'commercial',
      buildingSize: 'medium',
      squareFootage: 5000,
      floors: 1,
      entryPoints: 2,
      cameras: 8,
      cameraPrice: 950,
      nvrCost: 1500,
      installationDays: 2,
      laborRate: 2200,
      additionalCosts: 0,
    })
    .expect(201);
  await expect(admin.next((x) => x.leadId === manual.body.lead.id)).resolves.toMatchObject({ kind: 'created' });

  const [{ id: contactId }] = await app
    .get(DataSource)
    .query(
      `INSERT INTO contacts (first_name, last_name, email, phone, property_type, services) VALUES ('C', 'T', 'ct@example.com', '3125550100', 'residential', '{}') RETURNING id`,
    );
  const conv = await http().post(`/api/contacts/${contactId}/convert-to-lead`).set('Cookie', adminCookie).expect(201);
  await expect(admin.next((x) => x.leadId === conv.body.lead.id)).resolves.toMatchObject({ kind: 'created' });
});
