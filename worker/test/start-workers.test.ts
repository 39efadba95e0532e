/**
 * `npm start -- --workers N` (scripts/start.mjs): N worker processes beside the api, each with its
 * own log prefix and its own BullMQ worker on every queue, all stopped on SIGTERM; a bad N stops
 * before anything starts, with exit code 2 and a message naming the argument.
 */
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { QueueName } from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, waitFor } from '../../backend/test/support/test-env.js';

const START = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/start.mjs');

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await flushRedisPrefix(db.queuePrefix);
  await db.drop();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

it.each([['0'], ['-1'], ['2.5'], ['two'], ['']])('refuses --workers %j before starting anything', (value) => {
  const run = spawnSync(process.execPath, [START, `--workers=${value}`], { encoding: 'utf8', timeout: 20_000 });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(`--workers must be a positive whole number (1, 2, 3 …), got "${value}"`);
  expect(run.stdout).toBe('');
});

it('refuses an unknown argument', () => {
  const run = spawnSync(process.execPath, [START, '--wrokers', '2'], { encoding: 'utf8', timeout: 20_000 });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain("Unknown option '--wrokers'");
  expect(run.stderr).toContain('usage: npm start [-- --workers N]');
});

it('starts N worker processes with their own prefixes and stops them all on SIGTERM', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [START, '--workers', '3'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: db.queuePrefix,
      NODE_ENV: 'test',
      PDF_PREWARM: 'false',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const queue = new Queue(QueueName.Messages, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  try {
    // `Ready` follows the api's health; a worker on a busy machine may log that it drains a moment later
    const draining = (n: number) => new RegExp(`^\\[worker-${n}\\] .*worker draining queues`, 'm').test(out);
    await waitFor(
      async () =>
        (out.includes(`Ready: http://localhost:${port} (3 worker processes)`) && [1, 2, 3].every(draining)) || child.exitCode !== null,
      90_000,
      200,
    );
    expect(child.exitCode).toBeNull();
    for (const n of [1, 2, 3]) expect(out).toMatch(new RegExp(`^\\[worker-${n}\\] .*worker draining queues`, 'm'));
    expect(out).not.toMatch(/^\[worker\] /m);
    // three live BullMQ workers on the queue, one per process (named host:pid)
    const pids = (n: number) => new RegExp(`^\\[worker-${n}\\] \\[Nest\\] (\\d+) `, 'm').exec(out)?.[1];
    const workerPids = [1, 2, 3].map(pids);
    expect(new Set(workerPids).size).toBe(3);
    await waitFor(async () => (await queue.getWorkers()).length >= 3, 10_000);
    const names = new Set((await queue.getWorkers()).map((w) => w.rawname?.split(':')?.at(-1)));
    expect(names).toEqual(new Set(workerPids));

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workerPids) expect(() => process.kill(Number(pid), 0)).toThrow(); // gone
    for (const n of [1, 2, 3]) expect(out).toMatch(new RegExp(`^\\[worker-${n}\\] .*SIGTERM received`, 'm'));
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- npm start output ---\n${out.slice(-6000)}`, { cause: err });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await queue.close();
  }
}, 120_000);
