/**
 * CRM Action Items on the server (staff-side.md §4): the SQL built from the
 * contracts' ACTION_RULES agrees with `actionItemsFor` over the whole table, "today" is the New
 * York calendar day, the list is paged most urgent then youngest first, and the counts cover
 * every lead. Also the Pipeline View's sorting of GET /api/leads.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ACTION_RULES, actionItemsFor, type ActionRule, type LeadSortKey, type LeadStatus } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import {
  actionItemsParams,
  actionItemsSql,
  ActionItemsService,
  orderByUrgencyThenAge,
} from '../../src/modules/crm/action-items.service.js';
import { LeadRecord } from '../../src/modules/leads/lead.entity.js';
import { leadOrder } from '../../src/modules/leads/lead-admin.service.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let cookie: string;

/** 2026-06-10 08:00 in New York (EDT, UTC-4). */
const NOW = new Date('2026-06-10T12:00:00Z');

/** [email, status, created_at, estimate cents, last name] */
const LEADS: [string, LeadStatus, string, number | null, string | null][] = [
  ['new-today-0001@x.test', 'new', '2026-06-10T04:01:00Z', 100_00, 'Zed'], // 00:01 EDT today
  ['new-today-0700@x.test', 'new', '2026-06-10T11:00:00Z', 900_00, 'alpha'], // 07:00 EDT today
  ['new-yesterday-2359@x.test', 'new', '2026-06-10T03:59:00Z', null, 'Mid'], // 23:59 EDT yesterday, same UTC day
  ['new-old@x.test', 'new', '2026-05-01T15:00:00Z', 500_00, null],
  ['contacted-today@x.test', 'contacted', '2026-06-10T10:00:00Z', 300_00, 'Beta'],
  ['contacted-old@x.test', 'contacted', '2026-04-01T15:00:00Z', null, 'Gamma'],
  ['qualified@x.test', 'qualified', '2026-06-01T15:00:00Z', 700_00, 'delta'],
  ['proposal@x.test', 'proposal', '2026-06-10T11:30:00Z', 200_00, 'Eps'],
  ['negotiation@x.test', 'negotiation', '2026-06-09T11:30:00Z', null, 'Eta'],
  ['won@x.test', 'won', '2026-06-10T11:40:00Z', 800_00, 'Theta'],
  ['lost@x.test', 'lost', '2026-06-08T11:40:00Z', 50_00, 'Iota'],
];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  for (const [email, status, createdAt, cents, last] of LEADS) {
    await app
      .get(DataSource)
      .query(
        `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, created_at) VALUES ('F', $1, $2, '{}', $3, $4, $5)`,
        [last, email, cents, status, createdAt],
      );
  }
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());

describe('Action Items (ActionItemsService at a fixed "now")', () => {
  it('lists exactly the leads actionItemsFor gives actions, with the same actions, youngest first', async () => {
    const res = await app.get(ActionItemsService).list({ page: 1, pageSize: 50 }, NOW);
    const all = await app.get(DataSource).query(`SELECT email, status, created_at FROM leads ORDER BY created_at DESC, id DESC`);
    const expected = all
      .map((r: { email: string; status: LeadStatus; created_at: Date }) => ({
        email: r.email,
        actions: actionItemsFor({ status: r.status, createdAt: r.created_at }, NOW),
      }))
      .filter((r: { actions: unknown[] }) => r.actions.length > 0);
    const sameActions = (items: typeof res.items) =>
      items
        .map((i) => ({ email: i.lead.email, actions: i.actions.map(({ channel, urgency, title }) => ({ channel, urgency, title })) }))
        .sort((a, b) => a.email.localeCompare(b.email));
    expect(sameActions(res.items)).toEqual([...expected].sort((a, b) => a.email.localeCompare(b.email)));
    // Most overdue first (hours in stage / due hours of the most overdue open action).
    expect(res.items.map((i) => i.lead.email)).toEqual([
      'contacted-old@x.test', // 70 days since created, site visit due in 24 h
      'new-old@x.test', // 40 days, consultation call due in 24 h
      'new-today-0001@x.test', // 8 h, welcome email due in 1 h
      'qualified@x.test', // 213 h, detailed proposal due in 48 h
      'new-today-0700@x.test', // 1 h: welcome email just due
      'new-yesterday-2359@x.test', // 8 h of 24
      'contacted-today@x.test', // 2 h of 24
    ]);
    expect(res.items.map((i) => i.urgency)).toEqual(['high', 'high', 'high', 'high', 'high', 'low', 'low']);
    const sorted = res.items.map((i) => i.score);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(res).toMatchObject({ total: 7, today: '2026-06-10', timeZone: 'America/New_York' });
  });

  it('"today" is the New York day: 23:59 EDT yesterday gets the call, 00:01 EDT today the welcome email', async () => {
    const res = await app.get(ActionItemsService).list({ page: 1, pageSize: 50 }, NOW);
    const titles = (email: string) =>
      res.items.find((i) => i.lead.email === email)!.actions.map((a) => `${a.urgency} ${a.channel} ${a.title}`);
    expect(titles('new-today-0001@x.test')).toEqual(['high email Send welcome email', 'medium sms Send follow-up SMS']);
    expect(titles('new-yesterday-2359@x.test')).toEqual(['high call Schedule consultation call']);
    expect(titles('contacted-old@x.test')).toEqual(['medium email Send proposal follow-up', 'high call Schedule site visit']);
    expect(titles('qualified@x.test')).toEqual(['high email Send detailed proposal']);
    // One New York day later, the two leads of "today" need a call instead.
    const tomorrow = await app.get(ActionItemsService).list({ page: 1, pageSize: 50 }, new Date('2026-06-11T04:30:00Z'));
    expect(tomorrow.items.find((i) => i.lead.email === 'new-today-0700@x.test')!.actions.map((a) => a.title)).toEqual([
      'Schedule consultation call',
    ]);
  });

  it('pages, with counts over all leads', async () => {
    const page2 = await app.get(ActionItemsService).list({ page: 2, pageSize: 3 }, NOW);
    expect(page2.items.map((i) => i.lead.email)).toEqual(['qualified@x.test', 'new-today-0700@x.test', 'new-yesterday-2359@x.test']);
    expect(page2.total).toBe(7);
    // 2 new today (2 actions each), 2 new older (1), 2 contacted (2), 1 qualified (1).
    expect(page2.counts).toEqual({
      leads: 7,
      actions: 4 + 2 + 4 + 1,
      byLeadUrgency: { high: 5, medium: 0, low: 2 },
      byUrgency: { high: 2 + 2 + 2 + 1, medium: 2 + 2 },
      byChannel: { email: 2 + 2 + 1, sms: 2, call: 2 + 2 },
    });
    // Urgency follows age in stage: not every lead is "high".
    expect(page2.items.map((i) => i.urgency)).toEqual(['high', 'high', 'low']);
  });

  it('orders by urgency first when the rules differ in urgency (the §4 rules are all high at lead level)', async () => {
    expect(actionItemsSql(ACTION_RULES).urgencyRank).toBeNull();
    const rules: ActionRule[] = [
      { status: 'qualified', age: 'any', actions: [{ channel: 'email', urgency: 'medium', title: 'Later' }] },
      { status: 'contacted', age: 'any', actions: [{ channel: 'call', urgency: 'high', title: 'Now' }] },
      { status: 'new', age: 'today', actions: [{ channel: 'sms', urgency: 'medium', title: 'Hello' }] },
    ];
    const sql = actionItemsSql(rules);
    expect(sql.urgencyRank).toContain('CASE');
    const qb = app
      .get(DataSource)
      .getRepository(LeadRecord)
      .createQueryBuilder('l')
      .where(sql.hasActions)
      .setParameters(actionItemsParams(rules, NOW));
    const rows = await orderByUrgencyThenAge(qb, sql).getMany();
    expect(rows.map((r) => r.email)).toEqual([
      'contacted-today@x.test',
      'contacted-old@x.test',
      'new-today-0700@x.test',
      'new-today-0001@x.test',
      'qualified@x.test',
    ]);
  });

  it('GET /api/crm/action-items answers the same shape; a bad query is a 400; staff only', async () => {
    const res = await http().get('/api/crm/action-items').query({ pageSize: 2 }).set('Cookie', cookie).expect(200);
    expect(res.body).toMatchObject({ total: 7, page: 1, pageSize: 2, timeZone: 'America/New_York' });
    expect(res.body.items).toHaveLength(2);
    const bad = await http().get('/api/crm/action-items').query({ pageSize: 0 }).set('Cookie', cookie).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await http().get('/api/crm/action-items').expect(401);
  });
});

describe('Pipeline View: GET /api/leads sorts on the server', () => {
  const emails = async (query: Record<string, string | number>) =>
    (
      await http()
        .get('/api/leads')
        .query({ pageSize: 50, ...query })
        .set('Cookie', cookie)
        .expect(200)
    ).body.leads.map((l: { email: string }) => l.email);

  it('by estimate (TBD lowest), name (case-insensitive, missing = empty), status (pipeline order) and created date', async () => {
    expect((await emails({ sort: 'estimate', order: 'desc' })).slice(0, 3)).toEqual([
      'new-today-0700@x.test',
      'won@x.test',
      'qualified@x.test',
    ]);
    expect((await emails({ sort: 'estimate', order: 'desc' })).slice(-3)).toEqual([
      'new-yesterday-2359@x.test',
      'negotiation@x.test',
      'contacted-old@x.test',
    ]);
    expect((await emails({ sort: 'estimate', order: 'asc' })).slice(0, 5)).toEqual([
      'new-yesterday-2359@x.test',
      'negotiation@x.test',
      'contacted-old@x.test',
      'lost@x.test',
      'new-today-0001@x.test',
    ]);
    expect((await emails({ sort: 'name', order: 'asc' })).slice(0, 4)).toEqual([
      'new-old@x.test',
      'new-today-0700@x.test',
      'contacted-today@x.test',
      'qualified@x.test',
    ]);
    expect((await emails({ sort: 'name', order: 'desc' })).slice(0, 2)).toEqual(['new-today-0001@x.test', 'won@x.test']);
    expect((await emails({ sort: 'name', order: 'desc' })).at(-1)).toBe('new-old@x.test');
    const byStatus = await emails({ sort: 'status', order: 'asc' });
    expect(byStatus.slice(0, 4)).toEqual(['new-today-0700@x.test', 'new-today-0001@x.test', 'new-yesterday-2359@x.test', 'new-old@x.test']);
    expect(byStatus.slice(-2)).toEqual(['won@x.test', 'lost@x.test']);
    expect((await emails({ sort: 'status', order: 'desc' })).slice(0, 2)).toEqual(['lost@x.test', 'won@x.test']);
    expect((await emails({ sort: 'createdAt', order: 'asc' }))[0]).toBe('contacted-old@x.test');
  });

  it('the estimate and name sorts are index scans (IDX_leads_estimate, IDX_leads_name_lower)', async () => {
    const runner = app.get(DataSource).createQueryRunner();
    await runner.connect();
    // The ORDER BY the list endpoint uses for each sort.
    const plan = async (sort: LeadSortKey, order: 'asc' | 'desc') => {
      const orderBy = leadOrder(sort, order)
        .map(([expr, dir, nulls]) => `${expr} ${dir} ${nulls ?? ''}`)
        .join(', ');
      return JSON.stringify(await runner.query(`EXPLAIN (FORMAT JSON) SELECT * FROM leads l ORDER BY ${orderBy} LIMIT 25`));
    };
    let estimateDesc: string, estimateAsc: string, nameDesc: string, nameAsc: string;
    try {
      await runner.query('SET enable_seqscan = off'); // an 11-row table would otherwise be read whole
      estimateDesc = await plan('estimate', 'desc');
      estimateAsc = await plan('estimate', 'asc');
      nameDesc = await plan('name', 'desc');
      nameAsc = await plan('name', 'asc');
    } finally {
      await runner.query('RESET enable_seqscan');
      await runner.release();
    }
    // Read in index order, only the newest-first tie-break left to sort (no full Sort node).
    const presorted = (p: string, index: string, key: string) => {
      expect(p).toContain(index);
      expect(p).toContain('"Node Type":"Incremental Sort"');
      expect(p).toMatch(new RegExp(`"Presorted Key":\\[[^\\]]*${key}`));
    };
    presorted(estimateDesc, 'IDX_leads_estimate', 'total_estimate_cents');
    presorted(estimateAsc, 'IDX_leads_estimate', 'total_estimate_cents');
    presorted(nameDesc, 'IDX_leads_name_lower', 'last_name');
    presorted(nameAsc, 'IDX_leads_name_lower', 'last_name');
  });

  it('sorts within a filter and a search, pages, and rejects unknown sort keys', async () => {
    expect(await emails({ status: 'new', sort: 'estimate', order: 'desc' })).toEqual([
      'new-today-0700@x.test',
      'new-old@x.test',
      'new-today-0001@x.test',
      'new-yesterday-2359@x.test',
    ]);
    expect(await emails({ search: 'new-', sort: 'name', order: 'desc', page: 2, pageSize: 2 })).toEqual([
      'new-today-0700@x.test',
      'new-old@x.test',
    ]);
    expect(await emails({ status: 'new', sort: 'estimate', order: 'asc' })).toEqual([
      'new-yesterday-2359@x.test',
      'new-today-0001@x.test',
      'new-old@x.test',
      'new-today-0700@x.test',
    ]);
    await http().get('/api/leads').query({ sort: 'password' }).set('Cookie', cookie).expect(400);
    await http().get('/api/leads').query({ order: 'sideways' }).set('Cookie', cookie).expect(400);
  });
});

describe('Action Items close themselves, and staff snooze or dismiss them (issue 22 point 2)', () => {
  const HOUR = 3_600_000;
  const sql = (q: string, params: unknown[] = []) => app.get(DataSource).query(q, params);
  let seq = 0;
  const addLead = async (email: string, status: LeadStatus, createdAt: Date): Promise<number> => {
    const [row] = await sql(
      `INSERT INTO leads (first_name, last_name, email, phone, building_info, status, created_at) VALUES ('F', 'Closing', $1, '+15551230000', '{}', $2, $3) RETURNING id`,
      [email, status, createdAt],
    );
    return Number(row.id);
  };
  const addMessage = async (leadId: number, channel: 'email' | 'sms', status: string, at: Date, triggeredBy = 'staff@ironclad.test') => {
    seq += 1;
    await sql(
      `INSERT INTO outbound_messages (idempotency_key, channel, kind, recipient, body, provider, status, lead_id, triggered_by, created_at, updated_at)
       VALUES ($1, $2, 'transactional', 'x@example.com', 'hello', 'sendgrid', $3, $4, $5, $6, $6)`,
      [`ai-test-${seq}`, channel, status, leadId, triggeredBy, at],
    );
  };
  const openKeys = async (leadId: number, now = new Date()) => {
    const res = await app.get(ActionItemsService).list({ page: 1, pageSize: 100 }, now);
    return res.items.find((i) => i.lead.id === leadId)?.actions.map((a) => a.key) ?? [];
  };

  it('the welcome email leaves once an email staff sent reached the provider; a not-delivered or system email does not count', async () => {
    const now = new Date();
    const id = await addLead('closing-welcome@x.test', 'new', new Date(now.getTime() - 5 * 60_000));
    expect(await openKeys(id)).toEqual(['welcome_email', 'follow_up_sms']);
    await addMessage(id, 'email', 'not_delivered', new Date(now.getTime() - 4 * 60_000));
    await addMessage(id, 'email', 'sent', new Date(now.getTime() - 4 * 60_000), 'system');
    expect(await openKeys(id)).toEqual(['welcome_email', 'follow_up_sms']);
    await addMessage(id, 'email', 'sent', new Date(now.getTime() - 3 * 60_000));
    expect(await openKeys(id)).toEqual(['follow_up_sms']);
    await addMessage(id, 'sms', 'sent', new Date(now.getTime() - 2 * 60_000));
    expect(await openKeys(id)).toEqual([]); // every action done: the lead leaves the list
  });

  it('a logged call closes the call action; for a contacted lead only a call since it became contacted counts', async () => {
    const now = new Date();
    const id = await addLead('closing-call@x.test', 'contacted', new Date(now.getTime() - 10 * 24 * HOUR));
    await sql(`INSERT INTO call_notes (lead_id, content, created_at) VALUES ($1, 'first call', $2)`, [
      id,
      new Date(now.getTime() - 9 * 24 * HOUR),
    ]);
    await sql(`INSERT INTO lead_status_changes (lead_id, from_status, to_status, created_at) VALUES ($1, 'new', 'contacted', $2)`, [
      id,
      new Date(now.getTime() - 2 * 24 * HOUR),
    ]);
    const before = await app.get(ActionItemsService).list({ page: 1, pageSize: 100 }, now);
    const item = before.items.find((i) => i.lead.id === id)!;
    expect(item.actions.map((a) => a.key)).toEqual(['proposal_follow_up', 'site_visit']);
    // In the stage for 2 days: the site visit (24 h) is overdue, the follow-up (72 h) is not.
    expect(item.stageSince).toBe(new Date(now.getTime() - 2 * 24 * HOUR).toISOString());
    expect(item.actions.map((a) => a.overdue)).toEqual([false, true]);
    expect(item.urgency).toBe('high');
    expect(item.score).toBeCloseTo(2, 2);
    await http()
      .post('/api/send-communication')
      .set('Cookie', cookie)
      .send({ leadId: id, type: 'call', message: 'Booked the site visit' })
      .expect(201);
    expect(await openKeys(id)).toEqual(['proposal_follow_up']);
  });

  it('snooze hides an action until its time, dismiss for good, both stored and audited; reopen brings it back', async () => {
    const now = new Date();
    const id = await addLead('closing-snooze@x.test', 'qualified', new Date(now.getTime() - 3 * 24 * HOUR));
    expect(await openKeys(id)).toEqual(['detailed_proposal']);
    const until = new Date(now.getTime() + 24 * HOUR).toISOString();
    const res = await http().post(`/api/crm/action-items/${id}/detailed_proposal/snooze`).set('Cookie', cookie).send({ until }).expect(200);
    expect(res.body.state).toMatchObject({
      leadId: id,
      key: 'detailed_proposal',
      snoozedUntil: until,
      dismissedAt: null,
      updatedBy: ADMIN.email,
    });
    expect(await openKeys(id)).toEqual([]);
    expect(await openKeys(id, new Date(now.getTime() + 25 * HOUR))).toEqual(['detailed_proposal']); // the snooze ran out
    await http().post(`/api/crm/action-items/${id}/detailed_proposal/dismiss`).set('Cookie', cookie).expect(200);
    expect(await openKeys(id, new Date(now.getTime() + 25 * HOUR))).toEqual([]);
    const [row] = await sql(
      `SELECT snoozed_until, dismissed_at FROM action_item_states WHERE lead_id = $1 AND action_key = 'detailed_proposal'`,
      [id],
    );
    expect(row.snoozed_until).toBeNull();
    expect(row.dismissed_at).not.toBeNull();
    await http().delete(`/api/crm/action-items/${id}/detailed_proposal/state`).set('Cookie', cookie).expect(204);
    expect(await openKeys(id)).toEqual(['detailed_proposal']);
    const audit = await sql(`SELECT action, details FROM audit_log WHERE entity_type = 'lead' AND entity_id = $1 ORDER BY id`, [
      String(id),
    ]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'action_item.snoozed',
      'action_item.dismissed',
      'action_item.reopened',
    ]);
    expect(audit[0].details).toMatchObject({ key: 'detailed_proposal', until });
  });

  it('refuses a bad key, a past or far snooze and an unknown lead; staff only', async () => {
    const id = await addLead('closing-bad@x.test', 'qualified', new Date());
    const bad = await http().post(`/api/crm/action-items/${id}/make_coffee/dismiss`).set('Cookie', cookie).expect(400);
    expect(bad.body.details.fieldErrors.key).toBeDefined();
    const past = await http()
      .post(`/api/crm/action-items/${id}/detailed_proposal/snooze`)
      .set('Cookie', cookie)
      .send({ until: new Date(Date.now() - HOUR).toISOString() })
      .expect(400);
    expect(past.body.details.fieldErrors.until).toBeDefined();
    await http()
      .post(`/api/crm/action-items/${id}/detailed_proposal/snooze`)
      .set('Cookie', cookie)
      .send({ until: new Date(Date.now() + 91 * 24 * HOUR).toISOString() })
      .expect(400);
    await http().post(`/api/crm/action-items/${id}/detailed_proposal/snooze`).set('Cookie', cookie).send({ until: 'tomorrow' }).expect(400);
    await http().post(`/api/crm/action-items/999999/detailed_proposal/dismiss`).set('Cookie', cookie).expect(404);
    await http().post(`/api/crm/action-items/${id}/detailed_proposal/dismiss`).expect(401);
    expect(await sql(`SELECT 1 FROM action_item_states WHERE lead_id = $1`, [id])).toHaveLength(0);
  });
});
