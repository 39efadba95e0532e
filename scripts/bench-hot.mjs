#!/usr/bin/env node
/**
 * `npm run bench:hot` — the two hot paths beside bare baselines, measured side by side in one run
 * against one api process alone (no worker), autocannon with BENCH_CONNECTIONS (10) connections
 * for BENCH_SECONDS (10 s) per run, BENCH_ROUNDS (2) rounds alternating which goes first:
 *
 *  - `POST /api/leads` (a public lead without server pricing, as in bench:scale) beside
 *    scripts/lib/bare-lead-server.mjs: `node:http` + JSON.parse + one INSERT transaction + one
 *    BullMQ job;
 *  - `GET /` (the prerendered home page, `Accept-Encoding: gzip`) beside
 *    scripts/lib/bare-page-server.mjs: `node:http` sending the same HTML (fetched from the api
 *    first), gzip-compressed once.
 *
 * Printed per path: req/s, latency p50/p99, the server's CPU per request (process CPU time /
 * requests, from /proc), the ratio to the baseline, and the p99 at half the product's saturation
 * rate (autocannon `overallRate`). Targets: intake ≥ 40 % of its baseline and ≤ 1.5 ms api CPU
 * per lead; home page ≥ 40 % of its baseline; p99 of both ≤ 30 ms at half saturation. The
 * machine's load is printed beside the figures.
 * Real components: the built api (`npm run build` first), a scratch Postgres database (created and
 * dropped), Redis with a private key prefix (deleted afterwards).
 * Variables: BENCH_PATHS (`lead,page`: which rows to measure), BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_ROUNDS, BENCH_VERBOSE (show the processes'
 * output), BENCH_PROFILE_DIR (write V8 CPU profiles there: api.cpuprofile, …),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canConnect, freePort, waitFor } from './lib/net.mjs';
import { ROOT, rootPath } from './lib/paths.mjs';
import { killAllSync, spawnPrefixed, stopChild } from './lib/proc.mjs';
import {
  INTAKE_BENCH_ENV,
  clearRedisPrefixes,
  startBenchProcess,
  fmt,
  loadTest,
  machineLoad,
  plainLead,
  scratchDatabase,
} from './lib/bench.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const KINDS = (process.env.BENCH_PATHS ?? 'lead,page').split(',').filter((k) => k === 'lead' || k === 'page');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const suffix = randomBytes(4).toString('hex');
const queuePrefix = `bench-hot-${suffix}`;

const children = new Set();
const quiet = { write: () => true };
process.on('exit', () => killAllSync(children));

const start = (name, script, env) => startBenchProcess(children, name, script, env);

/** The two paths: how to load each, on the product and on its baseline. */
const PATHS = {
  lead: {
    label: 'POST /api/leads',
    request: { method: 'POST', headers: { 'content-type': 'application/json' }, body: plainLead },
    path: '/api/leads',
  },
  page: { label: 'GET / (prerendered, gzip)', request: { method: 'GET', headers: { 'accept-encoding': 'gzip' } }, path: '/' },
};

async function main() {
  for (const f of ['backend/dist/main.js', 'backend/dist/cli/migrate.js', 'frontend/dist/index.html']) {
    if (!existsSync(rootPath(f))) throw new Error(`missing ${f}: run "npm run build" first`);
  }
  console.log(`bench:hot — ${machineLoad()} at the start`);
  const scratch = await scratchDatabase(adminUrl, `ironclad_bench_${suffix}`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-hot-'));
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
      LOG_LEVEL: 'warn',
      PDF_PREWARM: 'false',
      ...INTAKE_BENCH_ENV,
    };
    const out = process.env.BENCH_VERBOSE ? process.stdout : quiet;
    const migrate = spawnPrefixed('migrate', process.execPath, [rootPath('backend/dist/cli/migrate.js')], {
      env,
      cwd: ROOT,
      out,
      detached: false,
    });
    if ((await migrate.exited).code !== 0) throw new Error('migrations failed');

    const api = start('api', 'backend/dist/main.js', env);
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, { timeoutMs: 90_000 });
    // the baseline serves the very HTML the api serves (one nonce frozen in it)
    const pageFile = path.join(tmp, 'index.html');
    writeFileSync(pageFile, await (await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } })).text());

    const leadPort = await freePort();
    const pagePort = await freePort();
    const bare = {
      lead: {
        base: `http://127.0.0.1:${leadPort}`,
        child: start('bare-lead', 'scripts/lib/bare-lead-server.mjs', {
          ...env,
          PORT: String(leadPort),
          QUEUE_PREFIX: `${queuePrefix}-bare`,
        }),
      },
      page: {
        base: `http://127.0.0.1:${pagePort}`,
        child: start('bare-page', 'scripts/lib/bare-page-server.mjs', { ...env, PORT: String(pagePort), PAGE_FILE: pageFile }),
      },
    };
    await waitFor(async () => (await canConnect(leadPort)) && (await canConnect(pagePort)), { timeoutMs: 30_000 });

    const run = (kind, who, seconds, overallRate) => {
      const target = who === 'api' ? { base, pid: api.pid } : { base: bare[kind].base, pid: bare[kind].child.pid };
      return loadTest({
        url: `${target.base}${PATHS[kind].path}`,
        ...PATHS[kind].request,
        connections: CONNECTIONS,
        seconds,
        pid: target.pid,
        overallRate,
      });
    };
    const results = {};
    for (const kind of KINDS) {
      console.log(`${PATHS[kind].label}: ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds each…`);
      await run(kind, 'api', 2); // warm-up
      await run(kind, 'bare', 2);
      const runs = { api: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const who of round % 2 ? ['bare', 'api'] : ['api', 'bare']) {
          const r = await run(kind, who, SECONDS);
          runs[who].push(r);
          console.log(`  ${who.padEnd(4)} round ${round + 1}: ${fmt(r.rps, ' req/s')}, p99 ${fmt(r.p99, ' ms', 0)} (${machineLoad()})`);
        }
      }
      const mean = (list, key) => list.reduce((s, r) => s + r[key], 0) / list.length;
      const summary = (list) => ({
        rps: mean(list, 'rps'),
        p50: mean(list, 'p50'),
        p99: mean(list, 'p99'),
        cpu: mean(list, 'cpuPerRequest'),
      });
      const api_ = summary(runs.api);
      const bare_ = summary(runs.bare);
      const half = await run(kind, 'api', SECONDS, Math.max(1, Math.round(api_.rps / 2)));
      console.log(`  api at half saturation (${Math.round(api_.rps / 2)} req/s): p99 ${fmt(half.p99, ' ms', 0)}`);
      results[kind] = { api: api_, bare: bare_, halfP99: half.p99 };
    }

    const line = (...cols) => console.log(cols.map((c, i) => String(c).padEnd([30, 18, 18, 16, 14][i] ?? 0)).join(''));
    console.log('');
    console.log(`bench:hot — one api process (no worker), ${CONNECTIONS} connections, mean of ${ROUNDS} × ${SECONDS} s`);
    line('path', 'req/s', 'p50 / p99', 'CPU / request', 'ratio');
    for (const kind of KINDS) {
      const { api: a, bare: b, halfP99 } = results[kind];
      line(
        `${PATHS[kind].label}`,
        fmt(a.rps, ''),
        `${fmt(a.p50, '', 0)} / ${fmt(a.p99, ' ms', 0)}`,
        fmt(a.cpu, ' ms', 2),
        fmt((a.rps / b.rps) * 100, ' %'),
      );
      line(`  bare baseline`, fmt(b.rps, ''), `${fmt(b.p50, '', 0)} / ${fmt(b.p99, ' ms', 0)}`, fmt(b.cpu, ' ms', 2), '');
      line(`  api p99 at half saturation`, '', fmt(halfP99, ' ms', 0), '', '');
    }
    const verdict = (ok) => (ok ? 'yes' : 'NO');
    const targets = [];
    if (results.lead) {
      const { api: a, bare: b, halfP99 } = results.lead;
      targets.push(`intake ≥ 40 % of baseline: ${verdict(a.rps / b.rps >= 0.4)}`, `≤ 1.5 ms api CPU per lead: ${verdict(a.cpu <= 1.5)}`);
      targets.push(`intake p99 ≤ 30 ms at half saturation: ${verdict(halfP99 <= 30)}`);
    }
    if (results.page) {
      const { api: a, bare: b, halfP99 } = results.page;
      targets.push(
        `home page ≥ 40 % of baseline: ${verdict(a.rps / b.rps >= 0.4)}`,
        `page p99 ≤ 30 ms at half saturation: ${verdict(halfP99 <= 30)}`,
      );
    }
    console.log('');
    console.log(`targets: ${targets.join('; ')}`);
    console.log(`(${machineLoad()} at the end; node ${process.version}; Postgres and Redis on this machine)`);
  } finally {
    await Promise.all([...children].map((c) => stopChild(c, { graceMs: 10_000 })));
    rmSync(tmp, { recursive: true, force: true });
    await scratch.drop();
    await clearRedisPrefixes(redisUrl, [queuePrefix, `${queuePrefix}-bare`]);
  }
}

main().catch((err) => {
  console.error(`bench:hot failed: ${err.message}`);
  process.exitCode = 1;
});
