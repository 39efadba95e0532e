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
    expect(res.items.map((i) => ({ email: i.lead.email, actions: i.actions }))).toEqual(expected);
    expect(res.items.map((i) => i.lead.email)).toEqual([
      'new-today-0700@x.test',
      'contacted-today@x.test',
      'new-today-0001@x.test',
      'new-yesterday-2359@x.test',
      'qualified@x.test',
      'new-old@x.test',
      'contacted-old@x.test',
    ]);
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
    expect(page2.items.map((i) => i.lead.email)).toEqual(['new-yesterday-2359@x.test', 'qualified@x.test', 'new-old@x.test']);
    expect(page2.total).toBe(7);
    // 2 new today (2 actions each), 2 new older (1), 2 contacted (2), 1 qualified (1).
    expect(page2.counts).toEqual({
      leads: 7,
      actions: 4 + 2 + 4 + 1,
      byUrgency: { high: 2 + 2 + 2 + 1, medium: 2 + 2 },
      byChannel: { email: 2 + 2 + 1, sms: 2, call: 2 + 2 },
    });
    expect(page2.items.every((i) => i.urgency === 'high')).toBe(true);
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
