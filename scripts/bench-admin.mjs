#!/usr/bin/env node
/**
 * `npm run bench:admin` — staff list calls at 50,000 leads.
 *
 * 1. Creates a scratch database `ironclad_bench_<random>` (BENCH_POSTGRES_URL, default
 *    postgres://postgres@127.0.0.1:5432/postgres), migrates and seeds it, then inserts
 *    BENCH_LEADS (50,000) leads and 5,000 contacts with generate_series.
 * 2. Starts the real api in this process (backend/dist, needs `npm run build`) on a free port,
 *    signs in as an admin through POST /api/auth/login and calls each staff list endpoint
 *    BENCH_ROUNDS (200) times over HTTP, one request at a time.
 * 3. Prints p50 / p99 (ms) of each call (lists, searches, Pipeline View sorts, CRM Action
 *    Items, KPI).
 * 4. Side by side in SQL (same database, same run, alternating round by round): the staff
 *    search's two queries (page + count) over the stored `search_text` column vs over the former
 *    expression (with its own trigram index, created for the comparison); p50, p99, ratio.
 * 5. Drops the pg_trgm index of `search_text` and measures the search calls again over HTTP,
 *    printing with vs without side by side with the ratio.
 * 6. Drops the database and the Redis keys of the run.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const suffix = randomBytes(4).toString('hex');
const dbName = `ironclad_bench_${suffix}`;
const prefix = `bench-${suffix}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let app;
try {
  await admin(`CREATE DATABASE "${dbName}"`);
  const mig = spawnSync(process.execPath, [join(repoRoot, 'backend/dist/cli/migrate.js')], {
    env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (mig.status !== 0) throw new Error(`migrate failed: ${mig.stderr}`);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const t0 = Date.now();
  await db.query(`
    INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents, status, source, created_at)
    SELECT (ARRAY['Ada','Grace','Alan','Linus','Margaret','Ken','Barbara','Edsger'])[1 + i % 8] || i,
           (ARRAY['Smith','Jones','Garcia','Nguyen','Okafor','Müller','Kowalski','Tanaka'])[1 + (i / 8) % 8],
           'lead' || i || '@example.com',
           '(' || (200 + i % 700) || ') 555-' || lpad((i % 10000)::text, 4, '0'),
           CASE WHEN i % 3 = 0 THEN 'Company ' || i END,
           jsonb_build_object('type', (ARRAY['residential','commercial','retail'])[1 + i % 3], 'squareFootage', (1000 + i % 9000)::text),
           CASE WHEN i % 5 = 0 THEN NULL ELSE (500000 + (i * 7919) % 5000000) END,
           (ARRAY['new','contacted','qualified','proposal','negotiation','won','lost'])[1 + i % 7],
           (ARRAY['ai_shopping','cost_calculator','manual_estimator'])[1 + i % 3],
           now() - (i % 400) * interval '1 day' - (i % 1440) * interval '1 minute'
    FROM generate_series(1, ${LEADS}) AS i`);
  await db.query(`
    INSERT INTO contacts (first_name, last_name, email, phone, property_type, services, created_at)
    SELECT 'Con' || i, 'Tact', 'contact' || i || '@example.com', '312555' || lpad(i::text, 4, '0'), 'residential', '{}', now() - (i % 300) * interval '1 day'
    FROM generate_series(1, 5000) AS i`);
  await db.query('ANALYZE leads; ANALYZE contacts');
  console.log(`seeded ${LEADS} leads and 5000 contacts in ${Date.now() - t0} ms`);

  const { parseEnv } = await import(join(repoRoot, 'backend/dist/platform/config/env.js'));
  const { createApp } = await import(join(repoRoot, 'backend/dist/app/create-api.js'));
  const { StaffUsersService } = await import(join(repoRoot, 'backend/dist/modules/staff/users.service.js'));
  const env = parseEnv({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    FRONTEND_DIST: '/nonexistent',
  });
  app = await createApp(env, { logger: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  await app.get(StaffUsersService).upsertAdmin('bench@ironclad.test', 'bench password 123');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@ironclad.test', password: 'bench password 123' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('ironclad.sid='))
    .split(';')[0];

  const calls = {
    'leads: first page (25)': '/api/leads?page=1&pageSize=25',
    'leads: status=proposal': '/api/leads?status=proposal&pageSize=25',
    'leads: search name "nguyen"': '/api/leads?search=nguyen&pageSize=25',
    'leads: search phone "555-0123"': '/api/leads?search=555-0123&pageSize=25',
    'leads: search email "lead4242@"': '/api/leads?search=lead4242%40&pageSize=25',
    'leads: search broad "example"': '/api/leads?search=example&pageSize=25',
    'leads: page 1000 (deep)': '/api/leads?page=1000&pageSize=25',
    'pipeline: sort estimate desc': '/api/leads?sort=estimate&order=desc&pageSize=25',
    'pipeline: sort name asc, page 50': '/api/leads?sort=name&order=asc&page=50&pageSize=25',
    'pipeline: status sort + search': '/api/leads?sort=status&order=asc&search=garcia&pageSize=25',
    'CRM action items (page 1)': '/api/crm/action-items?page=1&pageSize=25',
    'CRM action items (page 400)': '/api/crm/action-items?page=400&pageSize=25',
    'KPI stats (one query)': '/api/leads/stats',
    'contacts: first page (25)': '/api/contacts?page=1&pageSize=25',
  };
  async function measure(path) {
    for (let i = 0; i < 10; i += 1) await fetch(base + path, { headers: { cookie } }); // warm-up
    const times = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const s = performance.now();
      const r = await fetch(base + path, { headers: { cookie } });
      if (r.status !== 200) throw new Error(`${path} → ${r.status}`);
      await r.arrayBuffer();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    return { p50: pct(times, 50), p99: pct(times, 99) };
  }
  const withIndex = {};
  console.log(`\n${LEADS} leads, ${ROUNDS} sequential requests per call (ms, over HTTP incl. session lookup)`);
  console.log(`${'call'.padEnd(34)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`);
  for (const [name, path] of Object.entries(calls)) {
    withIndex[name] = await measure(path);
    console.log(`${name.padEnd(34)} ${withIndex[name].p50.toFixed(1).padStart(8)} ${withIndex[name].p99.toFixed(1).padStart(8)}`);
  }

  // The search's page + count queries in SQL: stored column (now) vs the former expression.
  const OLD_EXPR = `(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))`;
  await db.query(`CREATE INDEX "bench_old_search_expr" ON leads USING gin (${OLD_EXPR} gin_trgm_ops)`);
  await db.query('ANALYZE leads');
  // Both variants alternate round by round, so machine load affects them alike.
  async function measureSqlPair(whereA, whereB, needle) {
    const run = async (where) => {
      const s = performance.now();
      await db.query(`SELECT * FROM leads WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 25`, [needle]);
      await db.query(`SELECT count(*) FROM leads WHERE ${where}`, [needle]);
      return performance.now() - s;
    };
    for (let i = 0; i < 5; i += 1) {
      await run(whereA);
      await run(whereB);
    }
    const a = [];
    const b = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      a.push(await run(whereA));
      b.push(await run(whereB));
    }
    a.sort((x, y) => x - y);
    b.sort((x, y) => x - y);
    return [pct(a, 50), pct(a, 99), pct(b, 50), pct(b, 99)];
  }
  console.log(`\nstaff search in SQL (page + count queries), ms: stored search_text column vs the former expression, interleaved`);
  console.log(
    `${'term'.padEnd(14)} ${'col p50'.padStart(8)} ${'expr p50'.padStart(9)} ${'col p99'.padStart(8)} ${'expr p99'.padStart(9)} ${'p50 ratio'.padStart(10)}`,
  );
  for (const term of ['nguyen', '5550123', 'lead4242@', 'example']) {
    const [c50, c99, e50, e99] = await measureSqlPair('search_text LIKE lower($1)', `${OLD_EXPR} ILIKE $1`, `%${term}%`);
    console.log(
      `${term.padEnd(14)} ${c50.toFixed(1).padStart(8)} ${e50.toFixed(1).padStart(9)} ${c99.toFixed(1).padStart(8)} ${e99.toFixed(1).padStart(9)} ${(e50 / c50).toFixed(1).padStart(9)}x`,
    );
  }
  await db.query('DROP INDEX "bench_old_search_expr"');

  await db.query('DROP INDEX IF EXISTS "IDX_leads_search_text_trgm"');
  console.log(`\nsearch with vs without the pg_trgm GIN index (p99 ms)`);
  console.log(`${'call'.padEnd(34)} ${'with'.padStart(8)} ${'without'.padStart(8)} ${'ratio'.padStart(8)}`);
  for (const [name, path] of Object.entries(calls).filter(([n]) => n.includes('search'))) {
    const without = await measure(path);
    console.log(
      `${name.padEnd(34)} ${withIndex[name].p99.toFixed(1).padStart(8)} ${without.p99.toFixed(1).padStart(8)} ${(without.p99 / withIndex[name].p99).toFixed(1).padStart(7)}x`,
    );
  }
  await db.end();
} finally {
  await app?.close().catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) => console.error(e.message));
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
