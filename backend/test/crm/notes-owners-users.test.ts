/**
 * Issue 22 points 5 and 6 on the server: notes on a lead (stored, on the timeline, editable only
 * by their author, audited), the lead's owner (set, validated, filterable, audited), staff users
 * invited and deactivated from the admin (a deactivated user cannot sign in, their session stops
 * answering), and the pipeline board (one column per stage with counts and totals over every
 * matching lead, source and owner filters).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LEAD_STATUSES } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn, STAFF } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let admin: string;
let leadA: number;
let leadB: number;
let leadC: number;

const http = () => request(app.getHttpServer());

/** Inserts a lead and answers its id. */
async function lead(email: string, status: string, source: string, cents: number | null): Promise<number> {
  const [row] = await app
    .get(DataSource)
    .query(
      `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, source) VALUES ('F', 'L', $1, '{}', $2, $3, $4) RETURNING id`,
      [email, cents, status, source],
    );
  return (row as { id: number }).id;
}

const audit = (action: string) =>
  app.get(DataSource).query(`SELECT user_email, entity_id, details FROM audit_log WHERE action = $1 ORDER BY id`, [action]) as Promise<
    { user_email: string; entity_id: string; details: Record<string, unknown> }[]
  >;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
  leadA = await lead('a@notes.test', 'new', 'ai_shopping', 100_000);
  leadB = await lead('b@notes.test', 'new', 'cost_calculator', 50_000);
  leadC = await lead('c@notes.test', 'qualified', 'ai_shopping', null);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('staff users (GET/POST /api/staff-users, PATCH /api/staff-users/{id})', () => {
  it('invites a user with name, email and admin flag; the one-time password signs in; audited', async () => {
    const res = await http()
      .post('/api/staff-users')
      .set('Cookie', admin)
      .send({ firstName: 'Sam', lastName: 'Rep', email: 'Sam.Rep@Ironclad.test', isAdmin: true })
      .expect(201);
    expect(res.body.user).toMatchObject({ email: 'sam.rep@ironclad.test', firstName: 'Sam', lastName: 'Rep', isAdmin: true, active: true });
    expect(res.body.temporaryPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const cookie = await signIn(app, { email: 'sam.rep@ironclad.test', password: res.body.temporaryPassword });
    await http().get('/api/staff-users').set('Cookie', cookie).expect(200);
    expect(await audit('staff_user.invited')).toEqual([
      { user_email: ADMIN.email, entity_id: res.body.user.id, details: { email: 'sam.rep@ironclad.test', isAdmin: true } },
    ]);
    const list = await http().get('/api/staff-users').set('Cookie', admin).expect(200);
    expect(list.body.users.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([ADMIN.email, STAFF.email, 'sam.rep@ironclad.test']),
    );
  });

  it('answers 400 with field errors for a bad invitation and 409 for a taken email', async () => {
    const bad = await http().post('/api/staff-users').set('Cookie', admin).send({ firstName: '', email: 'nope' }).expect(400);
    expect(Object.keys(bad.body.details.fieldErrors).sort()).toEqual(['email', 'firstName']);
    const taken = await http()
      .post('/api/staff-users')
      .set('Cookie', admin)
      .send({ firstName: 'A', email: ADMIN.email.toUpperCase() })
      .expect(409);
    expect(taken.body.details.fieldErrors.email).toHaveLength(1);
  });

  it('deactivates a user: their session stops answering, they cannot sign in; reactivation restores it; audited', async () => {
    const invited = await http()
      .post('/api/staff-users')
      .set('Cookie', admin)
      .send({ firstName: 'Dee', email: 'dee@ironclad.test', isAdmin: true })
      .expect(201);
    const cookie = await signIn(app, { email: 'dee@ironclad.test', password: invited.body.temporaryPassword });
    const off = await http().patch(`/api/staff-users/${invited.body.user.id}`).set('Cookie', admin).send({ active: false }).expect(200);
    expect(off.body.user.active).toBe(false);
    await http().get('/api/leads').set('Cookie', cookie).expect(401);
    await http().post('/api/auth/login').send({ email: 'dee@ironclad.test', password: invited.body.temporaryPassword }).expect(401);
    await http().patch(`/api/staff-users/${invited.body.user.id}`).set('Cookie', admin).send({ active: true }).expect(200);
    await signIn(app, { email: 'dee@ironclad.test', password: invited.body.temporaryPassword });
    expect((await audit('staff_user.deactivated')).map((r) => r.entity_id)).toEqual([invited.body.user.id]);
    expect((await audit('staff_user.reactivated')).map((r) => r.entity_id)).toEqual([invited.body.user.id]);
  });

  it('refuses to deactivate the signed-in admin, a bad id and an unknown user', async () => {
    const me = await http().get('/api/auth/me').set('Cookie', admin).expect(200);
    const self = await http().patch(`/api/staff-users/${me.body.user.id}`).set('Cookie', admin).send({ active: false }).expect(400);
    expect(self.body.details.fieldErrors.active).toHaveLength(1);
    await http().patch('/api/staff-users/not-a-uuid').set('Cookie', admin).send({ active: false }).expect(400);
    await http().patch('/api/staff-users/6f1c1e1e-1111-4111-8111-111111111111').set('Cookie', admin).send({ active: false }).expect(404);
    await http().patch(`/api/staff-users/${me.body.user.id}`).set('Cookie', admin).send({}).expect(400);
  });

  it('is for admins only', async () => {
    await http().get('/api/staff-users').expect(401);
    const staff = await signIn(app, STAFF);
    await http().get('/api/staff-users').set('Cookie', staff).expect(403);
  });
});

describe('notes on a lead', () => {
  it('stores a note, shows it on the timeline and lets only its author edit it; audited', async () => {
    const added = await http()
      .post(`/api/leads/${leadA}/notes`)
      .set('Cookie', admin)
      .send({ body: '  Prefers calls after 5 pm  ' })
      .expect(201);
    expect(added.body.note).toMatchObject({ leadId: leadA, body: 'Prefers calls after 5 pm', authorEmail: ADMIN.email, editable: true });
    const timeline = await http().get(`/api/leads/${leadA}/activities`).set('Cookie', admin).expect(200);
    expect(timeline.body.activities).toContainEqual(
      expect.objectContaining({
        id: `note:${added.body.note.id}`,
        type: 'note',
        content: 'Prefers calls after 5 pm',
        triggeredBy: ADMIN.email,
      }),
    );

    const edited = await http()
      .patch(`/api/leads/${leadA}/notes/${added.body.note.id}`)
      .set('Cookie', admin)
      .send({ body: 'Prefers calls after 6 pm' })
      .expect(200);
    expect(edited.body.note.body).toBe('Prefers calls after 6 pm');

    // Another admin sees the note but may not edit it.
    const other = await http()
      .post('/api/staff-users')
      .set('Cookie', admin)
      .send({ firstName: 'Oth', email: 'other@ironclad.test', isAdmin: true })
      .expect(201);
    const otherCookie = await signIn(app, { email: 'other@ironclad.test', password: other.body.temporaryPassword });
    const seen = await http().get(`/api/leads/${leadA}/notes`).set('Cookie', otherCookie).expect(200);
    expect(seen.body.notes).toEqual([
      expect.objectContaining({ id: added.body.note.id, body: 'Prefers calls after 6 pm', editable: false }),
    ]);
    await http().patch(`/api/leads/${leadA}/notes/${added.body.note.id}`).set('Cookie', otherCookie).send({ body: 'hijacked' }).expect(403);
    const [stored] = await app.get(DataSource).query('SELECT body FROM lead_notes WHERE id = $1', [added.body.note.id]);
    expect(stored).toEqual({ body: 'Prefers calls after 6 pm' });

    expect((await audit('lead.note_added')).map((r) => r.entity_id)).toEqual([String(leadA)]);
    expect((await audit('lead.note_edited')).map((r) => r.entity_id)).toEqual([String(leadA)]);
  });

  it('answers 400 for an empty or too long note, 404 for an unknown lead or note of another lead', async () => {
    const empty = await http().post(`/api/leads/${leadA}/notes`).set('Cookie', admin).send({ body: '   ' }).expect(400);
    expect(empty.body.details.fieldErrors.body).toHaveLength(1);
    await http()
      .post(`/api/leads/${leadA}/notes`)
      .set('Cookie', admin)
      .send({ body: 'x'.repeat(5001) })
      .expect(400);
    await http().post('/api/leads/999999/notes').set('Cookie', admin).send({ body: 'hello' }).expect(404);
    const note = await http().post(`/api/leads/${leadB}/notes`).set('Cookie', admin).send({ body: 'on B' }).expect(201);
    await http().patch(`/api/leads/${leadA}/notes/${note.body.note.id}`).set('Cookie', admin).send({ body: 'moved?' }).expect(404);
  });
});

describe('lead owner', () => {
  it('sets an owner (an active staff user), filters by it and audits the change', async () => {
    const me = await http().get('/api/auth/me').set('Cookie', admin).expect(200);
    const set = await http().patch(`/api/leads/${leadA}`).set('Cookie', admin).send({ ownerId: me.body.user.id }).expect(200);
    expect(set.body.lead.ownerId).toBe(me.body.user.id);
    const mine = await http().get(`/api/leads?owner=${me.body.user.id}`).set('Cookie', admin).expect(200);
    expect(mine.body.leads.map((l: { id: number }) => l.id)).toEqual([leadA]);
    const unowned = await http().get('/api/leads?owner=none').set('Cookie', admin).expect(200);
    expect(unowned.body.leads.map((l: { id: number }) => l.id).sort()).toEqual([leadB, leadC].sort());
    expect(await audit('lead.owner_changed')).toEqual([
      { user_email: ADMIN.email, entity_id: String(leadA), details: { from: null, to: me.body.user.id } },
    ]);
  });

  it('refuses an unknown or deactivated owner and a malformed id with field errors', async () => {
    const unknown = await http()
      .patch(`/api/leads/${leadB}`)
      .set('Cookie', admin)
      .send({ ownerId: '6f1c1e1e-1111-4111-8111-111111111111' })
      .expect(400);
    expect(unknown.body.details.fieldErrors.ownerId).toEqual(['No active staff user has this id.']);
    const bad = await http().patch(`/api/leads/${leadB}`).set('Cookie', admin).send({ ownerId: 'bob' }).expect(400);
    expect(bad.body.details.fieldErrors.ownerId).toHaveLength(1);
    const badFilter = await http().get('/api/leads?owner=bob').set('Cookie', admin).expect(400);
    expect(badFilter.body.details.fieldErrors.owner).toHaveLength(1);
    const [row] = await app.get(DataSource).query('SELECT owner_id FROM leads WHERE id = $1', [leadB]);
    expect(row).toEqual({ owner_id: null });
  });
});

describe('pipeline board (GET /api/leads/board)', () => {
  it('has one column per stage in pipeline order with counts and totals; filters by source and owner', async () => {
    const all = await http().get('/api/leads/board').set('Cookie', admin).expect(200);
    expect(all.body.columns.map((c: { status: string }) => c.status)).toEqual([...LEAD_STATUSES]);
    const column = (body: { columns: { status: string; count: number; totalEstimate: number; leads: { id: number }[] }[] }, s: string) =>
      body.columns.find((c) => c.status === s)!;
    expect(column(all.body, 'new')).toMatchObject({ count: 2, totalEstimate: 1500 });
    expect(column(all.body, 'qualified')).toMatchObject({ count: 1, totalEstimate: 0 });
    expect(column(all.body, 'won')).toMatchObject({ count: 0, totalEstimate: 0, leads: [] });

    const calc = await http().get('/api/leads/board?source=cost_calculator').set('Cookie', admin).expect(200);
    expect(column(calc.body, 'new')).toMatchObject({ count: 1, totalEstimate: 500 });
    expect(column(calc.body, 'new').leads.map((l) => l.id)).toEqual([leadB]);
    expect(column(calc.body, 'qualified').count).toBe(0);

    const unowned = await http().get('/api/leads/board?owner=none').set('Cookie', admin).expect(200);
    expect(column(unowned.body, 'new').leads.map((l) => l.id)).toEqual([leadB]);

    const one = await http().get('/api/leads/board?perColumn=1').set('Cookie', admin).expect(200);
    expect(column(one.body, 'new')).toMatchObject({ count: 2 });
    expect(column(one.body, 'new').leads).toHaveLength(1);

    const bad = await http().get('/api/leads/board?source=fax&perColumn=0').set('Cookie', admin).expect(400);
    expect(Object.keys(bad.body.details.fieldErrors).sort()).toEqual(['perColumn', 'source']);
  });

  it('a card moved by PATCH {status} lands in its new column, audited', async () => {
    await http().patch(`/api/leads/${leadB}`).set('Cookie', admin).send({ status: 'contacted' }).expect(200);
    const board = await http().get('/api/leads/board').set('Cookie', admin).expect(200);
    const contacted = board.body.columns.find((c: { status: string }) => c.status === 'contacted');
    expect(contacted.leads.map((l: { id: number }) => l.id)).toEqual([leadB]);
    expect(await audit('lead.status_changed')).toContainEqual(
      expect.objectContaining({ entity_id: String(leadB), details: { from: 'new', to: 'contacted' } }),
    );
  });
});

describe('Lead Activity filters and paging (GET /api/lead-activities)', () => {
  it('pages the most recently active leads and answers the total', async () => {
    const first = await http().get('/api/lead-activities?limit=2&page=1').set('Cookie', admin).expect(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.activities).toHaveLength(2);
    const second = await http().get('/api/lead-activities?limit=2&page=2').set('Cookie', admin).expect(200);
    expect(second.body.activities).toHaveLength(1);
    const ids = [...first.body.activities, ...second.body.activities].map((a: { leadId: number }) => a.leadId).sort();
    expect(ids).toEqual([leadA, leadB, leadC].sort());
  });

  it('filters by activity type, channel, date and search; each lead lists only its matching items', async () => {
    const notes = await http().get('/api/lead-activities?type=note').set('Cookie', admin).expect(200);
    expect(notes.body.total).toBe(2);
    expect(notes.body.activities.map((a: { leadId: number }) => a.leadId).sort()).toEqual([leadA, leadB].sort());
    for (const lead of notes.body.activities as { activities: { type: string }[] }[]) {
      expect(new Set(lead.activities.map((i) => i.type))).toEqual(new Set(['note']));
    }
    const statusChanges = await http().get('/api/lead-activities?type=status_change').set('Cookie', admin).expect(200);
    expect(statusChanges.body.activities.map((a: { leadId: number }) => a.leadId)).toEqual([leadB]);
    const sms = await http().get('/api/lead-activities?channel=sms').set('Cookie', admin).expect(200);
    expect(sms.body).toMatchObject({ total: 0, activities: [] });
    const past = await http().get('/api/lead-activities?to=2020-01-01').set('Cookie', admin).expect(200);
    expect(past.body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await http().get(`/api/lead-activities?from=2020-01-01&to=${today}`).set('Cookie', admin).expect(200);
    expect(recent.body.total).toBeGreaterThanOrEqual(2);
    const search = await http().get('/api/lead-activities?search=c%40notes').set('Cookie', admin).expect(200);
    expect(search.body.activities.map((a: { leadId: number }) => a.leadId)).toEqual([leadC]);
  });

  it('answers 400 with field errors for a bad filter', async () => {
    const bad = await http().get('/api/lead-activities?type=fax&channel=pigeon&from=yesterday').set('Cookie', admin).expect(400);
    expect(Object.keys(bad.body.details.fieldErrors).sort()).toEqual(['channel', 'from', 'type']);
    const reversed = await http().get('/api/lead-activities?from=2026-02-01&to=2026-01-01').set('Cookie', admin).expect(400);
    expect(reversed.body.details.fieldErrors.to).toHaveLength(1);
  });
});
