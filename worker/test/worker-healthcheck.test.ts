/**
 * The worker container's health check, `node scripts/lib/healthcheck.mjs worker` (the command of
 * Dockerfile.worker and docker-compose.yml), run as a child process against a real worker: healthy
 * while its BullMQ workers run; unhealthy within the staleness window once they stop taking jobs
 * while the process lives on; unhealthy at once when the worker closed (its file is removed) or its
 * process is gone.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplicationContext } from '@nestjs/common';
import { parseEnv, QueueWorkers, type Env } from '@ironclad/backend/platform';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { createWorker } from '../src/worker.factory.js';

const PROBE = fileURLToPath(new URL('../../scripts/lib/healthcheck.mjs', import.meta.url));
const EVERY_MS = 500;
const STALE_MS = 4 * EVERY_MS;

let db: TestDatabase;
let dir: string;
let env: Env;
let worker: INestApplicationContext | undefined;

/** Runs the probe with `vars` added to the environment: its exit code and stderr. */
function probe(vars: Record<string, string | undefined>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [PROBE, 'worker'], { env: { ...process.env, ...vars }, timeout: 10_000 }, (err, _stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'worker-heartbeat-'));
  env = testEnv(db, { WORKER_HEARTBEAT_FILE: path.join(dir, 'heartbeat.json'), WORKER_HEARTBEAT_EVERY_MS: String(EVERY_MS) });
});

afterAll(async () => {
  await worker?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('is healthy while the worker runs, then unhealthy within the staleness window once its workers stop', async () => {
  worker = await createWorker(env, { logger: false });
  const vars = { WORKER_HEARTBEAT_FILE: env.WORKER_HEARTBEAT_FILE };
  expect(await probe(vars)).toEqual({ code: 0, stderr: '' });
  const beat = JSON.parse(readFileSync(env.WORKER_HEARTBEAT_FILE, 'utf8'));
  expect(beat).toMatchObject({ pid: process.pid, staleAfterMs: STALE_MS });
  expect(beat.queues.length).toBe(7); // one BullMQ worker per queue of the product (exports included)
  // Still healthy a few heartbeats later: the file is kept fresh.
  await new Promise((r) => setTimeout(r, 2 * STALE_MS));
  expect((await probe(vars)).code).toBe(0);

  // The BullMQ workers stop (as when they can no longer take jobs) while the process lives on.
  await Promise.all(worker.get(QueueWorkers).workers.map((w) => w.close()));
  const stoppedAt = Date.now();
  const failed = await waitFor(async () => {
    const result = await probe(vars);
    return result.code === 1 ? result : null;
  }, 10_000);
  expect(Date.now() - stoppedAt).toBeLessThanOrEqual(STALE_MS + 2000);
  expect(failed.stderr).toMatch(/^unhealthy: the worker heartbeat is \d+ s old \(stale after 2 s\)/);

  // A worker that closes removes its heartbeat: unhealthy at once.
  await worker.close();
  worker = undefined;
  expect(existsSync(env.WORKER_HEARTBEAT_FILE)).toBe(false);
  const gone = await probe(vars);
  expect(gone.code).toBe(1);
  expect(gone.stderr).toContain(`unhealthy: no worker heartbeat at ${env.WORKER_HEARTBEAT_FILE}`);
});

it('is unhealthy when the process that wrote a fresh heartbeat is gone', async () => {
  const file = path.join(dir, 'dead.json');
  // A pid far above any default pid_max: no such process.
  writeFileSync(file, JSON.stringify({ pid: 2 ** 30, host: 'x', at: Date.now(), staleAfterMs: 60_000, queues: [] }));
  const result = await probe({ WORKER_HEARTBEAT_FILE: file });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`the worker process ${2 ** 30} that wrote ${file} is gone`);
  writeFileSync(file, '{"pid":');
  expect((await probe({ WORKER_HEARTBEAT_FILE: file })).stderr).toContain('unreadable worker heartbeat');
});

it('the probe and the worker agree on the default heartbeat file', async () => {
  const isolated = mkdtempSync(path.join(tmpdir(), 'worker-tmp-'));
  try {
    // Both derive it from the temporary directory (TMPDIR) when WORKER_HEARTBEAT_FILE is not set.
    const result = await probe({ WORKER_HEARTBEAT_FILE: undefined, TMPDIR: isolated });
    expect(result.stderr).toContain(`no worker heartbeat at ${path.join(isolated, path.basename(parseEnv({}).WORKER_HEARTBEAT_FILE))}`);
    expect(path.dirname(parseEnv({}).WORKER_HEARTBEAT_FILE)).toBe(tmpdir());
  } finally {
    rmSync(isolated, { recursive: true, force: true });
  }
});
