/**
 * Delete is reversible and visible (issue 22 point 9): DELETE /api/leads/{id} archives the lead
 * (hidden from lists, KPIs, Action Items and exports; listed under `archived=only`), staff restore
 * it within 30 days, the scheduled purge deletes it for good after; the audit log has its own view
 * (GET /api/audit-log, filtered by user, action and lead) showing deletions, exports, template and
 * campaign actions, logins and settings changes.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Jobs } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { purgeArchivedLeads } from '../../src/modules/leads/lead-archive-purge.js';
import { ADMIN, seedUsers, signIn, STAFF } from '../auth/support.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;
let cookie: string;

const http = () => request(app.getHttpServer());
const sql = (q: string, params: unknown[] = []) => app.get(DataSource).query(q, params);
const DAY = 86_400_000;

const addLead = async (email: string, status = 'qualified'): Promise<number> =>
  Number(
    (
      await sql(
        `INSERT INTO leads (first_name, last_name, email, building_info, status) VALUES ('Arch', 'Ive', $1, '{}', $2) RETURNING id`,
        [email, status],
      )
    )[0].id,
  );
const listed = async (query: Record<string, string> = {}) =>
  (
    await http()
      .get('/api/leads')
      .query({ pageSize: 200, ...query })
      .set('Cookie', cookie)
      .expect(200)
  ).body.leads.map((l: { id: number }) => l.id);

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

it('DELETE archives the lead: hidden from lists, KPIs, Action Items and exports, listed as deleted, audited; twice is 404', async () => {
  const id = await addLead('gone.soon@example.com');
  const totalBefore = (await http().get('/api/leads/stats').set('Cookie', cookie).expect(200)).body;
  expect(await listed()).toContain(id);
  await http().delete(`/api/leads/${id}`).set('Cookie', cookie).expect(204);

  expect(await listed()).not.toContain(id);
  expect(await listed({ archived: 'only' })).toEqual([id]);
  const stats = (await http().get('/api/leads/stats').set('Cookie', cookie).expect(200)).body;
  expect(JSON.stringify(stats)).not.toEqual(JSON.stringify(totalBefore));
  const items = (await http().get('/api/crm/action-items').query({ pageSize: 200 }).set('Cookie', cookie).expect(200)).body.items;
  expect(items.map((i: { lead: { id: number } }) => i.lead.id)).not.toContain(id);
  const csv = (await http().get('/api/exports/leads').set('Cookie', cookie).expect(200)).text;
  expect(csv).not.toContain('gone.soon@example.com');

  const [row] = await sql(`SELECT archived_at, archived_by FROM leads WHERE id = $1`, [id]);
  expect(row.archived_at).not.toBeNull();
  expect(row.archived_by).toBe(ADMIN.email);
  const detail = (await http().get(`/api/leads/${id}`).set('Cookie', cookie).expect(200)).body;
  expect(detail.lead.archivedAt).toBe(new Date(row.archived_at).toISOString());
  expect(detail.audit[0]).toMatchObject({ action: 'lead.deleted', userEmail: ADMIN.email, details: { email: 'gone.soon@example.com' } });
  await http().delete(`/api/leads/${id}`).set('Cookie', cookie).expect(404);
});

it('staff restore an archived lead: back in the lists, audited; a lead that is not deleted is 409, a missing one 404', async () => {
  const id = await addLead('comes.back@example.com');
  await http().delete(`/api/leads/${id}`).set('Cookie', cookie).expect(204);
  const res = await http().post(`/api/leads/${id}/restore`).set('Cookie', cookie).expect(200);
  expect(res.body.lead).toMatchObject({ id, archivedAt: null, email: 'comes.back@example.com' });
  expect(await listed()).toContain(id);
  expect(await listed({ archived: 'only' })).not.toContain(id);
  await http().post(`/api/leads/${id}/restore`).set('Cookie', cookie).expect(409);
  await http().post(`/api/leads/999999/restore`).set('Cookie', cookie).expect(404);
  await http().post(`/api/leads/${id}/restore`).expect(401);
  const [audit] = await sql(`SELECT action, user_email FROM audit_log WHERE entity_id = $1 ORDER BY id DESC LIMIT 1`, [String(id)]);
  expect(audit).toEqual({ action: 'lead.restored', user_email: ADMIN.email });
});

it('the scheduled purge deletes leads archived more than 30 days ago for good (with their timeline), audited; younger ones stay', async () => {
  const old = await addLead('old.archive@example.com');
  const young = await addLead('young.archive@example.com');
  await sql(`INSERT INTO call_notes (lead_id, content) VALUES ($1, 'a call')`, [old]);
  const now = new Date();
  await sql(`UPDATE leads SET archived_at = $2, archived_by = 'someone@ironclad.test' WHERE id = $1`, [
    old,
    new Date(now.getTime() - 31 * DAY),
  ]);
  await sql(`UPDATE leads SET archived_at = $2 WHERE id = $1`, [young, new Date(now.getTime() - 29 * DAY)]);
  expect(await purgeArchivedLeads(app.get(DataSource), now)).toEqual({ purged: 1 });
  expect(await sql(`SELECT id FROM leads WHERE id = ANY($1) ORDER BY id`, [[old, young]])).toEqual([{ id: young }]);
  expect(await sql(`SELECT 1 FROM call_notes WHERE lead_id = $1`, [old])).toHaveLength(0);
  const [audit] = await sql(`SELECT user_email, details FROM audit_log WHERE action = 'lead.purged' AND entity_id = $1`, [String(old)]);
  expect(audit).toMatchObject({ user_email: null, details: { email: 'old.archive@example.com', archivedBy: 'someone@ironclad.test' } });
  expect(await purgeArchivedLeads(app.get(DataSource), now)).toEqual({ purged: 0 }); // idempotent
  await http().post(`/api/leads/${old}/restore`).set('Cookie', cookie).expect(404); // purged: gone for good
  expect(Jobs.ArchivedLeadsPurge).toMatchObject({ queue: 'campaigns', name: 'ArchivedLeadsPurge' });
});

describe('GET /api/audit-log', () => {
  it('shows deletions, exports, template and campaign actions, logins and settings changes, filtered by user, action and lead', async () => {
    const viewerCookie = await signIn(app, STAFF); // a login (refused the log later: not an admin)
    const id = await addLead('audited@example.com');
    await http().delete(`/api/leads/${id}`).set('Cookie', cookie).expect(204);
    await http().get('/api/exports/contacts').set('Cookie', cookie).expect(200);
    const tpl = (
      await http()
        .post('/api/email-templates')
        .set('Cookie', cookie)
        .send({ name: 'audit-tpl', subject: 'Hi {{firstName}}', content: 'Hello', category: 'general' })
        .expect(201)
    ).body.template;
    await http().delete(`/api/email-templates/${tpl.id}`).set('Cookie', cookie).expect(204);
    const campaign = (
      await http()
        .post('/api/bulk-communication')
        .set('Cookie', cookie)
        .send({ type: 'email', template: 'welcome', name: 'Audit campaign', filter: { status: 'won' } })
        .expect(202)
    ).body;
    await http().post(`/api/campaigns/${campaign.campaignId}/cancel`).set('Cookie', cookie);
    await http()
      .put('/api/site-settings/calculator_enabled')
      .set('Cookie', cookie)
      .send({ settingValue: true, description: 'Calculator' })
      .expect(200);

    const log = async (query: Record<string, string | number>) =>
      (await http().get('/api/audit-log').query(query).set('Cookie', cookie).expect(200)).body;
    const all = await log({ pageSize: 200 });
    const actions = all.entries.map((e: { action: string }) => e.action);
    for (const a of [
      'auth.login',
      'lead.deleted',
      'export.contacts',
      'template.created',
      'template.deleted',
      'campaign.created',
      'site_setting.updated',
    ])
      expect(actions).toContain(a);
    expect(all.actions).toEqual(expect.arrayContaining(['auth.login', 'lead.deleted', 'campaign.created']));
    expect(all.users).toEqual(expect.arrayContaining([ADMIN.email, STAFF.email]));
    // newest first
    const times = all.entries.map((e: { createdAt: string }) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const byLead = await log({ leadId: id });
    expect(byLead.entries.map((e: { action: string }) => e.action)).toEqual(['lead.deleted']);
    const byUser = await log({ user: STAFF.email.toUpperCase() });
    expect(byUser.entries.map((e: { action: string }) => e.action)).toEqual(['auth.login']);
    const templates = await log({ action: 'template.' });
    expect(templates.entries.map((e: { action: string }) => e.action)).toEqual(['template.deleted', 'template.created']);
    const exact = await log({ action: 'campaign.created' });
    expect(exact.entries[0]).toMatchObject({
      entityType: 'campaign',
      entityId: String(campaign.campaignId),
      details: { name: 'Audit campaign' },
    });
    const page = await log({ pageSize: 2, page: 2 });
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(page.entries.map((e: { id: number }) => e.id)).toEqual(all.entries.slice(2, 4).map((e: { id: number }) => e.id));

    const bad = await http().get('/api/audit-log').query({ action: 'DROP TABLE', leadId: 'x' }).set('Cookie', cookie).expect(400);
    expect(Object.keys(bad.body.details.fieldErrors).sort()).toEqual(['action', 'leadId']);
    await http().get('/api/audit-log').set('Cookie', viewerCookie).expect(403);
    await http().get('/api/audit-log').expect(401);
  });
});
