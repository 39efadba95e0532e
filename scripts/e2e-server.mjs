#!/usr/bin/env node
/**
 * The server of the browser tests (playwright.config.ts `webServer`).
 *
 * 1. Creates a fresh Postgres database `ironclad_e2e_<random>` (E2E_POSTGRES_URL, default
 *    postgres://postgres@127.0.0.1:5432/postgres is used to create and drop it).
 * 2. Runs `node backend/dist/cli/migrate.js` against it (migrations + seed).
 * 3. Starts the API (`node backend/dist/main.js`, NODE_ENV=production, serving frontend/dist on
 *    E2E_PORT, default 4173) and the worker (`node worker/dist/main.js`) with the same
 *    environment and a private BullMQ prefix `e2e-<random>`; no provider credentials, so every
 *    email/SMS is stored as `not_delivered`. Stripe is the exception: a local fake Stripe API
 *    (scripts/lib/fake-stripe.mjs) is started and the API is given test keys pointing at it, so
 *    the deposit flows run end to end (the browser's Stripe.js is replaced by a test double in
 *    the specs, e2e/support/stripe-js-double.ts); its URL is written as `fakeStripeUrl`.
 * 4. Waits for GET /api/health to answer 200, then writes test-results/.e2e-env.json
 *    ({ baseURL, databaseUrl, queuePrefix }) for the specs (e2e/support/e2e-env.ts).
 * 5. On SIGTERM/SIGINT (or when a child dies) stops both processes, drops the database and
 *    deletes the queue keys.
 *
 * Needs built code: `npm run build` (contracts, backend, worker, frontend).
 *
 * Optional: E2E_ENV_FILE (where to write the env file), E2E_SENDGRID_API_KEY and
 * E2E_SENDGRID_BASE_URL (deliver email to a local fake SendGrid instead of the outbox),
 * E2E_STABILITY_API_KEY and E2E_STABILITY_BASE_URL (generate images with a local fake Stability
 * API, scripts/lib/fake-stability.mjs, started by the spec; without them image generation is not
 * configured, decisions.md §14).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFakeStripe } from './lib/fake-stripe.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 4173);
const adminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const suffix = randomBytes(5).toString('hex');
const databaseName = `ironclad_e2e_${suffix}`;
const queuePrefix = `e2e-${suffix}`;
const baseURL = `http://127.0.0.1:${port}`;
const envFile = process.env.E2E_ENV_FILE ?? join(repoRoot, 'test-results', '.e2e-env.json');

const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${databaseName}`;
  return u.toString();
})();

/** Environment of the migration, the API and the worker. */
const childEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseURL,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  QUEUE_PREFIX: queuePrefix,
  FRONTEND_DIST: join(repoRoot, 'frontend', 'dist'),
  SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? randomBytes(32).toString('hex'),
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // No provider credentials: sends are stored in the outbox as not_delivered (decisions.md §14).
  // A spec that needs delivered email starts its own server with a local fake SendGrid
  // (E2E_SENDGRID_API_KEY + E2E_SENDGRID_BASE_URL, e2e/calculator.spec.ts).
  SENDGRID_API_KEY: process.env.E2E_SENDGRID_API_KEY ?? '',
  ...(process.env.E2E_SENDGRID_BASE_URL ? { SENDGRID_BASE_URL: process.env.E2E_SENDGRID_BASE_URL } : {}),
  TWILIO_ACCOUNT_SID: '',
  TWILIO_AUTH_TOKEN: '',
  TWILIO_PHONE_NUMBER: '',
  STRIPE_SECRET_KEY: '',
  STRIPE_PUBLISHABLE_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STABILITY_API_KEY: process.env.E2E_STABILITY_API_KEY ?? '',
  // with the fake Stability: its 60 s lock-out and the circuit breaker's 30 s probe scaled down
  ...(process.env.E2E_STABILITY_BASE_URL
    ? { STABILITY_BASE_URL: process.env.E2E_STABILITY_BASE_URL, STABILITY_LOCKOUT_MS: '2000', BREAKER_PROBE_MS: '2000' }
    : {}),
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
  // Bot defences at their production defaults, with the browser behind a trusted loopback
  // "proxy": each test sends its own X-Forwarded-For (e2e/support/test.ts), so each is one client.
  BOT_DEFENCES: 'on',
  TRUSTED_PROXIES: 'loopback',
  // Playwright types faster than any person: the fill-time test (FORM_MIN_FILL_MS, 3 s by
  // default; tested through the API in backend/test/bot-defences) would flag its leads as spam.
  FORM_MIN_FILL_MS: process.env.E2E_FORM_MIN_FILL_MS ?? '0',
  // A cheap proof of work, so the check solves in a moment on a busy 2-core CI machine.
  CHALLENGE_COST: '50',
  CHALLENGE_MAX_COUNTER: '400',
};

const log = (msg) => console.log(`[e2e-server] ${msg}`);

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const children = new Map();
let databaseCreated = false;
let shuttingDown = false;
/** @type {Awaited<ReturnType<typeof startFakeStripe>> | null} */
let fakeStripe = null;

/** Runs `node <script>` with the child environment; output prefixed with `[name]`. */
function startNode(name, script) {
  const child = spawn(process.execPath, [join(repoRoot, script)], { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Resolves with the exit code of `child`. */
const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode ?? 1)
    : new Promise((res) => child.once('exit', (code) => res(code ?? 1)));

/** Runs a database statement on the admin connection. */
async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Deletes the BullMQ keys of this run (best effort). */
async function deleteQueueKeys() {
  let Redis;
  try {
    ({ default: Redis } = await import('ioredis'));
  } catch {
    return;
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch (err) {
    log(`could not delete queue keys: ${err.message}`);
  } finally {
    redis.disconnect();
  }
}

/** Stops the children, drops the database, removes the env file; exits with `code`. */
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const [name, child] of children) {
    if (child.exitCode === null && child.signalCode === null) {
      log(`stopping ${name}`);
      child.kill('SIGTERM');
    }
  }
  await Promise.all(
    [...children.values()].map(async (child) => {
      const timedOut = await Promise.race([exited(child).then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) child.kill('SIGKILL');
    }),
  );
  if (databaseCreated) {
    try {
      await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      log(`dropped database ${databaseName}`);
    } catch (err) {
      log(`could not drop database ${databaseName}: ${err.message}`);
    }
  }
  await deleteQueueKeys();
  await fakeStripe?.close();
  await rm(envFile, { force: true });
  process.exit(code);
}

process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

/** Polls GET /api/health until it answers 200. */
async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const [name, child] of children) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited before the API was healthy`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`GET ${baseURL}/api/health did not answer 200 within ${timeoutMs / 1000} s`);
}

async function main() {
  const required = ['backend/dist/main.js', 'backend/dist/cli/migrate.js', 'worker/dist/main.js', 'frontend/dist/index.html'];
  const missing = required.filter((f) => !existsSync(join(repoRoot, f)));
  if (missing.length) throw new Error(`missing build output: ${missing.join(', ')} (run "npm run build" first)`);

  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  databaseCreated = true;
  log(`created database ${databaseName}`);

  const migrate = startNode('migrate', 'backend/dist/cli/migrate.js');
  children.set('migrate', migrate);
  const migrateCode = await exited(migrate);
  children.delete('migrate');
  if (migrateCode !== 0) throw new Error(`migrations failed (exit code ${migrateCode})`);

  const webhookSecret = `whsec_e2e_${suffix}`;
  fakeStripe = await startFakeStripe({ webhookUrl: `${baseURL}/api/stripe/webhook`, webhookSecret });
  Object.assign(childEnv, {
    STRIPE_SECRET_KEY: `sk_test_e2e_${suffix}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_e2e_${suffix}`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE_URL: fakeStripe.baseUrl,
  });
  log(`fake Stripe API on ${fakeStripe.baseUrl}`);

  const api = startNode('api', 'backend/dist/main.js');
  const worker = startNode('worker', 'worker/dist/main.js');
  children.set('api', api);
  children.set('worker', worker);
  for (const [name, child] of [
    ['api', api],
    ['worker', worker],
  ]) {
    child.once('exit', (code, signal) => {
      if (shuttingDown) return;
      log(`${name} exited unexpectedly (${signal ?? `code ${code}`})`);
      void shutdown(1);
    });
  }

  await waitForHealth(60_000);
  await mkdir(dirname(envFile), { recursive: true });
  await writeFile(envFile, `${JSON.stringify({ baseURL, databaseUrl, queuePrefix, fakeStripeUrl: fakeStripe.baseUrl }, null, 2)}\n`);
  log(`ready on ${baseURL} (database ${databaseName}, queue prefix ${queuePrefix})`);
}

main().catch((err) => {
  console.error(`[e2e-server] ${err.message}`);
  void shutdown(1);
});
