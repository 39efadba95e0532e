#!/usr/bin/env node
/**
 * `npm run bench:data` — staff work at scale (issue 27). One api and one worker process (the built
 * code), a scratch Postgres database seeded with set-based SQL in steps (BENCH_SIZES, default
 * 100,000 then 1,000,000 leads; per lead 0.2 contacts, 2 messages and 0.5 status changes), and at
 * each size:
 *  - every staff call BENCH_CALLS (20) times after 3 warm-ups, one at a time: p50/p95 (ms);
 *  - the comprehensive export as a job: time to done, file size, peak resident memory growth of the
 *    api and of the worker (VmRSS from /proc every 50 ms), the api's event-loop delay p99/max
 *    during it (`nodejs_eventloop_lag_*` of /metrics, which prom-client reads from
 *    perf_hooks.monitorEventLoopDelay and resets at each scrape) and the slowest `GET /api/health`
 *    probed every 100 ms meanwhile;
 *  - once, at the first size of at least 100,000: an email campaign start to 100,000 recipients
 *    (answer time and the api's event-loop delay around it), paused at once; then the worker's
 *    fan-out (the time until its recipients are stored, and the api's event-loop delay meanwhile);
 *    then cancelled.
 * Printed at the end: the table of calls with both sizes and the growth ratio, then the export and
 * campaign figures, with the machine's load.
 * With BENCH_EXPLAIN=docs/queries.md it writes there `EXPLAIN (ANALYZE, BUFFERS)` of each staff query at
 * the last size.
 * Variables: BENCH_SIZES (`100000,1000000`), BENCH_CALLS (20), BENCH_VERBOSE (show the processes'
 * output), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL
 * (redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { freePort, waitFor } from './lib/net.mjs';
import { ROOT, requireFrom, rootPath } from './lib/paths.mjs';
import { killAllSync, spawnPrefixed, stopChild } from './lib/proc.mjs';
import { clearRedisPrefixes, fmt, machineLoad, scratchDatabase, startBenchProcess } from './lib/bench.mjs';

const pg = requireFrom('backend', 'pg');
const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const CAMPAIGN_RECIPIENTS = 100_000;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const suffix = randomBytes(4).toString('hex');
const queuePrefix = `bench-data-${suffix}`;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const ADMIN = { email: 'bench.data@ironclad.test', password: 'bench data password 42' };

const children = new Set();
process.on('exit', () => killAllSync(children));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The staff calls measured at each size (the list, and the keyset page that replaces deep offsets). */
const CALLS_MEASURED = {
  'GET /api/leads?page=1': '/api/leads?page=1',
  'GET /api/leads?search=nguyen': '/api/leads?search=nguyen',
  'GET /api/leads?status=won': '/api/leads?status=won',
  'GET /api/leads?page=2000': '/api/leads?page=2000',
  'GET /api/leads?cursor=… (deep keyset)': 'CURSOR',
  'GET /api/leads/stats': '/api/leads/stats',
  'GET /api/leads/board (pipeline board)': '/api/leads/board',
  'GET /api/crm/action-items': '/api/crm/action-items',
  'GET /api/lead-activities': '/api/lead-activities',
  'GET /api/contacts?page=1': '/api/contacts?page=1',
};

/** Resident memory of process `pid` (bytes), from /proc. */
function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * The staff queries whose plans go in docs/queries.md (BENCH_EXPLAIN): the SQL the api runs for
 * each call, with the parameters of the benchmark's calls.
 */
const EXPLAINED = {
  'GET /api/leads?page=1 — the page (keyset-ready: one row more than the page)': `SELECT * FROM leads l WHERE l.spam_reason IS NULL ORDER BY l.created_at DESC, l.id DESC LIMIT 51`,
  'GET /api/leads — the count of the list': `SELECT count(*) FROM leads l WHERE l.spam_reason IS NULL`,
  'GET /api/leads?search=nguyen': `SELECT * FROM leads l WHERE l.spam_reason IS NULL AND l.search_text LIKE lower('%nguyen%') ORDER BY l.created_at DESC, l.id DESC LIMIT 51`,
  'GET /api/leads?status=won': `SELECT * FROM leads l WHERE l.spam_reason IS NULL AND l.status = 'won' ORDER BY l.created_at DESC, l.id DESC LIMIT 51`,
  'GET /api/leads?page=2000 (OFFSET)': `SELECT * FROM leads l WHERE l.spam_reason IS NULL ORDER BY l.created_at DESC, l.id DESC OFFSET 99950 LIMIT 51`,
  'GET /api/leads?cursor=… (keyset, 50,000 rows down)': `SELECT * FROM leads l WHERE l.spam_reason IS NULL AND (l.created_at, l.id) < (coalesce((SELECT c.created_at FROM leads c WHERE c.id = $ID), to_timestamp($MS / 1000.0)), $ID) ORDER BY l.created_at DESC, l.id DESC LIMIT 51`,
  'GET /api/leads/stats — maintained counters (lead_status_counts, contact_counts) and the week by index': `SELECT coalesce(sum(c.leads), 0)::int AS total,
    coalesce(sum(c.estimate_cents), 0)::bigint AS pipeline_cents,
    (SELECT count(*)::int FROM leads l WHERE l.created_at >= now() - interval '7 days' AND l.spam_reason IS NULL AND l.archived_at IS NULL) AS new_week,
    coalesce(sum(c.leads) FILTER (WHERE c.status NOT IN ('won', 'lost')), 0)::int AS active,
    coalesce(sum(c.leads) FILTER (WHERE c.status = 'won'), 0)::int AS s_won,
    (SELECT coalesce(sum(k.contacts), 0)::int FROM contact_counts k) AS contacts,
    (SELECT count(*)::int FROM contacts k WHERE k.spam_reason IS NULL AND k.created_at >= now() - interval '7 days') AS contacts_week
    FROM lead_status_counts c`,
  'GET /api/leads/board — column counts (no filter: the counters)': `SELECT status, leads AS count, estimate_cents AS cents FROM lead_status_counts`,
  'GET /api/leads/board — the first 25 cards of each column (LATERAL per stage)': `SELECT c.id FROM unnest(ARRAY['new','contacted','qualified','proposal','negotiation','won','lost']::text[]) AS s(status)
    CROSS JOIN LATERAL (SELECT l.id FROM leads l WHERE l.status = s.status AND l.spam_reason IS NULL AND l.archived_at IS NULL ORDER BY l.created_at DESC, l.id DESC LIMIT 25) c`,
  'GET /api/lead-activities — the newest events of each source (limit 50 → 200 per source)': `WITH ev AS (
    (SELECT 0 AS src, lead_id, created_at AS at FROM outbound_messages WHERE lead_id IS NOT NULL ORDER BY created_at DESC LIMIT 200)
    UNION ALL (SELECT 1, lead_id, created_at FROM call_notes ORDER BY created_at DESC LIMIT 200)
    UNION ALL (SELECT 2, lead_id, created_at FROM lead_status_changes ORDER BY created_at DESC LIMIT 200)
    UNION ALL (SELECT 3, lead_id, created_at FROM payments WHERE lead_id IS NOT NULL ORDER BY created_at DESC LIMIT 200)
    UNION ALL (SELECT 4, id, created_at FROM leads WHERE spam_reason IS NULL ORDER BY created_at DESC LIMIT 200))
    SELECT ev.src, ev.lead_id, (extract(epoch FROM ev.at) * 1000000)::float8 AS us, (l.spam_reason IS NOT NULL) AS spam FROM ev JOIN leads l ON l.id = ev.lead_id`,
  'GET /api/contacts?page=1': `SELECT * FROM contacts c WHERE c.spam_reason IS NULL ORDER BY c.created_at DESC, c.id DESC LIMIT 50`,
  'comprehensive export — the cursor query (worker)': `SELECT id, first_name, last_name, email, phone, company, address, building_info, budget, timeline, specific_areas, status, source, total_estimate_cents, created_at FROM leads WHERE spam_reason IS NULL ORDER BY created_at DESC, id DESC`,
};

/** A TypeORM `:name` parameter as an SQL literal (`{ raw }` is put in as it is). */
const sqlLiteral = (v) =>
  v && typeof v === 'object' && 'raw' in v ? v.raw : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
/** `sql` with its `:name` parameters (not `::casts`) replaced by literals. */
const inlineParams = (sql, params) => sql.replace(/(?<!:):([A-Za-z_]\w*)/g, (m, name) => (name in params ? sqlLiteral(params[name]) : m));

/**
 * The Action Items statements (built by the api's own code, backend/dist), parameters inlined at
 * the bench's "now": the stage-order read's candidates of one rule and their open actions (each
 * request), and the counts (at most once a minute, into the counts cache).
 */
async function actionItemsExplained() {
  const { ACTION_RULES } = await import('@ironclad/contracts');
  const ai = await import(pathToFileURL(rootPath('backend/dist/modules/crm/action-items.service.js')).href);
  const now = new Date();
  const params = { ...ai.actionItemsParams(ACTION_RULES, now), now: now.toISOString() };
  const rule = ACTION_RULES.findIndex((r) => r.status === 'contacted');
  const candidates = { ...params, status: 'contacted', batch: 100 };
  return {
    'GET /api/crm/action-items — the stage-order read: the 100 longest in stage of one rule (contacted), by IDX_leads_action_stage':
      inlineParams(ai.stageCandidatesSql(rule, false), candidates),
    'GET /api/crm/action-items — their open actions: the CTE narrowed to the candidates read (400: four rules of 100)': inlineParams(
      `${ai.openActionsCte('AND l.id = ANY(:ids)')} SELECT a.* FROM acts a ORDER BY a.id, a.ord`,
      {
        ...params,
        ids: {
          raw: `ARRAY(SELECT l.id FROM leads l WHERE l.status = 'contacted' AND l.spam_reason IS NULL AND l.archived_at IS NULL ORDER BY l.stage_since, l.id LIMIT 400)`,
        },
      },
    ),
    'GET /api/crm/action-items — the counts over every open action (computed at most once a minute into the counts cache, served meanwhile)':
      inlineParams(ai.actionItemsCountsSql(), params),
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Seeds leads `from`..`to` (inclusive) with their contacts, messages and status changes, set-based. */
async function seed(db, from, to) {
  const t0 = performance.now();
  await db.query(`
    INSERT INTO leads (first_name, last_name, email, phone, company, address, building_info, budget, total_estimate_cents, status, source, created_at)
    SELECT (ARRAY['Ada','Grace','Alan','Linus','Margaret','Ken','Barbara','Edsger'])[1 + i % 8] || i,
           (ARRAY['Smith','Jones','Garcia','Nguyen','Okafor','Müller','Kowalski','Tanaka'])[1 + (i / 8) % 8],
           'lead' || i || '@example.com',
           '(' || (200 + i % 700) || ') 555-' || lpad((i % 10000)::text, 4, '0'),
           CASE WHEN i % 3 = 0 THEN 'Company ' || i END,
           CASE WHEN i % 4 = 0 THEN i || ' Main St, Springfield' END,
           jsonb_build_object('type', (ARRAY['residential','commercial','retail'])[1 + i % 3], 'squareFootage', (1000 + i % 9000)::text, 'floors', 1 + i % 3),
           CASE WHEN i % 2 = 0 THEN '10k-25k' END,
           CASE WHEN i % 5 = 0 THEN NULL ELSE (500000 + (i::bigint * 7919) % 5000000) END,
           (ARRAY['new','contacted','qualified','proposal','negotiation','won','lost'])[1 + i % 7],
           (ARRAY['ai_shopping','cost_calculator','manual_estimator'])[1 + i % 3],
           now() - (i % 700) * interval '1 day' - (i % 86400) * interval '1 second'
    FROM generate_series(${from}, ${to}) AS i`);
  await db.query(`
    INSERT INTO contacts (first_name, last_name, email, phone, property_type, services, created_at)
    SELECT 'Con' || i, 'Tact', 'contact' || i || '@example.com', '312555' || lpad((i % 10000)::text, 4, '0'), 'residential', '{}',
           now() - (i % 300) * interval '1 day' - (i % 86400) * interval '1 second'
    FROM generate_series(${Math.ceil(from / 5)}, ${Math.floor(to / 5)}) AS i`);
  const ids = `(SELECT min(id) FROM leads) + i - 1`;
  await db.query(`
    INSERT INTO outbound_messages (idempotency_key, channel, recipient, subject, body, provider, status, kind, lead_id, created_at)
    SELECT 'bench:' || i || ':' || k, CASE WHEN k = 0 THEN 'email' ELSE 'sms' END, 'lead' || i || '@example.com', 'Following up',
           'Hello, following up on your security system.', 'sendgrid', 'sent', 'transactional', ${ids},
           now() - (i % 650) * interval '1 day' - k * interval '1 hour'
    FROM generate_series(${from}, ${to}) AS i, generate_series(0, 1) AS k`);
  await db.query(`
    INSERT INTO lead_status_changes (lead_id, from_status, to_status, changed_by, created_at)
    SELECT ${ids}, 'new', 'contacted', 'bench', now() - (i % 600) * interval '1 day'
    FROM generate_series(${from}, ${to}) AS i WHERE i % 2 = 0`);
  await db.query('ANALYZE leads; ANALYZE contacts; ANALYZE outbound_messages; ANALYZE lead_status_changes');
  return performance.now() - t0;
}

async function main() {
  for (const f of ['backend/dist/main.js', 'backend/dist/cli/migrate.js', 'worker/dist/main.js']) {
    if (!existsSync(rootPath(f))) throw new Error(`missing ${f}: run "npm run build" first`);
  }
  console.log(`bench:data — sizes ${SIZES.join(', ')}; ${machineLoad()} at the start`);
  const scratch = await scratchDatabase(adminUrl, `ironclad_bench_data_${suffix}`);
  const db = new pg.Client({ connectionString: scratch.url });
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      PDF_PREWARM: 'false',
      FRONTEND_DIST: '/nonexistent',
    };
    const out = process.env.BENCH_VERBOSE ? process.stdout : { write: () => true };
    const migrate = spawnPrefixed('migrate', process.execPath, [rootPath('backend/dist/cli/migrate.js')], {
      env,
      cwd: ROOT,
      out,
      detached: false,
    });
    if ((await migrate.exited).code !== 0) throw new Error('migrations failed');
    const created = spawnSync(
      process.execPath,
      [rootPath('backend/dist/cli/admin-create.js'), '--email', ADMIN.email, '--password-stdin'],
      {
        input: `${ADMIN.password}\n`,
        env: { ...env, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );
    if (created.status !== 0) throw new Error(`admin-create failed: ${created.stderr}`);
    await db.connect();

    const api = startBenchProcess(children, 'api', 'backend/dist/main.js', env);
    const worker = startBenchProcess(children, 'worker', 'worker/dist/main.js', env);
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, { timeoutMs: 90_000 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('ironclad.sid='))
      .split(';')[0];
    const get = (path) => fetch(base + path, { headers: { cookie } });
    const post = (path, body) =>
      fetch(base + path, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    /** The api's event-loop delay since the previous scrape (ms): p99 and max. */
    const loopDelay = async () => {
      const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1]) * 1000;
      return { p99: value('nodejs_eventloop_lag_p99_seconds'), max: value('nodejs_eventloop_lag_max_seconds') };
    };

    const table = {};
    const exports = [];
    let campaign = null;
    let seeded = 0;
    for (const size of SIZES) {
      const ms = await seed(db, seeded + 1, size);
      seeded = size;
      console.log(`seeded up to ${size.toLocaleString('en-US')} leads in ${fmt(ms / 1000, ' s')} (${machineLoad()})`);

      // A deep keyset page: follow nextCursor from a row 50,000 rows down.
      const [{ id: deepId, ms: deepMs }] = (
        await db.query(
          `SELECT id, (extract(epoch FROM created_at) * 1000)::bigint AS ms FROM leads WHERE spam_reason IS NULL ORDER BY created_at DESC, id DESC OFFSET 50000 LIMIT 1`,
        )
      ).rows;
      for (const [label, path0] of Object.entries(CALLS_MEASURED)) {
        const path = path0 === 'CURSOR' ? `/api/leads?cursor=${deepMs}.${deepId}` : path0;
        for (let i = 0; i < 3; i++) await (await get(path)).arrayBuffer();
        const times = [];
        for (let i = 0; i < CALLS; i++) {
          const t = performance.now();
          const res = await get(path);
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${path}: ${res.status}`);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        (table[label] ??= {})[size] = { p50: pct(times, 50), p95: pct(times, 95) };
      }
      console.log(`  staff calls measured (${machineLoad()})`);

      // The comprehensive export as a job, with memory and event-loop delay sampled meanwhile.
      await loopDelay(); // resets the histogram
      const rss0 = { api: rssBytes(api.pid), worker: rssBytes(worker.pid) };
      const peak = { ...rss0 };
      let probeMax = 0;
      let running = true;
      const sampler = (async () => {
        while (running) {
          peak.api = Math.max(peak.api, rssBytes(api.pid));
          peak.worker = Math.max(peak.worker, rssBytes(worker.pid));
          await sleep(50);
        }
      })();
      const prober = (async () => {
        while (running) {
          const t = performance.now();
          await (await fetch(`${base}/api/health`)).arrayBuffer();
          probeMax = Math.max(probeMax, performance.now() - t);
          await sleep(100);
        }
      })();
      const t0 = performance.now();
      const started = await post('/api/exports/comprehensive');
      const answerMs = performance.now() - t0;
      if (started.status !== 202) throw new Error(`POST /api/exports/comprehensive: ${started.status} ${await started.text()}`);
      const { export: file } = await started.json();
      let done;
      for (;;) {
        done = await (await get(`/api/exports/files/${file.id}`)).json();
        if (done.status === 'done' || done.status === 'failed') break;
        await sleep(200);
      }
      const exportMs = performance.now() - t0;
      running = false;
      await Promise.all([sampler, prober]);
      const loop = await loopDelay();
      if (done.status !== 'done') throw new Error(`export failed: ${done.error}`);
      exports.push({
        size,
        answerMs,
        exportMs,
        rows: done.rows,
        mb: done.bytes / 1e6,
        apiMb: (peak.api - rss0.api) / 1e6,
        workerMb: (peak.worker - rss0.worker) / 1e6,
        loop,
        probeMax,
      });
      console.log(`  export of ${done.rows.toLocaleString('en-US')} rows in ${fmt(exportMs / 1000, ' s')} (${machineLoad()})`);

      if (!campaign && size >= CAMPAIGN_RECIPIENTS) {
        // An email campaign to the newest 100,000 leads (by creation time), cancelled at once.
        const [{ since }] = (
          await db.query(
            `SELECT created_at AS since FROM leads WHERE spam_reason IS NULL ORDER BY created_at DESC, id DESC OFFSET ${CAMPAIGN_RECIPIENTS - 1} LIMIT 1`,
          )
        ).rows;
        await loopDelay();
        const c0 = performance.now();
        const res = await post('/api/bulk-communication', {
          type: 'email',
          template: 'follow-up',
          name: 'bench:data',
          filter: { createdAfter: since.toISOString() },
        });
        const ms2 = performance.now() - c0;
        const loop2 = await loopDelay();
        if (res.status !== 202) throw new Error(`POST /api/bulk-communication: ${res.status} ${await res.text()}`);
        const body = await res.json();
        // paused at once: the worker still resolves the audience (the fan-out), nothing is sent
        await post(`/api/campaigns/${body.campaignId}/pause`);
        let prepared = null;
        while (!prepared) {
          await new Promise((r) => setTimeout(r, 250));
          const { campaign: c } = await (await get(`/api/campaigns/${body.campaignId}`)).json();
          if (!c.preparing) prepared = c;
          else if (performance.now() - c0 > 600_000) throw new Error('the campaign fan-out did not end within 10 minutes');
        }
        const fanOutMs = performance.now() - c0;
        const loop3 = await loopDelay();
        await post(`/api/campaigns/${body.campaignId}/cancel`);
        campaign = { recipients: prepared.recipients, answerMs: ms2, loop: loop2, fanOutMs, fanOutLoop: loop3 };
        console.log(
          `  campaign start answered in ${fmt(ms2, ' ms', 0)}; the worker stored its ${prepared.recipients.toLocaleString('en-US')} recipients in ${fmt(fanOutMs / 1000, ' s')} (${machineLoad()})`,
        );
      }
    }

    if (process.env.BENCH_EXPLAIN) {
      const [{ id, ms }] = (
        await db.query(
          `SELECT id, (extract(epoch FROM created_at) * 1000)::bigint AS ms FROM leads WHERE spam_reason IS NULL ORDER BY created_at DESC, id DESC OFFSET 50000 LIMIT 1`,
        )
      ).rows;
      const parts = [
        '# Staff queries at scale: plans',
        '',
        `Written by \`BENCH_EXPLAIN=docs/queries.md npm run bench:data\` (issue 27) at ${seeded.toLocaleString('en-US')} leads ` +
          `(${Math.floor(seeded / 5).toLocaleString('en-US')} contacts, ${(seeded * 2).toLocaleString('en-US')} messages, ` +
          `${(seeded / 2).toLocaleString('en-US')} status changes), after the timed calls (warm cache), on ${new Date().toISOString().slice(0, 10)}. ` +
          'Each block is `EXPLAIN (ANALYZE, BUFFERS)` of the SQL the api (or the worker) runs for that call.',
        '',
      ];
      for (const [label, sql] of Object.entries({ ...EXPLAINED, ...(await actionItemsExplained()) })) {
        const text = sql.replaceAll('$ID', String(id)).replaceAll('$MS', String(ms));
        const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
        parts.push(`## ${label}`, '', '```sql', text.replace(/\s+/g, ' ').trim(), '```', '', '```', plan, '```', '');
      }
      mkdirSync(path.dirname(rootPath(process.env.BENCH_EXPLAIN)), { recursive: true });
      writeFileSync(rootPath(process.env.BENCH_EXPLAIN), parts.join('\n'));
      console.log(`plans written to ${process.env.BENCH_EXPLAIN}`);
    }

    const line = (cols, widths) => console.log(cols.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(''));
    const widths = [40, ...SIZES.map(() => 22), 10];
    console.log('');
    console.log(`bench:data — p50 / p95 of ${CALLS} calls, one signed-in admin, one api + one worker`);
    line(['call', ...SIZES.map((s) => `${s.toLocaleString('en-US')} leads`), 'growth'], widths);
    for (const [label, bySize] of Object.entries(table)) {
      const first = bySize[SIZES[0]];
      const last = bySize[SIZES[SIZES.length - 1]];
      line(
        [
          label,
          ...SIZES.map((s) => `${fmt(bySize[s].p50, '', 0)} / ${fmt(bySize[s].p95, ' ms', 0)}`),
          SIZES.length > 1 ? `×${fmt(last.p95 / first.p95, '', 2)}` : '',
        ],
        widths,
      );
    }
    console.log('');
    console.log(
      'comprehensive export (job): answer, time to done, file, peak RSS growth api / worker, api event-loop delay p99 / max, slowest /api/health meanwhile',
    );
    for (const e of exports)
      console.log(
        `  ${e.size.toLocaleString('en-US')} leads: answered in ${fmt(e.answerMs, ' ms', 0)}, done in ${fmt(e.exportMs / 1000, ' s')}, ${e.rows.toLocaleString('en-US')} rows, ${fmt(e.mb, ' MB')}; ` +
          `api +${fmt(e.apiMb, ' MB')}, worker +${fmt(e.workerMb, ' MB')}; loop delay p99 ${fmt(e.loop.p99, ' ms')} / max ${fmt(e.loop.max, ' ms')}; health max ${fmt(e.probeMax, ' ms', 0)}`,
      );
    if (campaign)
      console.log(
        `campaign start (${campaign.recipients.toLocaleString('en-US')} recipients): answered in ${fmt(campaign.answerMs, ' ms', 0)}; api event-loop delay p99 ${fmt(campaign.loop.p99, ' ms')} / max ${fmt(campaign.loop.max, ' ms')}` +
          `; fan-out in the worker ${fmt(campaign.fanOutMs / 1000, ' s')}, api event-loop delay meanwhile p99 ${fmt(campaign.fanOutLoop.p99, ' ms')} / max ${fmt(campaign.fanOutLoop.max, ' ms')}`,
      );
    console.log(`(${machineLoad()} at the end; node ${process.version}; Postgres and Redis on this machine)`);
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all([...children].map((c) => stopChild(c, { graceMs: 10_000 })));
    await scratch.drop();
    await clearRedisPrefixes(redisUrl, [queuePrefix]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
