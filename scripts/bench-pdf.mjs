#!/usr/bin/env node
/**
 * `npm run bench:pdf` — PDF estimate throughput, measured side by side in one run:
 *
 *  1. PDF render time with a warm browser (the worker's PdfBrowser: one Chromium launched at start,
 *     a page of its own per PDF, opened ahead as a spare), beside the same browser opening and
 *     closing the page within each PDF (interleaved with the first), and beside a cold launch
 *     (launch + page + render + close), median and p99;
 *  2. the latency of POST /api/generate-estimate-pdf (p50, p95, p99) against the built api while
 *     the workers print the PDFs;
 *  3. the time from the visitor's request to the email recorded as sent (p50, p95, max) over
 *     BENCH_PDFS PDFs (default 60) drained by two worker processes, each with its warm browser,
 *     emailing to a local fake SendGrid (HTTP 202, like SendGrid's Mail Send).
 * A warm-up phase (BENCH_WARMUP requests at the same rate, not measured) runs first, as a
 * deployed api and worker would have served traffic before: it takes the first-request costs
 * (JIT, Postgres pool connections, BullMQ's Lua scripts, each worker's first print) out of 2 and 3.
 *
 * Real components: the built api and worker (`npm run build` first), a scratch Postgres database
 * (created and dropped), Redis with a private key prefix (deleted afterwards), the system Chromium.
 * Variables: BENCH_PDFS (60), BENCH_RATE (requests per second, 5), BENCH_WARMUP (20),
 * BENCH_WARM (30), BENCH_COLD (5), PDF_CONCURRENCY (2),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL
 * (redis://127.0.0.1:6379), PUPPETEER_EXECUTABLE_PATH (/usr/bin/chromium).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { freePort, sleep, waitFor } from './lib/net.mjs';
import { ROOT, requireFrom, rootPath } from './lib/paths.mjs';
import { killAllSync, spawnPrefixed, stopChild } from './lib/proc.mjs';

const N = Number(process.env.BENCH_PDFS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const WARM = Number(process.env.BENCH_WARM ?? 30);
/** Pause before each measured warm render (ms), as between two jobs of a worker. */
const JOB_GAP_MS = 200;
const COLD = Number(process.env.BENCH_COLD ?? 5);
const WORKERS = 2;
const CONCURRENCY = Number(process.env.PDF_CONCURRENCY ?? 2);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const chromium = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';

const suffix = randomBytes(4).toString('hex');
const dbName = `ironclad_bench_${suffix}`;
const queuePrefix = `bench-${suffix}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const pg = requireFrom('backend', 'pg');
const { Redis } = requireFrom('backend', 'ioredis');
const children = [];
const quiet = { write: () => true }; // child output is not part of the report
process.on('exit', () => killAllSync(children));

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x) => `${x.toFixed(1).padStart(7)} ms`;

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A minimal SendGrid Mail Send endpoint: 202 with an X-Message-Id, body drained. */
async function startFakeSendGrid() {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(202, { 'x-message-id': `bench-${++n}` }).end());
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** Warm vs cold render of a realistic estimate with the worker's own template and browser code. */
async function measureRender() {
  const { renderEstimateHtml } = await import(rootPath('backend/dist/modules/estimates/pdf/estimate-document.js'));
  const { PdfBrowser, PDF_OPTIONS, launchChromium, openBlankPage } = await import(
    rootPath('backend/dist/modules/estimates/pdf/pdf-browser.service.js')
  );
  const { priceCalculator } = await import(rootPath('packages/contracts/dist/index.js'));
  const html = renderEstimateHtml({
    company: {
      name: 'Ironclad Security Systems',
      phone: '(212) 555-0147',
      emergencyPhone: '(212) 555-0199',
      email: 'info@ironcladsecurity.example',
      address: { street: '450 Seventh Avenue, Suite 1208', city: 'New York', region: 'NY', postalCode: '10123', country: 'US' },
      officeHours: [{ days: 'Mon-Fri', hours: '8AM-6PM' }],
      serviceArea: 'New York City',
    },
    customer: { firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', phone: '(212) 555-0100', company: 'Bench Co' },
    estimate: priceCalculator(
      {
        buildingType: 'commercial',
        sqft: 60000,
        cameras: 24,
        entryPoints: 4,
        hasAccessControl: true,
        hasVideoIntercom: true,
        hasMonitoring: true,
        buildingComplexity: 'finished',
      },
      0,
    ),
    promotionCode: null,
    number: 'EST-0-BENCH',
    issuedAt: new Date(),
  });

  // As in a worker: launched and pre-warmed at start (spare pages opened), not counted (that is the cold case).
  const browser = new PdfBrowser({ PUPPETEER_EXECUTABLE_PATH: chromium, PDF_CONCURRENCY: CONCURRENCY });
  await browser.prewarm();
  await browser.render(html); // first print of the process (code paths, fonts): not counted either
  const chromiumOfWorker = await browser.warm();
  // Interleaved, with a pause between PDFs as between jobs: the worker's path (a spare page taken,
  // closed after the PDF is handed back) beside opening and closing a page within each PDF.
  const warm = [];
  const pagePerPdf = [];
  for (let i = 0; i < WARM; i++) {
    await sleep(JOB_GAP_MS);
    let t = performance.now();
    await browser.render(html);
    warm.push(performance.now() - t);
    await sleep(JOB_GAP_MS);
    t = performance.now();
    const page = await openBlankPage(chromiumOfWorker);
    await page.setContent(html, { waitUntil: 'load' });
    await page.pdf(PDF_OPTIONS);
    await page.close();
    pagePerPdf.push(performance.now() - t);
  }
  await browser.beforeApplicationShutdown();

  const cold = [];
  for (let i = 0; i < COLD; i++) {
    const t = performance.now();
    const b = await launchChromium(chromium);
    const page = await openBlankPage(b);
    await page.setContent(html, { waitUntil: 'load' });
    await page.pdf(PDF_OPTIONS);
    await b.close();
    cold.push(performance.now() - t);
  }
  return { warm, pagePerPdf, cold };
}

async function main() {
  for (const f of [
    'backend/dist/main.js',
    'worker/dist/main.js',
    'backend/dist/modules/estimates/pdf/estimate-document.js',
    'packages/contracts/dist/index.js',
  ]) {
    if (!existsSync(rootPath(f))) throw new Error(`missing ${f}: run "npm run build" first`);
  }
  console.log(`bench:pdf — ${N} PDFs at ${RATE}/s, ${WORKERS} worker processes; warm renders ${WARM}, cold launches ${COLD}`);

  console.log('measuring render times (warm browser vs cold launch)…');
  const render = await measureRender();

  const sendgrid = await startFakeSendGrid();
  await admin(`CREATE DATABASE "${dbName}"`);
  let api;
  const workers = [];
  try {
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      SENDGRID_API_KEY: 'SG.bench-key',
      SENDGRID_BASE_URL: sendgrid.url,
      PUPPETEER_EXECUTABLE_PATH: chromium,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    };
    const migrate = spawnPrefixed('migrate', process.execPath, [rootPath('backend/dist/cli/migrate.js')], {
      env,
      cwd: ROOT,
      out: quiet,
      detached: false,
    });
    if ((await migrate.exited).code !== 0) throw new Error('migrations failed');
    api = spawnPrefixed('api', process.execPath, [rootPath('backend/dist/main.js')], { env, cwd: ROOT, out: quiet, detached: false });
    children.push(api);
    for (let i = 0; i < WORKERS; i++) {
      const w = spawnPrefixed(`worker${i + 1}`, process.execPath, [rootPath('worker/dist/main.js')], {
        env,
        cwd: ROOT,
        out: quiet,
        detached: false,
      });
      children.push(w);
      workers.push(w);
    }
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, { timeoutMs: 60_000 });
    const post = (path, body) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    // Leads first (not measured), with the calculator configuration the page sends.
    const leads = [];
    for (let i = 0; i < N + WARMUP; i++) {
      const email = `bench-${i}@example.com`;
      const res = await post('/api/leads', {
        firstName: 'Bench',
        lastName: `Visitor ${i}`,
        email,
        phone: '(212) 555-0100',
        buildingInfo: {
          type: 'commercial',
          squareFootage: String(5000 + 500 * (i % 50)),
          cameras: 4 + (i % 40),
          entryPoints: 1 + (i % 10),
          hasAccessControl: i % 2 === 0,
          hasVideoIntercom: i % 3 === 0,
          hasMonitoring: true,
          buildingComplexity: i % 2 ? 'new' : 'finished',
        },
        source: 'cost_calculator',
        status: 'new',
      });
      if (res.status !== 201) throw new Error(`POST /api/leads: ${res.status} ${await res.text()}`);
      leads.push({ id: (await res.json()).lead.id, email });
    }
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const emailedAt = async (leadIds) =>
      (
        await db.query(
          `SELECT lead_id, sent_at FROM outbound_messages WHERE template = 'estimate_pdf' AND status = 'sent' AND lead_id = ANY($1)`,
          [leadIds],
        )
      ).rows;

    /** POSTs /api/generate-estimate-pdf for each lead at RATE per second; @returns [lead id, sent at (epoch ms), latency ms]. */
    const paced = async (batch) => {
      const out = [];
      const gap = 1000 / RATE;
      const t0 = performance.now();
      for (let i = 0; i < batch.length; i++) {
        const wait = t0 + i * gap - performance.now();
        if (wait > 0) await sleep(wait);
        const l = batch[i];
        const wall = Date.now();
        const t = performance.now();
        const res = await post('/api/generate-estimate-pdf', { leadId: l.id, customerInfo: { email: l.email } });
        const latency = performance.now() - t;
        if (res.status !== 202) throw new Error(`POST /api/generate-estimate-pdf: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        out.push([l.id, wall, latency]);
      }
      return out;
    };

    // Warm-up (not measured): first requests and each worker's first PDFs.
    const warmup = leads.slice(N);
    console.log(`warm-up: ${warmup.length} requests…`);
    await paced(warmup);
    await waitFor(async () => (await emailedAt(warmup.map((l) => l.id))).length === warmup.length, { timeoutMs: 120_000 });

    // Measured: N requests at RATE per second.
    console.log(`measuring ${N} requests…`);
    const measured = leads.slice(0, N);
    const sent = await paced(measured);
    const started = new Map(sent.map(([id, wall]) => [id, wall]));
    const postMs = sent.map(([, , latency]) => latency);
    let rows = [];
    await waitFor(async () => (rows = await emailedAt(measured.map((l) => l.id))).length === measured.length, {
      timeoutMs: 120_000,
      intervalMs: 200,
    });
    const toEmail = rows.map((r) => new Date(r.sent_at).getTime() - started.get(r.lead_id));
    await db.end();

    const line = (label, a, b, c = '') => console.log(`${label.padEnd(44)}${a.padEnd(22)}${b.padEnd(22)}${c}`);
    console.log('');
    line('', 'median / p50', 'p99 / p95', 'target');
    line(
      `render, warm browser (n=${render.warm.length})`,
      ms(pct(render.warm, 50)),
      `${ms(pct(render.warm, 99))} (p99)`,
      'median ≤ 150 ms',
    );
    line(
      `  page opened per PDF instead (n=${render.pagePerPdf.length})`,
      ms(pct(render.pagePerPdf, 50)),
      `${ms(pct(render.pagePerPdf, 99))} (p99)`,
    );
    line(`render, cold launch (n=${render.cold.length})`, ms(pct(render.cold, 50)), `${ms(pct(render.cold, 99))} (p99)`);
    line('  cold / warm (median)', `${(pct(render.cold, 50) / pct(render.warm, 50)).toFixed(1)}×`, '');
    line(
      `POST /api/generate-estimate-pdf (n=${postMs.length})`,
      ms(pct(postMs, 50)),
      `${ms(pct(postMs, 99))} (p99)`,
      `p99 ≤ 30 ms; p95 ${pct(postMs, 95).toFixed(1)} ms`,
    );
    line(
      `request → email recorded (n=${toEmail.length})`,
      ms(pct(toEmail, 50)),
      `${ms(pct(toEmail, 95))} (p95)`,
      `p95 ≤ 3000 ms; max ${Math.round(Math.max(...toEmail))} ms`,
    );
    console.log(
      `\n(${WORKERS} workers × PDF_CONCURRENCY ${CONCURRENCY}, ${RATE} requests/s, fake SendGrid on localhost; machine load ${(await import('node:os')).loadavg()[0].toFixed(2)})`,
    );
  } finally {
    for (const w of workers) await stopChild(w, { graceMs: 15_000 });
    if (api) await stopChild(api, { graceMs: 15_000 });
    await sendgrid.close();
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
  console.error(`bench:pdf failed: ${err.message}`);
  process.exitCode = 1;
});
