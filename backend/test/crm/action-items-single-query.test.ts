/**
 * GET /api/crm/action-items works out the open actions once per request (issue 27 point 3): the
 * one-statement `ActionItemsService.list` must give exactly what the former three statements gave
 * (page ids by score, counts over every lead, the page's actions in rule order) on a varied data
 * set: every rule's status, "today" and older leads, status changes, sent / undelivered / system
 * messages, call notes, snoozes (running and run out), dismissals, spam and archived leads.
 * The stage-order read used for large tables (issue 27: `strategy: 'indexed'`, per rule in
 * `stage_since` order with cached counts) must give the same answer too, and its counts cache
 * serves stale counts while it refreshes after a snooze.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { ACTION_CHANNELS, ACTION_RULES, ACTION_URGENCIES, type ActionItemsResponse } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { actionItemsParams, ActionItemsService, openActionsCte } from '../../src/modules/crm/action-items.service.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;

/** 2026-06-10 08:00 in New York. */
const NOW = new Date('2026-06-10T12:00:00Z');
const HOUR = 3_600_000;
const STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'won'] as const;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  const sql = (q: string, p: unknown[] = []) => app.get(DataSource).query(q, p);
  // 240 leads, deterministic variety; several share created_at so the id tie-break matters.
  let seq = 0;
  for (let i = 0; i < 240; i++) {
    const status = STATUSES[i % STATUSES.length]!;
    const createdAt = new Date(NOW.getTime() - ((i * 37) % 200) * HOUR - (i % 3 === 0 ? 0 : (i * 7919) % 3_600_000));
    const [row] = await sql(
      `INSERT INTO leads (first_name, last_name, email, phone, building_info, status, created_at, spam_reason, archived_at)
       VALUES ('F', 'L', $1, '+15551230000', '{}', $2, $3, $4, $5) RETURNING id`,
      [`eq-${i}@x.test`, status, createdAt, i % 41 === 0 ? 'honeypot' : null, i % 43 === 0 ? NOW : null],
    );
    const id = Number(row.id);
    if (status !== 'new' && i % 4 !== 0) {
      await sql(`INSERT INTO lead_status_changes (lead_id, from_status, to_status, created_at) VALUES ($1, 'new', $2, $3)`, [
        id,
        status,
        new Date(createdAt.getTime() + ((i * 13) % 90) * HOUR),
      ]);
    }
    const at = new Date(NOW.getTime() - ((i * 11) % 150) * HOUR);
    if (i % 5 === 1 || i % 7 === 0) {
      seq += 1;
      await sql(
        `INSERT INTO outbound_messages (idempotency_key, channel, kind, recipient, body, provider, status, lead_id, triggered_by, created_at, updated_at)
         VALUES ($1, $2, 'transactional', 'x@example.com', 'hello', 'sendgrid', $3, $4, $5, $6, $6)`,
        [`eq-${seq}`, i % 2 ? 'email' : 'sms', i % 9 === 0 ? 'not_delivered' : 'sent', id, i % 11 === 0 ? 'system' : 'staff@x.test', at],
      );
    }
    if (i % 6 === 2) await sql(`INSERT INTO call_notes (lead_id, content, created_at) VALUES ($1, 'call', $2)`, [id, at]);
    const key = ACTION_RULES.flatMap((r) => r.actions)[i % 6]!.key;
    if (i % 8 === 3) {
      await sql(`INSERT INTO action_item_states (lead_id, action_key, snoozed_until) VALUES ($1, $2, $3)`, [
        id,
        key,
        new Date(NOW.getTime() + (i % 16 === 3 ? 5 : -5) * HOUR), // running, or run out
      ]);
    }
    if (i % 10 === 4) await sql(`INSERT INTO action_item_states (lead_id, action_key, dismissed_at) VALUES ($1, $2, $3)`, [id, key, NOW]);
  }
  // Ties: equal scores and created_at (ordered by id), equal scores with other created_at (ordered by age).
  for (let i = 0; i < 5; i++) {
    await sql(`INSERT INTO leads (first_name, email, building_info, status, created_at) VALUES ('Tie', $1, '{}', 'new', $2)`, [
      `tie-new-${i}@x.test`,
      new Date(NOW.getTime() - 30 * HOUR),
    ]);
  }
  for (let i = 0; i < 4; i++) {
    const [row] = await sql(
      `INSERT INTO leads (first_name, email, building_info, status, created_at) VALUES ('Tie', $1, '{}', 'contacted', $2) RETURNING id`,
      [`tie-contacted-${i}@x.test`, new Date(NOW.getTime() - (100 + i * 3) * HOUR)],
    );
    await sql(`INSERT INTO lead_status_changes (lead_id, from_status, to_status, created_at) VALUES ($1, 'new', 'contacted', $2)`, [
      Number(row.id),
      new Date(NOW.getTime() - 12 * HOUR),
    ]);
  }
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

/** The former list: three statements over the same open-actions CTE (page ids, counts, the page's actions). */
/** The former CTE: `stage_since` worked out per request from the status changes, not read from the column the database keeps. */
function formerCte(extraWhere: string): string {
  const cte = openActionsCte(extraWhere);
  if (!cte.includes('AS rule, l.stage_since')) throw new Error('openActionsCte no longer reads l.stage_since: update formerCte');
  return cte.replace(
    'AS rule, l.stage_since',
    `AS rule, CASE WHEN l.status = 'new' THEN l.created_at
       ELSE COALESCE((SELECT max(s.created_at) FROM lead_status_changes s WHERE s.lead_id = l.id AND s.to_status = l.status), l.created_at)
     END AS stage_since`,
  );
}

async function formerList(page: number, pageSize: number, now: Date) {
  const ds = app.get(DataSource);
  const params = { ...actionItemsParams(ACTION_RULES, now), now: now.toISOString() };
  const run = async <T>(sql: string, extraWhere = '', extra: Record<string, unknown> = {}): Promise<T[]> => {
    const [q, v] = ds.driver.escapeQueryWithParameters(`${formerCte(extraWhere)} ${sql}`, { ...params, ...extra });
    return ds.query(q, v);
  };
  const ids = (
    await run<{ id: number }>(
      `SELECT id FROM acts GROUP BY id ORDER BY max(ratio) DESC, max(created_at) DESC, id DESC OFFSET :offset LIMIT :limit`,
      '',
      {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      },
    )
  ).map((r) => Number(r.id));
  const [totals] = await run<Record<string, number>>(
    `, per_lead AS (SELECT id, max(ratio) AS score FROM acts GROUP BY id)
     SELECT (SELECT count(*) FROM per_lead)::int AS leads, count(*)::int AS actions,
       ${ACTION_URGENCIES.map((u) => `count(*) FILTER (WHERE urgency = '${u}')::int AS "u_${u}"`).join(', ')},
       ${ACTION_CHANNELS.map((c) => `count(*) FILTER (WHERE channel = '${c}')::int AS "c_${c}"`).join(', ')},
       (SELECT count(*) FROM per_lead WHERE score >= 1)::int AS "l_high",
       (SELECT count(*) FROM per_lead WHERE score >= 0.5 AND score < 1)::int AS "l_medium",
       (SELECT count(*) FROM per_lead WHERE score < 0.5)::int AS "l_low"
     FROM acts`,
  );
  const acts = ids.length
    ? await run<{ id: number; key: string; ratio: number }>(`SELECT * FROM acts ORDER BY id, ord`, 'AND l.id = ANY(CAST(:ids AS int[]))', {
        ids,
      })
    : [];
  return {
    ids,
    totals: totals!,
    actions: ids.map((id) => ({
      id,
      keys: acts.filter((a) => Number(a.id) === id).map((a) => a.key),
      score: Math.max(...acts.filter((a) => Number(a.id) === id).map((a) => Number(a.ratio))),
    })),
  };
}

const shape = (res: ActionItemsResponse) => ({
  ids: res.items.map((i) => i.lead.id),
  totals: {
    leads: res.counts.leads,
    actions: res.counts.actions,
    ...Object.fromEntries(ACTION_URGENCIES.map((u) => [`u_${u}`, res.counts.byUrgency[u]])),
    ...Object.fromEntries(ACTION_CHANNELS.map((c) => [`c_${c}`, res.counts.byChannel[c]])),
    ...Object.fromEntries((['high', 'medium', 'low'] as const).map((u) => [`l_${u}`, res.counts.byLeadUrgency[u]])),
  },
  actions: res.items.map((i) => ({ id: i.lead.id, keys: i.actions.map((a) => a.key), score: i.score })),
});

describe('Action Items: one statement gives what the former three gave', () => {
  it.each([
    [NOW, 1, 25],
    [NOW, 2, 25],
    [NOW, 4, 25],
    [NOW, 1, 100],
    [NOW, 99, 25], // past the end: no items, the counts still cover every lead
    [new Date(NOW.getTime() + 6 * HOUR), 1, 50], // the running snoozes have run out
    [new Date(NOW.getTime() + 20 * HOUR), 2, 30], // the next New York day
  ])('at %s, page %i of %i', async (now, page, pageSize) => {
    const former = await formerList(page, pageSize, now);
    const res = await app.get(ActionItemsService).list({ page, pageSize }, now);
    expect(shape(res)).toEqual(former);
    expect(res.total).toBe(former.totals.leads);
    expect(res.countsAsOf).toBeUndefined();
    // the stage-order read of large tables (issue 27) gives the same page and, fresh, the same counts:
    // in one round, and in many small rounds (3 candidates per rule first)
    for (const stageBatch of [undefined, 3]) {
      const indexed = await app.get(ActionItemsService).list({ page, pageSize }, now, { strategy: 'indexed', stageBatch });
      expect(shape(indexed)).toEqual(former);
      expect(indexed.countsAsOf).toBe(now.toISOString());
    }
    if (page === 1) {
      // the data set is varied enough to mean something: many leads, every lead urgency, closed and hidden actions
      expect(former.totals.leads).toBeGreaterThan(40);
      expect(former.ids.length).toBe(Math.min(pageSize, former.totals.leads));
      for (const u of ['high', 'medium', 'low']) expect(former.totals[`l_${u}`]).toBeGreaterThan(0);
    }
    if (pageSize === 100) {
      // the ties are on this page, so both tie-breaks are exercised
      const scores = res.items.map((i) => i.score);
      expect(new Set(scores).size).toBeLessThanOrEqual(scores.length - 7);
    }
  });
});

describe('Action Items at scale: the stage-order read and its counts cache (issue 27)', () => {
  it('stage_since is kept by the database whichever order a status change and its row are written in', async () => {
    const sql = (q: string, p: unknown[] = []) => app.get(DataSource).query(q, p);
    const created = new Date(NOW.getTime() - 50 * HOUR);
    const [{ id }] = await sql(
      `INSERT INTO leads (first_name, email, building_info, status, created_at) VALUES ('S', 'stage@x.test', '{}', 'new', $1) RETURNING id`,
      [created],
    );
    const stage = async () => new Date((await sql(`SELECT stage_since FROM leads WHERE id = $1`, [id]))[0].stage_since).getTime();
    expect(await stage()).toBe(created.getTime());
    // the lead first, then its change row (the application's order)
    const t1 = new Date(NOW.getTime() - 30 * HOUR);
    await sql(`UPDATE leads SET status = 'contacted' WHERE id = $1`, [id]);
    expect(await stage()).toBe(created.getTime());
    await sql(`INSERT INTO lead_status_changes (lead_id, from_status, to_status, created_at) VALUES ($1, 'new', 'contacted', $2)`, [
      id,
      t1,
    ]);
    expect(await stage()).toBe(t1.getTime());
    // the change row first, then the lead
    const t2 = new Date(NOW.getTime() - 20 * HOUR);
    await sql(`INSERT INTO lead_status_changes (lead_id, from_status, to_status, created_at) VALUES ($1, 'contacted', 'qualified', $2)`, [
      id,
      t2,
    ]);
    expect(await stage()).toBe(t1.getTime()); // still contacted
    await sql(`UPDATE leads SET status = 'qualified' WHERE id = $1`, [id]);
    expect(await stage()).toBe(t2.getTime());
    // back to contacted: its newest change to contacted; back to new: its creation
    await sql(`UPDATE leads SET status = 'contacted' WHERE id = $1`, [id]);
    expect(await stage()).toBe(t1.getTime());
    await sql(`UPDATE leads SET status = 'new' WHERE id = $1`, [id]);
    expect(await stage()).toBe(created.getTime());
    await sql(`DELETE FROM lead_status_changes WHERE lead_id = $1`, [id]);
    await sql(`DELETE FROM leads WHERE id = $1`, [id]);
  });

  it('serves cached counts while fresh, stale ones while a snooze makes it refresh, then the new ones', async () => {
    const service = app.get(ActionItemsService);
    const at = new Date(NOW.getTime() + 3 * HOUR);
    const first = await service.list({ page: 1, pageSize: 10 }, at, { strategy: 'indexed' });
    expect(first.countsAsOf).toBe(at.toISOString());
    const lead = first.items[0]!;
    // 30 s later: fresh, served as they are
    const later = new Date(at.getTime() + 30_000);
    expect((await service.list({ page: 1, pageSize: 10 }, later, { strategy: 'indexed' })).countsAsOf).toBe(at.toISOString());
    // a snooze: the next answer still has the cached counts (and already the page without the action) …
    await service.snooze({ leadId: lead.lead.id, key: lead.actions[0]!.key }, new Date(Date.now() + 86_400_000), undefined, new Date());
    const during = await service.list({ page: 1, pageSize: 50 }, later, { strategy: 'indexed' });
    expect(during.counts).toEqual(first.counts);
    expect(during.countsAsOf).toBe(at.toISOString());
    const exact = await service.list({ page: 1, pageSize: 50 }, later, { strategy: 'exact' });
    expect(exact.counts.actions).toBe(first.counts.actions - 1);
    expect(shape(during).ids).toEqual(shape(exact).ids);
    // … and a refresh in the background brings them up to date
    await waitFor(
      async () => (await service.list({ page: 1, pageSize: 1 }, later, { strategy: 'indexed' })).countsAsOf === later.toISOString(),
    );
    expect((await service.list({ page: 1, pageSize: 1 }, later, { strategy: 'indexed' })).counts).toEqual(exact.counts);
  });
});
