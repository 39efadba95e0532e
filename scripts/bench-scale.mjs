#!/usr/bin/env node
/**
 * `npm run bench:scale` — how the product scales out, measured side by side in one run:
 *
 *  (a) email campaign drain rate with 1, 2 and 3 worker processes: one api, a fake SendGrid
 *      answering each send in BENCH_LATENCY_MS (50 ms); for each worker count, that many worker
 *      processes are started, a campaign of BENCH_RECIPIENTS (3,000) leads is sent and drained, and
 *      the workers are stopped. Printed: the drain rate (sends/s between the first and the last
 *      send), its ratio to 1 worker, and its ratio to the concurrency ceiling (workers ×
 *      EMAIL_CONCURRENCY / latency); the worker CPU per send; duplicate and missing sends (0);
 *  (b) `POST /api/leads` throughput at saturation (autocannon, BENCH_CONNECTIONS (32) connections
 *      for BENCH_LEAD_SECONDS (10 s), BENCH_ROUNDS (2) rounds alternating) for 1 api process beside
 *      a bare `node:http` + `pg` + BullMQ server (scripts/lib/bare-lead-server.mjs) doing the same
 *      insert and enqueue: the same lead columns and staff notification record in one transaction,
 *      the same `StaffNotification` job. The lead has no server pricing (source `unknown`) so both
 *      store the same columns; a wizard lead (the design engine, a deposit token) is measured on
 *      the api alone for reference. Target: the api ≥ 40 % of the baseline. The bot defences are
 *      off and the limits high (BOT_DEFENCES=off, TRUSTED_PROXIES=loopback,
 *      RATE_LIMIT_LEADS_PER_HOUR=1000000) as in bench:quote, and every lead gets its own notification
 *      job like the baseline's (LEAD_DIGEST_AFTER_PER_MINUTE 10000 per 1 s window: no digest).
 *
 * The machine's load (load average, cores) is printed beside the figures: on a busy shared
 * machine they measure the contention as much as the code.
 * Real components: the built api and worker (`npm run build` first), a scratch Postgres database
 * (created and dropped), Redis with a private key prefix (deleted afterwards).
 * Variables: BENCH_RECIPIENTS, BENCH_LATENCY_MS, BENCH_CONCURRENCY (EMAIL_CONCURRENCY per worker, 5),
 * BENCH_CONNECTIONS, BENCH_LEAD_SECONDS, BENCH_ROUNDS, BENCH_VERBOSE (show the processes' output),
 * BENCH_PROFILE_DIR (write the processes' V8 CPU profiles there: api.cpuprofile, bare.cpuprofile, worker-N.cpuprofile),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { canConnect, freePort, waitFor } from './lib/net.mjs';
import { ROOT, requireFrom, rootPath } from './lib/paths.mjs';
import { killAllSync, spawnPrefixed, stopChild } from './lib/proc.mjs';
import { startFakeSendGrid } from './lib/fake-sendgrid.mjs';
import {
  INTAKE_BENCH_ENV,
  clearRedisPrefixes,
  cpuMs,
  fmt,
  loadTest,
  machineLoad as load,
  plainLead,
  scratchDatabase,
  startBenchProcess,
  wizardLead,
} from './lib/bench.mjs';

const N = Number(process.env.BENCH_RECIPIENTS ?? 3000);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LEAD_SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WORKER_COUNTS = [1, 2, 3];
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const suffix = randomBytes(4).toString('hex');
const dbName = `ironclad_bench_${suffix}`;
const queuePrefix = `bench-${suffix}`;
const ADMIN = { email: 'bench-admin@ironclad.test', password: 'bench password 123456' };

const pg = requireFrom('backend', 'pg');
const { Queue } = requireFrom('backend', 'bullmq');
const children = new Set();
const quiet = { write: () => true };
const out = () => (process.env.BENCH_VERBOSE ? process.stdout : quiet);
process.on('exit', () => killAllSync(children));

const start = (name, script, env) => startBenchProcess(children, name, script, env);

/** Saturates `POST {base}/api/leads` for `seconds` (see loadTest). */
const saturate = (base, body, seconds, pid) =>
  loadTest({
    url: `${base}/api/leads`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    seconds,
    pid,
  });

async function main() {
  for (const f of ['backend/dist/main.js', 'worker/dist/main.js', 'backend/dist/cli/migrate.js']) {
    if (!existsSync(rootPath(f))) throw new Error(`missing ${f}: run "npm run build" first`);
  }
  console.log(`bench:scale — ${load()} at the start`);
  const sendgrid = await startFakeSendGrid({ apiKey: 'SG.bench-key', record: false });
  sendgrid.delayMs = LATENCY;
  const scratch = await scratchDatabase(adminUrl, dbName);
  const dbUrl = scratch.url;
  let db;
  const messages = new Queue('messages', { connection: { url: redisUrl }, prefix: queuePrefix });
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      PDF_PREWARM: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SENDGRID_API_KEY: 'SG.bench-key',
      SENDGRID_BASE_URL: sendgrid.baseUrl,
      EMAIL_CONCURRENCY: String(CONCURRENCY),
      EMAIL_RATE_PER_SECOND: '0',
      ...INTAKE_BENCH_ENV,
    };
    const migrate = spawnPrefixed('migrate', process.execPath, [rootPath('backend/dist/cli/migrate.js')], {
      env,
      cwd: ROOT,
      out: out(),
      detached: false,
    });
    if ((await migrate.exited).code !== 0) throw new Error('migrations failed');
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query(
      `INSERT INTO leads (first_name, last_name, email, company, building_info, total_estimate_cents, status, source)
       SELECT 'Bench', 'Lead ' || i, 'scale-' || i || '@example.com', 'Co ' || i, '{}', 1000000 + i, 'contacted', 'ai_shopping' FROM generate_series(1, $1::int) AS i`,
      [N],
    );

    const api = start('api', 'backend/dist/main.js', env);
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, { timeoutMs: 90_000 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('ironclad.sid='))
      .split(';')[0];

    // ── (a) drain rate with 1, 2, 3 workers ──
    const drains = [];
    for (const k of WORKER_COUNTS) {
      const workers = Array.from({ length: k }, (_, i) => start(`worker-${i + 1}`, 'worker/dist/main.js', env));
      await waitFor(async () => (await messages.getWorkers()).length >= k, { timeoutMs: 90_000, intervalMs: 200 });
      const before = new Map(sendgrid.acceptedTo);
      const cpuBefore = workers.map((w) => cpuMs(w.pid));
      const t0 = performance.now();
      const res = await fetch(`${base}/api/bulk-communication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: base },
        body: JSON.stringify({ type: 'email', template: 'follow-up', name: `scale ${k}`, filter: { status: 'contacted' } }),
      });
      if (res.status !== 202) throw new Error(`POST /api/bulk-communication: ${res.status} ${await res.text()}`);
      const { campaignId, recipients } = await res.json();
      if (recipients !== N) throw new Error(`expected ${N} recipients, got ${recipients}`);
      await waitFor(
        async () => {
          const [c] = (await db.query('SELECT status, summary FROM campaigns WHERE id = $1', [campaignId])).rows;
          return c.status === 'sent' && c.summary;
        },
        { timeoutMs: 15 * 60_000, intervalMs: 100 },
      );
      const wallS = (performance.now() - t0) / 1000;
      const cpu = workers.reduce((sum, w, i) => sum + cpuMs(w.pid) - cpuBefore[i], 0);
      const [{ first, last, n }] = (
        await db.query(
          `SELECT min(sent_at) AS first, max(sent_at) AS last, count(*)::int AS n FROM outbound_messages WHERE campaign_id = $1 AND status = 'sent'`,
          [campaignId],
        )
      ).rows;
      let duplicates = 0;
      let missing = 0;
      for (let i = 1; i <= N; i++) {
        const address = `scale-${i}@example.com`;
        const d = (sendgrid.acceptedTo.get(address) ?? 0) - (before.get(address) ?? 0);
        if (d > 1) duplicates += d - 1;
        if (d < 1) missing += 1;
      }
      const rate = (n - 1) / ((new Date(last) - new Date(first)) / 1000);
      drains.push({
        k,
        rate,
        wallS,
        cpuPerSend: cpu / n,
        duplicates,
        missing,
        ceiling: (k * CONCURRENCY * 1000) / LATENCY,
        load: loadavg()[0],
      });
      console.log(`  ${k} worker(s): ${fmt(rate, ' sends/s')} (${load()})`);
      await Promise.all(workers.map((w) => stopChild(w, { graceMs: 15_000 })));
    }

    // ── (b) POST /api/leads at saturation: the api beside the bare baseline ──
    const barePort = await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    const bare = start('bare', 'scripts/lib/bare-lead-server.mjs', { ...env, PORT: String(barePort), QUEUE_PREFIX: `${queuePrefix}-bare` });
    await waitFor(() => canConnect(barePort), { timeoutMs: 30_000 });
    console.log(`POST /api/leads at saturation (${CONNECTIONS} connections, ${LEAD_SECONDS} s × ${ROUNDS} rounds each)…`);
    await saturate(base, plainLead, 2, api.pid); // warm-up
    await saturate(bareBase, plainLead, 2, bare.pid);
    const apiRuns = [];
    const bareRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      // alternate which goes first, so neither always follows the other's writes
      const order = round % 2 ? ['bare', 'api'] : ['api', 'bare'];
      for (const who of order) {
        const r =
          who === 'api'
            ? await saturate(base, plainLead, LEAD_SECONDS, api.pid)
            : await saturate(bareBase, plainLead, LEAD_SECONDS, bare.pid);
        (who === 'api' ? apiRuns : bareRuns).push({ ...r, load: loadavg()[0] });
        console.log(`  ${who.padEnd(4)} round ${round + 1}: ${fmt(r.rps, ' req/s')} (${load()})`);
      }
    }
    const wizard = await saturate(base, wizardLead, LEAD_SECONDS, api.pid);
    await stopChild(bare, { graceMs: 10_000 });
    await stopChild(api, { graceMs: 15_000 });

    // ── the table ──
    const mean = (runs, key) => runs.reduce((s, r) => s + r[key], 0) / runs.length;
    const line = (label, a, b = '', c = '') => console.log(`${label.padEnd(44)}${String(a).padEnd(24)}${String(b).padEnd(30)}${c}`);
    console.log('');
    console.log(`(a) email campaign of ${N}, fake SendGrid at ${LATENCY} ms, EMAIL_CONCURRENCY ${CONCURRENCY} per worker`);
    line('', 'drain rate', 'ratio to 1 worker', 'ratio to the ceiling');
    const one = drains[0].rate;
    for (const d of drains) {
      line(
        `  ${d.k} worker process${d.k > 1 ? 'es' : ''}`,
        fmt(d.rate, ' sends/s'),
        `${fmt(d.rate / one, '×', 2)} (ideal ${d.k}×)`,
        `${fmt((d.rate / d.ceiling) * 100, ' %')} of ${fmt(d.ceiling, ' sends/s', 0)}`,
      );
      line(
        '',
        `${fmt(d.wallS, ' s')} POST → sent`,
        `worker CPU ${fmt(d.cpuPerSend, ' ms/send', 2)}`,
        `dup/missing ${d.duplicates}/${d.missing}, load ${d.load.toFixed(2)}`,
      );
    }
    console.log('');
    console.log(`(b) POST /api/leads at saturation, ${CONNECTIONS} connections, mean of ${ROUNDS} × ${LEAD_SECONDS} s`);
    line('', 'throughput', 'latency p50 / p99', 'server CPU per request');
    const apiRps = mean(apiRuns, 'rps');
    const bareRps = mean(bareRuns, 'rps');
    line(
      '  bare node:http + pg + BullMQ',
      fmt(bareRps, ' req/s'),
      `${fmt(mean(bareRuns, 'p50'), ' ms', 0)} / ${fmt(mean(bareRuns, 'p99'), ' ms', 0)}`,
      fmt(mean(bareRuns, 'cpuPerRequest'), ' ms', 2),
    );
    line(
      '  api (1 process)',
      fmt(apiRps, ' req/s'),
      `${fmt(mean(apiRuns, 'p50'), ' ms', 0)} / ${fmt(mean(apiRuns, 'p99'), ' ms', 0)}`,
      fmt(mean(apiRuns, 'cpuPerRequest'), ' ms', 2),
    );
    line('  api / baseline', `${fmt((apiRps / bareRps) * 100, ' %')}`, '', `target ≥ 40 %: ${apiRps / bareRps >= 0.4 ? 'yes' : 'NO'}`);
    line(
      '  api, wizard lead (engine, deposit token)',
      fmt(wizard.rps, ' req/s'),
      `${fmt(wizard.p50, ' ms', 0)} / ${fmt(wizard.p99, ' ms', 0)}`,
      fmt(wizard.cpuPerRequest, ' ms', 2),
    );
    console.log(
      `  per round: api ${apiRuns.map((r) => fmt(r.rps, '', 0)).join(', ')}; bare ${bareRuns.map((r) => fmt(r.rps, '', 0)).join(', ')} req/s`,
    );
    console.log(`\n(${load()} at the end; node ${process.version}; Postgres and Redis on this machine)`);
  } finally {
    await messages.close().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await Promise.all([...children].map((c) => stopChild(c, { graceMs: 10_000 })));
    await sendgrid.close();
    await scratch.drop();
    await clearRedisPrefixes(redisUrl, [queuePrefix, `${queuePrefix}-bare`]);
  }
}

main().catch((err) => {
  console.error(`bench:scale failed: ${err.message}`);
  process.exitCode = 1;
});
