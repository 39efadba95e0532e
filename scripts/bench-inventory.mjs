#!/usr/bin/env node
/**
 * `npm run bench:inventory` — the catalogue's Excel import and export on the built api, measured
 * side by side in one run:
 *
 *  1. the dry run of a BENCH_ROWS (5,000) row workbook of new items (POST
 *     /api/inventory/upload-excel?dryRun=true), repeated BENCH_REPEAT (3) times;
 *  2. its apply (5,000 creates in one transaction), then the apply of the same rows with new
 *     prices (5,000 updates);
 *  3. the export of the whole catalogue (5,000 + the seeded items), repeated BENCH_REPEAT times.
 *
 * For each: the wall time of the request (median of the repeats) and the api process's peak
 * memory growth: its RSS high-water mark (VmHWM, reset before each request through
 * /proc/PID/clear_refs) minus its RSS just before, beside a 5 ms sampling of VmRSS as a check.
 * Targets: dry run ≤ 2 s, apply ≤ 5 s, peak memory growth ≤ 150 MB. Linux only (/proc).
 *
 * Real components: the built api (`npm run build` first), a scratch Postgres database (created
 * and dropped), Redis with a private key prefix (deleted afterwards).
 * Variables: BENCH_ROWS, BENCH_REPEAT, BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_VERBOSE (print the api's log).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { freePort, sleep, waitFor } from './lib/net.mjs';
import { ROOT, requireFrom, rootPath } from './lib/paths.mjs';
import { killAllSync, spawnPrefixed, stopChild } from './lib/proc.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const TARGETS = { dryRunMs: 2000, applyMs: 5000, growthMb: 150 };
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
const COLUMNS = [
  'SKU',
  'Category',
  'Name',
  'Description',
  'Manufacturer',
  'Model',
  'Unit Price (USD)',
  'Unit Cost (USD)',
  'Labour Hours',
  'Active',
  'Specifications (JSON)',
];
const CATEGORIES = ['cameras', 'nvr', 'installation', 'features', 'services'];

const pg = requireFrom('backend', 'pg');
const { Redis } = requireFrom('backend', 'ioredis');
const ExcelJS = requireFrom('backend', 'exceljs');
const children = [];
const quiet = { write: () => true };
process.on('exit', () => killAllSync(children));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (kb) => kb / 1024;

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A field of /proc/PID/status in kB (VmRSS, VmHWM). */
function statusKb(pid, field) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1]);
}

/**
 * Runs `fn` and measures the api process around it: wall time, peak RSS growth from the kernel's
 * high-water mark (reset first) and from sampling VmRSS every 5 ms.
 */
async function measured(pid, fn) {
  await sleep(200); // let the previous request's garbage settle
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const before = statusKb(pid, 'VmRSS');
  let sampledPeak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      sampledPeak = Math.max(sampledPeak, statusKb(pid, 'VmRSS'));
      await sleep(5);
    }
  })();
  const t = performance.now();
  const result = await fn();
  const ms = performance.now() - t;
  sampling = false;
  await sampler;
  const hwm = statusKb(pid, 'VmHWM');
  return { ms, growthMb: mb(Math.max(hwm, sampledPeak) - before), sampledMb: mb(sampledPeak - before), result };
}

/** A workbook of `n` items (SKU BENCH-000001 …), prices shifted by `priceShift` dollars. */
async function workbook(n, priceShift) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Inventory');
  ws.addRow(COLUMNS);
  for (let i = 1; i <= n; i++) {
    const sku = `BENCH-${String(i).padStart(6, '0')}`;
    ws.addRow([
      sku,
      CATEGORIES[i % CATEGORIES.length],
      `Bench item ${i} — 4K camera with a long enough name`,
      `Description of bench item ${i}: weatherproof, PoE, smart IR, H.265+ and two-way audio for a realistic cell length.`,
      ['Hanwha Vision', 'Axis Communications', 'Hikvision', 'Bosch'][i % 4],
      `MDL-${i}`,
      100 + (i % 900) + 0.99 + priceShift,
      60 + (i % 500),
      1 + (i % 8) / 4,
      true,
      JSON.stringify({ resolution: '8MP', lens: `${2 + (i % 10)} mm`, channels: i % 32, storage: `${i % 8} TB` }),
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function main() {
  for (const f of ['backend/dist/main.js', 'backend/dist/cli/migrate.js']) {
    if (!existsSync(rootPath(f))) throw new Error(`missing ${f}: run "npm run build" first`);
  }
  if (!existsSync('/proc/self/status')) throw new Error('bench:inventory reads /proc (Linux only)');
  console.log(`bench:inventory — a ${ROWS}-row workbook: dry run, apply (creates, then updates), export; ${REPEAT} repeats`);
  await admin(`CREATE DATABASE "${dbName}"`);
  let api;
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
    };
    const migrate = spawnPrefixed('migrate', process.execPath, [rootPath('backend/dist/cli/migrate.js')], {
      env,
      cwd: ROOT,
      out: quiet,
      detached: false,
    });
    if ((await migrate.exited).code !== 0) throw new Error('migrations failed');
    api = spawnPrefixed('api', process.execPath, [rootPath('backend/dist/main.js')], {
      env,
      cwd: ROOT,
      out: process.env.BENCH_VERBOSE ? process.stdout : quiet,
      detached: false,
    });
    children.push(api);
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
    const upload = async (file, dryRun) => {
      const form = new FormData();
      form.append('excel', new Blob([file]), 'bench.xlsx');
      const res = await fetch(`${base}/api/inventory/upload-excel${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        headers: { cookie, origin: base },
        body: form,
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body.summary;
    };
    const exportFile = async () => {
      const res = await fetch(`${base}/api/inventory/export-excel`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`export: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    };

    const creates = await workbook(ROWS, 0);
    const updates = await workbook(ROWS, 5);
    console.log(`workbooks: ${(creates.length / 1024).toFixed(0)} KB each`);
    // warm-up: one small dry run and export (JIT, connections, exceljs loaded)
    await upload(await workbook(50, 0), true);
    await exportFile();
    const pid = api.pid;
    const idleMb = mb(statusKb(pid, 'VmRSS'));

    const runs = { dry: [], applyCreate: null, applyUpdate: null, export: [] };
    for (let i = 0; i < REPEAT; i++) runs.dry.push(await measured(pid, () => upload(creates, true)));
    if (runs.dry[0].result.created !== ROWS) throw new Error(`dry run planned ${JSON.stringify(runs.dry[0].result)}`);
    runs.applyCreate = await measured(pid, () => upload(creates, false));
    if (runs.applyCreate.result.created !== ROWS) throw new Error(`apply: ${JSON.stringify(runs.applyCreate.result)}`);
    runs.applyUpdate = await measured(pid, () => upload(updates, false));
    if (runs.applyUpdate.result.updated !== ROWS) throw new Error(`apply (updates): ${JSON.stringify(runs.applyUpdate.result)}`);
    let exportedBytes = 0;
    for (let i = 0; i < REPEAT; i++) {
      runs.export.push(
        await measured(pid, async () => {
          const f = await exportFile();
          exportedBytes = f.length;
        }),
      );
    }

    const line = (name, ms, growth, sampled, target) => {
      const ok = target === undefined ? '' : ms <= target.ms && growth <= TARGETS.growthMb ? 'ok' : 'MISSED';
      return `| ${name.padEnd(34)} | ${ms.toFixed(0).padStart(7)} | ${growth.toFixed(1).padStart(11)} | ${sampled.toFixed(1).padStart(11)} | ${(target ? `≤ ${target.ms} ms, ≤ ${TARGETS.growthMb} MB` : '—').padEnd(22)} | ${ok.padEnd(6)} |`;
    };
    const worst = (xs, k) => Math.max(...xs.map((x) => x[k]));
    console.log('');
    console.log(
      `api RSS when idle: ${idleMb.toFixed(0)} MB; export size: ${(exportedBytes / 1024).toFixed(0)} KB; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on a ${cpus().length}-core machine`,
    );
    console.log('| operation                          | time ms | peak +RSS MB | sampled MB | target                 | result |');
    console.log('|------------------------------------|---------|-------------|-------------|------------------------|--------|');
    console.log(
      line(
        `dry run, ${ROWS} rows (median of ${REPEAT})`,
        median(runs.dry.map((r) => r.ms)),
        worst(runs.dry, 'growthMb'),
        worst(runs.dry, 'sampledMb'),
        { ms: TARGETS.dryRunMs },
      ),
    );
    console.log(
      line(`apply, ${ROWS} creates`, runs.applyCreate.ms, runs.applyCreate.growthMb, runs.applyCreate.sampledMb, { ms: TARGETS.applyMs }),
    );
    console.log(
      line(`apply, ${ROWS} updates`, runs.applyUpdate.ms, runs.applyUpdate.growthMb, runs.applyUpdate.sampledMb, { ms: TARGETS.applyMs }),
    );
    console.log(
      line(
        `export, ${ROWS}+ items (median of ${REPEAT})`,
        median(runs.export.map((r) => r.ms)),
        worst(runs.export, 'growthMb'),
        worst(runs.export, 'sampledMb'),
      ),
    );
    const missed =
      median(runs.dry.map((r) => r.ms)) > TARGETS.dryRunMs ||
      runs.applyCreate.ms > TARGETS.applyMs ||
      runs.applyUpdate.ms > TARGETS.applyMs ||
      [...runs.dry, runs.applyCreate, runs.applyUpdate].some((r) => r.growthMb > TARGETS.growthMb);
    console.log(missed ? '\nsome target MISSED' : '\nall targets met');
    process.exitCode = missed ? 1 : 0;
  } finally {
    if (api) await stopChild(api);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${queuePrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
