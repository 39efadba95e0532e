/**
 * Scale-out on one machine: two api processes and three worker processes, all built code (`node
 * backend/dist/main.js`, `node worker/dist/main.js`), against one Postgres database and one Redis
 * (this file's key prefix), sending through a local fake SendGrid that answers each send in
 * SEND_LATENCY_MS and counts what it accepts per address:
 *
 * - an admin (created with the admin:create CLI) signs in on api #1; the same session cookie works
 *   on api #2 (sessions live in Postgres, one SESSION_SECRET);
 * - login failures counted on api #1 refuse the next attempt on api #2 (per account-and-address and
 *   per address: the limiter counts in Redis);
 * - a 500-recipient email campaign started through api #1's staff API is watched over Socket.IO
 *   through api #2 until it reports 100 %;
 * - the message jobs spread over the three workers (each job's `processedBy`: the BullMQ worker name
 *   `host:pid` of the process that ran it); every worker ran at least 10 % of them;
 * - SIGTERM to worker A mid-campaign: it finishes its active jobs and exits 0 within 10 s, leaving no
 *   job active or stalled;
 * - SIGKILL to worker B: its active jobs are retaken by worker C once their locks expire (short
 *   WORKER_LOCK_DURATION_MS / WORKER_STALLED_INTERVAL_MS here); the sends B had in flight are looked
 *   up at the provider (Email Activity, by idempotency key) instead of being sent again;
 * - the campaign completes with every recipient sent exactly once.
 *
 * The measured times (SIGTERM drain, SIGKILL recovery, campaign) are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { ClientEvent, QueueName, ServerEvent, type CampaignProgress } from '@ironclad/contracts';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, waitFor } from '../../backend/test/support/test-env.js';
import { startFakeSendGrid, type FakeSendGrid } from '../../backend/test/support/fake-sendgrid.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const API_MAIN = path.join(root, 'backend/dist/main.js');
const WORKER_MAIN = path.join(root, 'worker/dist/main.js');
const ADMIN_CLI = path.join(root, 'backend/dist/cli/admin-create.js');

const RECIPIENTS = 500;
/** The fake provider's answer time (ms): 3 workers × EMAIL_CONCURRENCY 4 / 0.2 s ≈ 60 sends/s, a campaign of seconds. */
const SEND_LATENCY_MS = 200;
const EMAIL_CONCURRENCY = 4;
const LOCK_DURATION_MS = 5000;
const STALLED_INTERVAL_MS = 1000;
/** Time for a live worker to pick a retaken job up, on a busy 2-core machine (ms). */
const PICKUP_SLACK_MS = 2000;
/** The bound on a graceful worker stop (ms). */
const DRAIN_LIMIT_MS = 10_000;
/** Failed logins allowed per account-and-address / per address before the delays start. */
const MAX_PER_ACCOUNT = 3;
const MAX_PER_ADDRESS = 4;
const PUBLIC_URL = 'http://localhost:3000';
const ADMIN = { email: 'scale-admin@ironclad.test', password: 'scale out admin password 1' };

interface Proc {
  name: string;
  child: ChildProcess;
  /** stdout + stderr so far (shown when something fails). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let db: TestDatabase;
let sendgrid: FakeSendGrid;
let messages: Queue;
let queueEvents: QueueEvents;
let redis: Redis;
let sql: pg.Client;
const procs: Proc[] = [];
const sockets: Socket[] = [];
let env: NodeJS.ProcessEnv;

function startNode(name: string, script: string, extraEnv: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, [script], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (c: Buffer) => {
    out += c.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const proc = { name, child, output: () => out, exited };
  procs.push(proc);
  return proc;
}

const alive = (p: Proc) => p.child.exitCode === null && p.child.signalCode === null;

/** Every process's output, for a failure message. */
const outputs = () => procs.map((p) => `--- ${p.name} (pid ${p.child.pid}) ---\n${p.output().slice(-4000)}`).join('\n');

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

/** The BullMQ worker name (`processedBy`) of a worker process. */
const workerName = (p: Proc) => `${hostname()}:${p.child.pid}`;

/** Completed message jobs per `processedBy`. */
async function completedBy(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const job of await messages.getJobs(['completed'], 0, -1)) {
    const by = job.processedBy ?? '(none)';
    counts.set(by, (counts.get(by) ?? 0) + 1);
  }
  return counts;
}

/** Ids of the message jobs active under worker `name`. */
async function activeOf(name: string): Promise<string[]> {
  return (await messages.getJobs(['active'], 0, -1)).filter((j) => j.processedBy === name).map((j) => j.id!);
}

function login(base: string, body: { email: string; password: string }, address: string): Promise<Response> {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

let api1: string;
let api2: string;
let workers: Proc[];

beforeAll(async () => {
  sendgrid = await startFakeSendGrid({ record: true });
  sendgrid.delayMs = SEND_LATENCY_MS;
  db = await createTestDatabase();
  env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL,
    QUEUE_PREFIX: db.queuePrefix,
    PUBLIC_URL,
    // one secret for both apis: a session cookie signed by one is valid on the other
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    FRONTEND_DIST: '/nonexistent-frontend-dist',
    PDF_PREWARM: 'false',
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_BASE_URL: sendgrid.baseUrl,
    EMAIL_CONCURRENCY: String(EMAIL_CONCURRENCY),
    EMAIL_RATE_PER_SECOND: '0',
    WORKER_LOCK_DURATION_MS: String(LOCK_DURATION_MS),
    WORKER_STALLED_INTERVAL_MS: String(STALLED_INTERVAL_MS),
    PROVIDER_TIMEOUT_MS: '2000',
    MESSAGE_SENDING_LEASE_MS: '3000',
    MESSAGE_BACKOFF_MS: '50',
    MESSAGE_BACKOFF_MAX_MS: '500',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: String(MAX_PER_ACCOUNT),
    // a first delay long enough that the next attempt surely falls inside it on a busy machine
    LOGIN_DELAY_BASE_SECONDS: '120',
    LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_ADDRESS),
    // each login attempt says which client it is (as a reverse proxy in front of both apis would)
    TRUSTED_PROXIES: 'loopback',
  };
  for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_PHONE_NUMBER', 'METRICS_TOKEN'])
    delete env[key];

  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(
    `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, source)
     SELECT 'Scale', 'Test ' || i, 'scale-' || i || '@example.com', '{}', 500000, 'contacted', 'ai_shopping'
       FROM generate_series(1, $1::int) AS i`,
    [RECIPIENTS],
  );

  const cli = spawn(process.execPath, [ADMIN_CLI, '--email', ADMIN.email, '--password-stdin'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let cliOut = '';
  cli.stdout.on('data', (c: Buffer) => (cliOut += c.toString()));
  cli.stderr.on('data', (c: Buffer) => (cliOut += c.toString()));
  cli.stdin.end(`${ADMIN.password}\n`);
  const cliCode = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  expect({ cliCode, cliOut }).toEqual({ cliCode: 0, cliOut: `Admin ${ADMIN.email} created.\n` });

  const [port1, port2] = [await freePort(), await freePort()];
  api1 = `http://127.0.0.1:${port1}`;
  api2 = `http://127.0.0.1:${port2}`;
  startNode('api-1', API_MAIN, { PORT: String(port1), HOST: '127.0.0.1' });
  startNode('api-2', API_MAIN, { PORT: String(port2), HOST: '127.0.0.1' });
  workers = ['worker-A', 'worker-B', 'worker-C'].map((name) => startNode(name, WORKER_MAIN));

  messages = new Queue(QueueName.Messages, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  queueEvents = new QueueEvents(QueueName.Messages, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
  redis = new Redis(REDIS_URL);
  await queueEvents.waitUntilReady();

  const up = async (base: string) => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200;
  try {
    await waitFor(
      async () => {
        if (procs.some((p) => !alive(p))) throw new Error('a process exited during start');
        return (await up(api1)) && (await up(api2)) && (await messages.getWorkers()).length === workers.length;
      },
      90_000,
      250,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${outputs()}`, { cause: err });
  }
  // one BullMQ worker per process on the messages queue, named after the process (Redis client name `…:w:<name>`)
  const names = (await messages.getWorkers()).map((w) => w.rawname?.split(':w:')[1]);
  expect(new Set(names)).toEqual(new Set(workers.map(workerName)));
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const p of procs) if (alive(p)) p.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(procs.map((p) => p.exited)), new Promise((r) => (timer = setTimeout(r, 15_000)))]);
  clearTimeout(timer);
  for (const p of procs) if (alive(p)) p.child.kill('SIGKILL');
  await queueEvents?.close();
  await messages?.close();
  redis?.disconnect();
  await sql?.end();
  if (db) {
    await flushRedisPrefix(db.queuePrefix);
    await db.drop();
  }
  await sendgrid?.close();
}, 30_000);

it('runs as one system: shared sessions and login limits, a campaign spread over three workers, SIGTERM and SIGKILL survived', async () => {
  // ── the session of api #1 is valid on api #2 ──
  const res = await login(api1, ADMIN, '192.0.2.10');
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('ironclad.sid='))!
    .split(';')[0]!;
  const me = await fetch(`${api2}/api/auth/me`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(ADMIN.email);

  // ── login limits counted on api #1 hold on api #2 ──
  // per account-and-address: failures from one address, then even the right password from it waits on #2
  for (let i = 1; i <= MAX_PER_ACCOUNT; i++) {
    expect((await login(api1, { email: ADMIN.email, password: `wrong password ${i}!` }, '198.51.100.1')).status).toBe(401);
  }
  const blockedAccount = await login(api2, ADMIN, '198.51.100.1');
  expect(blockedAccount.status).toBe(429);
  expect(Number(blockedAccount.headers.get('retry-after'))).toBeGreaterThan(0);
  // …while the account's owner from another address is not locked out
  expect((await login(api2, ADMIN, '198.51.100.99')).status).toBe(200);
  // per address: failures for different accounts from one address, then a new account from it on #2
  for (let i = 1; i <= MAX_PER_ADDRESS; i++) {
    expect((await login(api1, { email: `nobody-${i}@example.com`, password: 'not the password 1' }, '203.0.113.7')).status).toBe(401);
  }
  expect((await login(api2, { email: 'someone-else@example.com', password: 'not the password 1' }, '203.0.113.7')).status).toBe(429);
  // …while another address and account still get an answer on api #2
  expect((await login(api2, { email: 'someone-else@example.com', password: 'not the password 1' }, '203.0.113.8')).status).toBe(401);

  // ── watch over api #2 ──
  const socket = io(api2, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const progress: CampaignProgress[] = [];
  socket.on(ServerEvent.CampaignProgress, (p: CampaignProgress) => progress.push(p));
  const stalled: { jobId: string; at: number }[] = [];
  queueEvents.on('stalled', ({ jobId }) => stalled.push({ jobId, at: Date.now() }));

  // ── the campaign, started through api #1 ──
  const t0 = Date.now();
  const started = await fetch(`${api1}/api/bulk-communication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: PUBLIC_URL },
    body: JSON.stringify({ type: 'email', template: 'follow-up', name: 'scale-out', filter: { status: 'contacted' } }),
  });
  expect(started.status).toBe(202);
  const { campaignId } = (await started.json()) as { campaignId: number };
  // the workers resolve the audience (issue 27: the api answers before any recipient is stored)
  const prepared = await waitFor(
    async () => {
      const c = (
        (await (await fetch(`${api1}/api/campaigns/${campaignId}`, { headers: { cookie } })).json()) as {
          campaign: { preparing: boolean; recipients: number };
        }
      ).campaign;
      return c.preparing ? null : c;
    },
    30_000,
    50,
  );
  expect(prepared.recipients).toBe(RECIPIENTS);
  const ack = (await socket.timeout(10_000).emitWithAck(ClientEvent.WatchCampaign, { campaignId })) as { ok: boolean };
  expect(ack).toEqual({ ok: true });
  const finished = waitFor(
    async () => progress.find((p) => p.campaignId === campaignId && p.percent === 100 && p.status === 'sent') ?? null,
    90_000,
    50,
  ).then(() => Date.now() - t0);
  finished.catch(() => undefined); // awaited below; a failure before then must not go unhandled

  const [a, b, c] = workers as [Proc, Proc, Proc];
  const [nameA, nameB, nameC] = [a, b, c].map(workerName) as [string, string, string];
  const share = Math.ceil(RECIPIENTS / 10);

  // ── every worker takes a share; then SIGTERM to A ──
  let before: Map<string, number> = new Map();
  await waitFor(
    async () => {
      before = await completedBy();
      return [nameA, nameB, nameC].every((n) => (before.get(n) ?? 0) >= share);
    },
    60_000,
    200,
  ).catch((err: Error) => {
    throw new Error(`${err.message}: completed per worker ${JSON.stringify([...before])}\n${outputs()}`, { cause: err });
  });
  const sentAtTerm = [...before.values()].reduce((x, y) => x + y, 0);
  const termAt = Date.now();
  a.child.kill('SIGTERM');
  const activeAtTerm = await activeOf(nameA);
  const exitA = await a.exited;
  const drainMs = Date.now() - termAt;
  expect(exitA).toEqual({ code: 0, signal: null });
  expect(drainMs).toBeLessThanOrEqual(DRAIN_LIMIT_MS);
  expect(await activeOf(nameA)).toEqual([]);
  // the jobs it was running were finished by it, not left to be retaken
  for (const id of activeAtTerm) {
    const job = (await Job.fromId(messages, id))!;
    expect({ id, state: await job.getState(), by: job.processedBy }).toEqual({ id, state: 'completed', by: nameA });
  }

  // ── SIGKILL to B while it has jobs in hand and recipients are still waiting ──
  expect(await messages.getWaitingCount()).toBeGreaterThan(0);
  const killAt = Date.now();
  b.child.kill('SIGKILL');
  expect((await b.exited).signal).toBe('SIGKILL');
  const orphans = await activeOf(nameB);
  expect(orphans.length).toBeGreaterThan(0); // the recovery path is exercised
  const lockLeftMs = Math.max(
    ...(await Promise.all(orphans.map((id) => redis.pttl(`${db.queuePrefix}:${QueueName.Messages}:${id}:lock`)))),
  );
  // retaken: a live worker runs (or has run) each of them
  await waitFor(
    async () => {
      const jobs = await Promise.all(orphans.map((id) => Job.fromId(messages, id)));
      return jobs.every((j) => j && j.processedBy && j.processedBy !== nameB);
    },
    LOCK_DURATION_MS + 2 * STALLED_INTERVAL_MS + 20_000,
    50,
  );
  const recoveryMs = Date.now() - killAt;
  const sentAfterRecovery = await waitFor(
    async () => {
      const states = await Promise.all(orphans.map(async (id) => (await Job.fromId(messages, id))?.getState()));
      return states.every((s) => s === 'completed') ? Date.now() - killAt : null;
    },
    60_000,
    100,
  );

  // ── the campaign completes, watched over api #2 ──
  const campaignMs = await finished;
  const [campaign] = (await sql.query('SELECT status, summary FROM campaigns WHERE id = $1', [campaignId])).rows;
  expect(campaign).toEqual({ status: 'sent', summary: { successful: RECIPIENTS, failed: 0, total: RECIPIENTS } });
  const percents = progress.filter((p) => p.campaignId === campaignId).map((p) => p.percent);
  expect(percents.some((p) => p > 0 && p < 100)).toBe(true); // live updates, not only the end

  // every recipient exactly once at the provider
  const missing: number[] = [];
  const duplicated: number[] = [];
  for (let i = 1; i <= RECIPIENTS; i++) {
    const n = sendgrid.acceptedTo.get(`scale-${i}@example.com`) ?? 0;
    if (n === 0) missing.push(i);
    if (n > 1) duplicated.push(i);
  }
  expect({ missing, duplicated }).toEqual({ missing: [], duplicated: [] });

  // spread: every message job completed by one of the three, each a meaningful share
  const by = await completedBy();
  expect([...by.values()].reduce((x, y) => x + y, 0)).toBe(RECIPIENTS);
  expect(new Set(by.keys())).toEqual(new Set([nameA, nameB, nameC]));
  for (const n of [nameA, nameB, nameC]) expect(by.get(n)!).toBeGreaterThanOrEqual(share);

  // stalled: only B's orphans, none of A's
  expect(new Set(stalled.map((s) => s.jobId))).toEqual(new Set(orphans));

  // BullMQ retakes a job once its lock has expired (at most the lock duration after the job started
  // or last renewed it) at the next stalled-job check: the live workers run one every stalled
  // interval between them (a check skipped at the interval's edge makes two), then one picks it up.
  expect(lockLeftMs).toBeLessThanOrEqual(LOCK_DURATION_MS);
  const afterLockMs = recoveryMs - lockLeftMs;
  expect(afterLockMs).toBeLessThanOrEqual(2 * STALLED_INTERVAL_MS + PICKUP_SLACK_MS);
  expect(alive(c)).toBe(true);

  console.log(
    [
      `scale-out: ${RECIPIENTS} recipients, 2 apis, 3 workers × EMAIL_CONCURRENCY ${EMAIL_CONCURRENCY}, provider ${SEND_LATENCY_MS} ms`,
      `  jobs per worker: A ${by.get(nameA)}, B ${by.get(nameB)}, C ${by.get(nameC)}`,
      `  SIGTERM to A after ${sentAtTerm} sends: drained ${activeAtTerm.length} active job(s) and exited in ${drainMs} ms (limit ${DRAIN_LIMIT_MS} ms)`,
      `  SIGKILL to B: ${orphans.length} job(s) orphaned, retaken by C ${recoveryMs} ms after the kill: ` +
        `their locks ran ${lockLeftMs} ms more (WORKER_LOCK_DURATION_MS ${LOCK_DURATION_MS}), then ${afterLockMs} ms to the stalled check ` +
        `and pick-up (WORKER_STALLED_INTERVAL_MS ${STALLED_INTERVAL_MS})`,
      `    their sends recorded ${sentAfterRecovery} ms after the kill (after MESSAGE_SENDING_LEASE_MS 3000; ` +
        `${sendgrid.requests.filter((r) => r.method === 'GET').length} provider lookup(s) of sends B had in flight, none sent twice)`,
      `  campaign: POST on api #1 → 100 % over Socket.IO on api #2 in ${campaignMs} ms (${percents.length} progress events)`,
    ].join('\n'),
  );
}, 150_000);
