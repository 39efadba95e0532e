/**
 * Exports are jobs (issue 27), run by the compiled worker (`node worker/dist/main.js`):
 * - a 50,000-lead comprehensive export streams: the worker's heap grows by less than a ceiling far
 *   below the file's size (its `process.memoryUsage()` deltas, reported in the job's result), the
 *   api answers the request at once, and the stored file is byte for byte the in-memory export
 *   main built for the same rows;
 * - a worker killed with SIGKILL mid-export: a fresh worker retakes the stalled job and restarts
 *   the file cleanly (one whole file, chunks 0..n-1, identical to the reference).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { QueueName, type BuildExportResult, type ExportFile, type ExportStarted } from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { referenceExport } from '../../backend/test/support/export-reference.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';

const workerMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const ROWS = 50_000;
/**
 * Ceilings of the worker's growth while it streams the ~8 MB file (bytes). The heap figure counts
 * young-generation garbage not collected yet (up to a few tens of MB whatever the size); the resident
 * set's ceiling is the bound for the 1M export (150 MB), which the first job of a fresh
 * worker must keep while its heap grows to its working size.
 */
const HEAP_CEILING = 64 * 1024 * 1024;
const RSS_CEILING = 150 * 1024 * 1024;

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let cookie: string;
let queue: Queue;
const overrides = { WORKER_LOCK_DURATION_MS: '1500', WORKER_STALLED_INTERVAL_MS: '1000', PDF_PREWARM: 'false' };
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [workerMain], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: db.queuePrefix,
      LOG_LEVEL: 'error',
      ...overrides,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db, overrides), { logger: false });
  await app.init();
  ds = app.get(DataSource);
  queue = new Queue(QueueName.Exports, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
  // Set-based: hostile cells, quotes, commas, Unicode, JSON building info, distinct creation times.
  await ds.query(
    `INSERT INTO leads (first_name, last_name, email, phone, company, address, building_info, budget, total_estimate_cents, status, source, created_at)
     SELECT CASE WHEN g % 11 = 0 THEN '=HYPERLINK("http://evil")' ELSE 'Lead ' || g END, 'Zoë "Ünï", 日本', 'lead' || g || '@example.com',
            '+1 212 555 ' || lpad((g % 10000)::text, 4, '0'), CASE WHEN g % 5 = 0 THEN '@SUM(A1)' WHEN g % 5 = 1 THEN 'Acme, Inc.' END,
            CASE WHEN g % 4 = 0 THEN E'1 Main St\\nSuite ' || g END,
            jsonb_build_object('type', 'office', 'squareFootage', g % 9000, 'floors', g % 4 + 1, 'entryPoints', g % 6, 'budget', '10k-25k'),
            CASE WHEN g % 3 = 0 THEN '-5k' END, CASE WHEN g % 2 = 0 THEN g * 1234 END,
            (ARRAY['new','contacted','qualified','proposal','won','lost'])[g % 6 + 1], 'ai_shopping', now() - g * interval '1 second'
     FROM generate_series(1, ${ROWS}) g`,
  );
}, 120_000);

afterAll(async () => {
  for (const c of children) await stop(c);
  await queue?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());

async function startExport(): Promise<ExportStarted> {
  const started = Date.now();
  const res = await http().post('/api/exports/comprehensive').set('Cookie', cookie).expect(202);
  expect(Date.now() - started).toBeLessThan(1000);
  return res.body as ExportStarted;
}

async function waitDone(id: string): Promise<ExportFile> {
  return waitFor(
    async () => {
      const file = (await http().get(`/api/exports/files/${id}`).set('Cookie', cookie).expect(200)).body as ExportFile;
      if (file.status === 'failed') throw new Error(`export failed: ${file.error}`);
      return file.status === 'done' ? file : null;
    },
    120_000,
    200,
  );
}

async function download(file: ExportFile): Promise<string> {
  const res = await http()
    .get(file.downloadUrl!)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks).toString('utf8')));
    })
    .expect(200);
  return res.body as string;
}

it('a 50,000-row export streams in the worker under a memory ceiling, into a file identical to the in-memory export', async () => {
  const worker = startWorker();
  const { export: requested, job } = await startExport();
  const file = await waitDone(requested.id);
  expect(file.rows).toBe(ROWS);
  const reference = await referenceExport(ds, 'comprehensive', new Date(requested.createdAt));
  expect(file.filename).toBe(reference.filename);
  expect(file.bytes).toBe(Buffer.byteLength(reference.body));
  expect(file.bytes).toBeGreaterThan(5 * 1024 * 1024);
  const body = await download(file);
  expect(body === reference.body).toBe(true);

  const result = (await queue.getJob(job.id))!.returnvalue as BuildExportResult;
  expect(result).toMatchObject({ exportId: requested.id, rows: ROWS, bytes: file.bytes });
  expect(result.peakHeapDeltaBytes).toBeLessThan(HEAP_CEILING);
  expect(result.peakRssDeltaBytes).toBeLessThan(RSS_CEILING);
  await stop(worker);
}, 180_000);

it('a worker killed mid-export: a fresh worker restarts the file cleanly', async () => {
  const { export: requested } = await startExport();
  const first = startWorker();
  await waitFor(
    async () => (await ds.query(`SELECT count(*)::int AS n FROM export_file_chunks WHERE export_file_id = $1`, [requested.id]))[0].n >= 2,
    60_000,
    20,
  );
  await stop(first);
  const cut = await ds.query(`SELECT status FROM export_files WHERE id = $1`, [requested.id]);
  expect(cut).toEqual([{ status: 'running' }]);

  startWorker();
  const file = await waitDone(requested.id);
  expect(file.rows).toBe(ROWS);
  const chunks = await ds.query(`SELECT seq FROM export_file_chunks WHERE export_file_id = $1 ORDER BY seq`, [requested.id]);
  expect(chunks.map((c: { seq: number }) => c.seq)).toEqual([...Array(chunks.length).keys()]);
  const reference = await referenceExport(ds, 'comprehensive', new Date(requested.createdAt));
  expect((await download(file)) === reference.body).toBe(true);
}, 180_000);
