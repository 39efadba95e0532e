#!/usr/bin/env node
/**
 * `npm run bench:campaign` — bulk campaign throughput, measured side by side in one run:
 *
 *  1. an email campaign of BENCH_RECIPIENTS (10,000) leads drained by two worker processes against
 *     a fake SendGrid answering each send in BENCH_LATENCY_MS (50 ms): the time to store the
 *     recipients (the POST) and to fan out one job per recipient; the drain rate (sends/s between
 *     the first and the last send) beside the ceiling set by concurrency and latency
 *     (EMAIL_CONCURRENCY × 1000 / latency × workers, target ≥ 90 %); duplicate and missing sends
 *     counted at the fake (must be 0);
 *  2. an SMS campaign of BENCH_SMS_RECIPIENTS (1,500) through the limiter (SMS_RATE_PER_SECOND,
 *     BENCH_SMS_RATE 100/s) against a fake Twilio with the same latency: the achieved rate beside
 *     the setting (target within ±5 %);
 *  3. the p99 of POST /api/leads (a public lead, its staff notification queued) at BENCH_LEAD_RATE
 *     (10/s) while the email campaign drains, beside the same measured while idle (target ≤ 2×).
 *
 * Real components: the built api and worker (`npm run build` first), a scratch Postgres database
 * (created and dropped), Redis with a private key prefix (deleted afterwards).
 * Variables: BENCH_RECIPIENTS, BENCH_LATENCY_MS, BENCH_CONCURRENCY (EMAIL_CONCURRENCY per worker, 5: a
 * ceiling of 200 sends/s, within what two cores can drive; the CPU per send is printed),
 * BENCH_SMS_RECIPIENTS, BENCH_SMS_RATE, BENCH_LEAD_RATE, BENCH_IDLE_SECONDS (10), BENCH_PROFILE_DIR (write
 * the workers' V8 CPU profiles there),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { freePort, sleep, waitFor } from './lib/net.mjs';
import { ROOT, requireFrom, rootPath } from './lib/paths.mjs';
import { killAllSync, spawnPrefixed, stopChild } from './lib/proc.mjs';
import { startFakeSendGrid } from './lib/fake-sendgrid.mjs';
import { startFakeTwilio } from './lib/fake-twilio.mjs';

const N = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 5);
const SMS_N = Number(process.env.BENCH_SMS_RECIPIENTS ?? 1500);
const SMS_RATE = Number(process.env.BENCH_SMS_RATE ?? 100);
const LEAD_RATE = Number(process.env.BENCH_LEAD_RATE ?? 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const WORKERS = 2;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const suffix = randomBytes(4).toString('hex');
const dbName = `ironclad_bench_${suffix}`;
const queuePrefix = `bench-${suffix}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const ADMIN = { email: 'bench-admin@ironclad.test', password: 'bench password 123456' };
const FROM = '+12125550100';

const pg = requireFrom('backend', 'pg');
const { Redis } = requireFrom('backend', 'ioredis');
const children = [];
const quiet = { write: () => true };
process.on('exit', () => killAllSync(children));

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (x, unit = '', digits = 1) => `${x.toFixed(digits)}${unit}`;

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

/** POSTs a public lead every 1/rate s while `until()` is false; answers the latencies (ms) and the failed requests. */
async function leadLoad(base, rate, until) {
  const lat = [];
  lat.failed = 0;
  const inflight = [];
  const gap = 1000 / rate;
  const t0 = performance.now();
  for (let i = 0; !until(); i++) {
    const wait = t0 + i * gap - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(
      (async () => {
        const t = performance.now();
        const res = await fetch(`${base}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Load',
            lastName: `Test ${i}`,
            email: `load-${suffix}-${i}-${Math.random().toString(36).slice(2)}@example.com`,
            phone: '(212) 555-0100',
            buildingInfo: { type: 'residential', squareFootage: '2500', floors: 2, entryPoints: 3 },
            source: 'ai_shopping',
          }),
        });
        await res.arrayBuffer();
        lat.push(performance.now() - t);
        if (res.status !== 201) lat.failed += 1;
      })(),
    );
  }
  await Promise.all(inflight);
  return lat;
}

async function main() {
  for (const f of ['backend/dist/main.js', 'worker/dist/main.js', 'backend/dist/cli/migrate.js']) {
    if (!existsSync(rootPath(f))) throw new Error(`missing ${f}: run "npm run build" first`);
  }
  console.log(
    `bench:campaign — ${N} emails at ${LATENCY} ms per send, ${WORKERS} workers × EMAIL_CONCURRENCY ${CONCURRENCY}; ${SMS_N} SMS at SMS_RATE_PER_SECOND ${SMS_RATE}`,
  );
  const sendgrid = await startFakeSendGrid({ apiKey: 'SG.bench-key', record: false });
  const twilio = await startFakeTwilio();
  sendgrid.delayMs = LATENCY;
  twilio.delayMs = LATENCY;
  await admin(`CREATE DATABASE "${dbName}"`);
  let api;
  const workers = [];
  let db;
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
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SENDGRID_API_KEY: 'SG.bench-key',
      SENDGRID_BASE_URL: sendgrid.baseUrl,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_PHONE_NUMBER: FROM,
      TWILIO_BASE_URL: twilio.baseUrl,
      EMAIL_CONCURRENCY: String(CONCURRENCY),
      EMAIL_RATE_PER_SECOND: '0',
      SMS_CONCURRENCY: String(CONCURRENCY),
      SMS_RATE_PER_SECOND: String(SMS_RATE),
    };
    const migrate = spawnPrefixed('migrate', process.execPath, [rootPath('backend/dist/cli/migrate.js')], {
      env,
      cwd: ROOT,
      out: quiet,
      detached: false,
    });
    if ((await migrate.exited).code !== 0) throw new Error('migrations failed');
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query(
      `INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents, status, source)
       SELECT 'Bench', 'Lead ' || i, 'bench-' || i || '@example.com', NULL, 'Co ' || i, '{}', 1000000 + i, 'contacted', 'ai_shopping' FROM generate_series(1, $1::int) AS i`,
      [N],
    );
    await db.query(
      `INSERT INTO leads (first_name, last_name, email, phone, building_info, total_estimate_cents, status, source)
       SELECT 'Sms', 'Lead ' || i, 'sms-' || i || '@example.com', '+1646' || lpad(i::text, 7, '0'), '{}', 500000, 'qualified', 'ai_shopping' FROM generate_series(1, $1::int) AS i`,
      [SMS_N],
    );

    api = spawnPrefixed('api', process.execPath, [rootPath('backend/dist/main.js')], {
      env,
      cwd: ROOT,
      out: process.env.BENCH_VERBOSE ? process.stdout : quiet,
      detached: false,
    });
    children.push(api);
    for (let i = 0; i < WORKERS; i++) {
      const prof = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
      const w = spawnPrefixed(`worker${i + 1}`, process.execPath, [...prof, rootPath('worker/dist/main.js')], {
        env,
        cwd: ROOT,
        out: process.env.BENCH_VERBOSE ? process.stdout : quiet,
        detached: false,
      });
      children.push(w);
      workers.push(w);
    }
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
    const staffPost = (path, body) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: base },
        body: JSON.stringify(body),
      });
    // the workers are up once they have drained a first test send
    const warm = await staffPost('/api/quick-test-communication', { email: 'warmup@example.com', phone: '+12125550199' });
    if (warm.status !== 200) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`);

    // 3a. idle p99 of POST /api/leads
    console.log(`measuring POST /api/leads while idle (${IDLE_SECONDS} s at ${LEAD_RATE}/s)…`);
    const idleEnd = performance.now() + IDLE_SECONDS * 1000;
    const idle = await leadLoad(base, LEAD_RATE, () => performance.now() > idleEnd);
    await sleep(1000);

    // 1. the email campaign, with POST /api/leads load during the drain
    console.log(`email campaign of ${N}…`);
    const sendsBefore = sendgrid.total;
    const cpuBefore = workers.map((w) => cpuMs(w.pid));
    const apiCpuBefore = cpuMs(api.pid);
    const t0 = performance.now();
    const res = await staffPost('/api/bulk-communication', {
      type: 'email',
      template: 'follow-up',
      name: 'bench',
      filter: { status: 'contacted' },
    });
    const postMs = performance.now() - t0;
    console.log(`  stored in ${postMs.toFixed(0)} ms`);
    if (res.status !== 202) throw new Error(`POST /api/bulk-communication: ${res.status} ${await res.text()}`);
    const { campaignId, recipients } = await res.json();
    if (recipients !== N) throw new Error(`expected ${N} recipients, got ${recipients}`);
    let done = false;
    const busyPromise = leadLoad(base, LEAD_RATE, () => done);
    const state = async () =>
      (await db.query('SELECT status, fanned_out_at, created_at, summary FROM campaigns WHERE id = $1', [campaignId])).rows[0];
    let fannedOutMs = null;
    await waitFor(
      async () => {
        const s = await state();
        if (fannedOutMs === null && s.fanned_out_at) fannedOutMs = performance.now() - t0;
        return s.status === 'sent' && s.summary;
      },
      { timeoutMs: 15 * 60_000, intervalMs: 100 },
    );
    done = true;
    const workerCpu = workers.reduce((sum, w, i) => sum + cpuMs(w.pid) - cpuBefore[i], 0);
    const apiCpu = cpuMs(api.pid) - apiCpuBefore;
    const busy = await busyPromise;
    const [{ first, last, n: sentN }] = (
      await db.query(
        `SELECT min(sent_at) AS first, max(sent_at) AS last, count(*)::int AS n FROM outbound_messages WHERE campaign_id = $1 AND status = 'sent'`,
        [campaignId],
      )
    ).rows;
    const drainS = (new Date(last) - new Date(first)) / 1000;
    const drainRate = (sentN - 1) / drainS;
    const ceiling = CONCURRENCY * (1000 / LATENCY) * WORKERS;
    let duplicates = 0;
    let missing = 0;
    for (let i = 1; i <= N; i++) {
      const c = sendgrid.acceptedTo.get(`bench-${i}@example.com`) ?? 0;
      if (c > 1) duplicates += c - 1;
      if (c === 0) missing += 1;
    }

    // 2. the limited SMS campaign
    console.log(`SMS campaign of ${SMS_N} at SMS_RATE_PER_SECOND ${SMS_RATE}…`);
    const sms = await staffPost('/api/bulk-communication', {
      type: 'sms',
      message: 'Hi {{firstName}}, your spring security check-up is due.',
      filter: { status: 'qualified' },
    });
    if (sms.status !== 202) throw new Error(`POST /api/bulk-communication (sms): ${sms.status} ${await sms.text()}`);
    const smsId = (await sms.json()).campaignId;
    await waitFor(
      async () => {
        const r = (await db.query('SELECT status, summary FROM campaigns WHERE id = $1', [smsId])).rows[0];
        return r.status === 'sent' && r.summary;
      },
      { timeoutMs: 15 * 60_000, intervalMs: 200 },
    );
    const smsRows = (
      await db.query(
        `SELECT min(sent_at) AS first, max(sent_at) AS last, count(*)::int AS n FROM outbound_messages WHERE campaign_id = $1 AND status = 'sent'`,
        [smsId],
      )
    ).rows[0];
    const smsRate = (smsRows.n - 1) / ((new Date(smsRows.last) - new Date(smsRows.first)) / 1000);
    let smsDuplicates = 0;
    for (const c of twilio.acceptedTo.values()) if (c > 1) smsDuplicates += c - 1;

    const line = (label, a, b = '', c = '') => console.log(`${label.padEnd(46)}${String(a).padEnd(26)}${String(b).padEnd(20)}${c}`);
    console.log('');
    line('', 'measured', 'reference', 'ratio / target');
    line(`store ${N} recipients (POST, 202)`, fmt(postMs, ' ms', 0));
    line('fan-out (POST → every job enqueued)', fmt(fannedOutMs ?? NaN, ' ms', 0));
    line(
      'drain rate (first → last send)',
      fmt(drainRate, ' sends/s'),
      fmt(ceiling, ' sends/s ceiling'),
      `${fmt((drainRate / ceiling) * 100, ' %')} (≥ 90 %)`,
    );
    line('  campaign wall time (POST → sent)', fmt(drainS, ' s drain'), '', `${sendgrid.total - sendsBefore} Mail Send requests`);
    line(
      '  worker CPU per send (both workers)',
      fmt(workerCpu / (sendgrid.total - sendsBefore), ' ms', 2),
      '',
      `api CPU during the campaign ${fmt(apiCpu / 1000, ' s')}`,
    );
    line('duplicate / missing emails', `${duplicates} / ${missing}`, '', 'must be 0 / 0');
    line(
      `SMS limiter (${SMS_N} SMS)`,
      fmt(smsRate, ' sends/s'),
      fmt(SMS_RATE, ' sends/s setting'),
      `${fmt((smsRate / SMS_RATE - 1) * 100, ' %')} (±5 %)`,
    );
    line('duplicate SMS', smsDuplicates, '', 'must be 0');
    line(
      'POST /api/leads p99, during drain vs idle',
      fmt(pct(busy, 99), ' ms'),
      fmt(pct(idle, 99), ' ms idle'),
      `${fmt(pct(busy, 99) / pct(idle, 99), '×', 2)} (≤ 2×)`,
    );
    line(
      '  p50 during drain vs idle',
      fmt(pct(busy, 50), ' ms'),
      fmt(pct(idle, 50), ' ms idle'),
      `n = ${busy.length} / ${idle.length}, failed ${busy.failed} / ${idle.failed}`,
    );
    console.log(
      `\n(fake providers on localhost answering in ${LATENCY} ms; machine load average ${loadavg()[0].toFixed(2)} on ${(await import('node:os')).cpus().length} cores)`,
    );
  } finally {
    await db?.end().catch(() => undefined);
    for (const w of workers) await stopChild(w, { graceMs: 15_000 });
    if (api) await stopChild(api, { graceMs: 15_000 });
    await sendgrid.close();
    await twilio.close();
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  }
}

main().catch((err) => {
  console.error(`bench:campaign failed: ${err.message}`);
  process.exitCode = 1;
});
