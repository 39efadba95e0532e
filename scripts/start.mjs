#!/usr/bin/env node
// `npm start`: build if needed, find or start PostgreSQL and Redis, migrate + seed,
// then run the api (which also serves the built front end) and the worker(s), and print the URL.
//
//   npm start [-- --workers N]   N worker processes (default 1), their lines prefixed
//                                [worker-1] … [worker-N] (plain [worker] when N is 1)
//
//   PORT          api port (default 3000)
//   DATABASE_URL  PostgreSQL; unset = postgres://postgres@127.0.0.1:5432/ironclad when something
//                 answers there (the database is created if missing), else an embedded PGlite
//                 served on a private port (data in ./data/pglite)
//   REDIS_URL     Redis; unset = redis://127.0.0.1:6379 when it answers, else a private
//                 `redis-server` from PATH on a free port (nothing persisted, dir ./data/redis)
// Internal, for testing the fallbacks on a machine that has both services running:
//   START_PG_PROBE_PORT, START_REDIS_PROBE_PORT   port probed instead of 5432 / 6379
//   START_HEALTH_TIMEOUT_MS                       how long to wait for /api/health (120000)
// Variables in ./.env are loaded first; the real environment wins over the file.

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, DATA_DIR, rootPath, loadDotEnv, envValue } from './lib/paths.mjs';
import { canConnect, portIsFree, waitFor, sleep } from './lib/net.mjs';
import { logger, spawnPrefixed, stopChild, killAllSync } from './lib/proc.mjs';
import { ensureDatabase, redactUrl } from './lib/postgres.mjs';
import { pingRedis, startPrivateRedis } from './lib/redis.mjs';

const log = logger('start');
const NODE = process.execPath;
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const BUILD_OUTPUTS = [
  'packages/contracts/dist/index.js',
  'backend/dist/main.js',
  'backend/dist/cli/migrate.js',
  'worker/dist/main.js',
  'frontend/dist/index.html',
];

/** Everything we started, so that shutdown (or a crash) can stop it. */
const running = new Set();
let pglite = null;
let pgliteLock = null;
let privateRedis = null;
let stopping = false;

class StartError extends Error {}

function fail(message) {
  throw new StartError(message);
}

// ---------------------------------------------------------------------------------------------
// arguments

const USAGE = 'usage: npm start [-- --workers N]   (N: how many worker processes, a whole number from 1, default 1)';

/**
 * The command line: `--workers N` (or `--workers=N`), N a positive whole number (default 1).
 * @throws StartError naming the bad argument and the usage.
 */
function parseCommandLine(argv) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { workers: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    fail(`${err.message}\n${USAGE}`);
  }
  const raw = values.workers ?? '1';
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    fail(`--workers must be a positive whole number (1, 2, 3 …), got "${raw}"\n${USAGE}`);
  }
  return { workers: Number(raw) };
}

// A bad command line stops before anything is built or started (exit 2, as for a usage error).
let workers;
try {
  ({ workers } = parseCommandLine(process.argv.slice(2)));
} catch (err) {
  process.stderr.write(`\nnpm start: ${err.message}\n\n`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// build

async function ensureBuilt() {
  const missing = BUILD_OUTPUTS.filter((f) => !fs.existsSync(rootPath(f)));
  if (missing.length === 0) return;
  log(`build output missing (${missing.join(', ')}): running npm run build`);
  const code = await runStep('build', NPM, ['run', 'build']);
  if (code !== 0) fail(`npm run build failed (exit ${code}); fix the build errors above and run npm start again`);
  const still = BUILD_OUTPUTS.filter((f) => !fs.existsSync(rootPath(f)));
  if (still.length) fail(`npm run build succeeded but did not produce: ${still.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const HOW_TO_GET_POSTGRES =
  'Install PostgreSQL (Debian: apt-get install postgresql) and start it, or set DATABASE_URL, ' +
  'or run everything in containers with `docker compose up`.';

async function resolveDatabase() {
  const explicit = envValue('DATABASE_URL');
  if (explicit) {
    try {
      const state = await ensureDatabase(explicit);
      log(`PostgreSQL: ${redactUrl(explicit)}${state === 'created' ? ' (database created)' : ''}`);
    } catch (err) {
      fail(`DATABASE_URL: ${err.message}.\nFix DATABASE_URL, or unset it to let npm start use a local or embedded database.`);
    }
    return explicit;
  }

  const probePort = Number(envValue('START_PG_PROBE_PORT') ?? 5432);
  const localUrl = `postgres://postgres@127.0.0.1:${probePort}/ironclad`;
  if (await canConnect(probePort)) {
    try {
      const state = await ensureDatabase(localUrl);
      log(`PostgreSQL: ${localUrl}${state === 'created' ? ' (database "ironclad" created)' : ''}`);
    } catch (err) {
      fail(
        `Something answers on 127.0.0.1:${probePort} but it cannot be used as ${localUrl}: ${err.message}.\n` +
          'Set DATABASE_URL=postgres://USER:PASSWORD@127.0.0.1:5432/ironclad (see .env.example).',
      );
    }
    return localUrl;
  }

  const dataDir = path.join(DATA_DIR, 'pglite');
  log(`no PostgreSQL on 127.0.0.1:${probePort}: starting embedded PGlite (data in ${path.relative(ROOT, dataDir)})`);
  pgliteLock = takeLock(path.join(DATA_DIR, 'pglite.lock'), 'data/pglite');
  let mod;
  try {
    mod = await import('./lib/pglite-server.mjs');
    pglite = await mod.startPgliteServer({ dataDir, log: logger('pglite') });
  } catch (err) {
    const notInstalled = err?.code === 'ERR_MODULE_NOT_FOUND';
    fail(
      (notInstalled
        ? 'No PostgreSQL answers on 127.0.0.1:5432 and the embedded PGlite is not installed ' +
          '(it is a devDependency: run `npm install` without --omit=dev).\n'
        : `No PostgreSQL answers on 127.0.0.1:${probePort} and the embedded PGlite did not start: ${err?.message ?? err}\n`) +
        HOW_TO_GET_POSTGRES,
    );
  }
  log(
    `embedded PGlite listening on 127.0.0.1:${pglite.port} ` +
      '(one transaction at a time; fine for trying the product, use PostgreSQL for real work)',
  );
  // PGlite has a single database; the name in the URL is ignored, so name the real one.
  return pglite.url('postgres');
}

/** A pid file so two `npm start` never open the same PGlite data directory. */
function takeLock(file, what) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        fail(`${what} is in use by another npm start (pid ${pid}); stop it first`);
      } catch (err) {
        if (err instanceof StartError) throw err;
        // stale lock: the process is gone
      }
    }
  } catch (err) {
    if (err instanceof StartError) throw err;
  }
  fs.writeFileSync(file, String(process.pid));
  return file;
}

// ---------------------------------------------------------------------------------------------
// Redis

async function resolveRedis() {
  const explicit = envValue('REDIS_URL');
  if (explicit) {
    const result = await pingRedis(explicit);
    if (!result.ok) {
      fail(`REDIS_URL: Redis at ${redactUrl(explicit)} does not answer PING (${result.error.message}).\nFix REDIS_URL, or unset it.`);
    }
    log(`Redis: ${redactUrl(explicit)}`);
    return explicit;
  }

  const probePort = Number(envValue('START_REDIS_PROBE_PORT') ?? 6379);
  const localUrl = `redis://127.0.0.1:${probePort}`;
  if (await canConnect(probePort)) {
    const result = await pingRedis(localUrl);
    if (!result.ok) {
      fail(
        `Something answers on 127.0.0.1:${probePort} but not as a usable Redis (${result.error.message}).\n` +
          'Set REDIS_URL=redis://[:PASSWORD@]HOST:PORT (see .env.example).',
      );
    }
    log(`Redis: ${localUrl}`);
    return localUrl;
  }

  log(`no Redis on 127.0.0.1:${probePort}: starting a private redis-server`);
  try {
    privateRedis = await startPrivateRedis({ dir: path.join(DATA_DIR, 'redis'), onSpawn: (child) => running.add(child) });
  } catch (err) {
    fail(`redis-server did not start: ${err.message}`);
  }
  if (!privateRedis) {
    fail(
      `No Redis answers on 127.0.0.1:${probePort} and redis-server is not on PATH.\n` +
        'Install Redis (Debian: apt-get install redis-server; macOS: brew install redis), or set REDIS_URL, ' +
        'or run everything in containers with `docker compose up`.',
    );
  }
  log(`private redis-server listening on 127.0.0.1:${privateRedis.port} (nothing persisted)`);
  return privateRedis.url;
}

// ---------------------------------------------------------------------------------------------
// processes

/** Run a one-shot step (build, migrate) to completion; resolves its exit code. */
async function runStep(name, command, args, env = process.env) {
  const child = spawnPrefixed(name, command, args, { env, cwd: ROOT, detached: false });
  running.add(child);
  const { code, signal } = await child.exited;
  running.delete(child);
  if (stopping) return 130;
  return code ?? (signal ? 1 : 0);
}

function startService(name, script, env) {
  const child = spawnPrefixed(name, NODE, [rootPath(script)], { env, cwd: ROOT });
  running.add(child);
  child.exited.then(({ code, signal }) => {
    running.delete(child);
    if (!stopping) {
      log(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
      shutdown(1);
    }
  });
  return child;
}

async function healthy(port) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
  await res.body?.cancel();
  return res.status === 200;
}

// ---------------------------------------------------------------------------------------------
// shutdown

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  // 1. the app processes (and any one-shot step in progress), gracefully
  await Promise.all([...running].filter((c) => c !== privateRedis?.child).map((c) => stopChild(c, { graceMs: 20_000 })));
  // 2. then the services they used
  if (privateRedis) await stopChild(privateRedis.child, { graceMs: 5_000 });
  if (pglite) {
    try {
      await pglite.stop();
    } catch (err) {
      log(`PGlite did not close cleanly: ${err.message}`);
    }
  }
  if (pgliteLock) fs.rmSync(pgliteLock, { force: true });
  log('stopped');
  process.exit(code);
}

let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    signals += 1;
    if (signals > 1) {
      log('second signal: killing everything now');
      killAllSync(running);
      if (pgliteLock) fs.rmSync(pgliteLock, { force: true });
      process.exit(130);
    }
    shutdown(0); // a requested stop is a normal end
  });
}
process.on('exit', () => killAllSync(running));

// ---------------------------------------------------------------------------------------------
// main

async function main() {
  const fromFile = loadDotEnv();
  if (fromFile.length) log(`loaded ${fromFile.length} variable(s) from .env`);

  const port = Number(envValue('PORT') ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number, got "${process.env.PORT}"`);

  await ensureBuilt();
  const databaseUrl = await resolveDatabase();
  const redisUrl = await resolveRedis();

  const env = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_URL: envValue('PUBLIC_URL') ?? `http://localhost:${port}`,
  };

  log('migrating and seeding the database');
  const migrated = await runStep('migrate', NODE, [rootPath('backend/dist/cli/migrate.js')], env);
  if (stopping) return;
  if (migrated !== 0) fail(`migrations failed (exit ${migrated}); see the [migrate] lines above`);

  const host = envValue('HOST') ?? '0.0.0.0';
  if (!(await portIsFree(port, host))) {
    fail(`port ${port} is already in use; stop what uses it or start with PORT=<another port> npm start`);
  }

  startService('api', 'backend/dist/main.js', env);
  // Each worker is a separate process draining the same queues; BullMQ spreads the jobs over them.
  for (let i = 1; i <= workers; i++) startService(workers === 1 ? 'worker' : `worker-${i}`, 'worker/dist/main.js', env);

  const timeoutMs = Number(envValue('START_HEALTH_TIMEOUT_MS') ?? 120_000);
  try {
    await waitFor(() => healthy(port), {
      timeoutMs,
      intervalMs: 500,
      abort: () => (stopping ? 'stopping' : undefined),
    });
  } catch (err) {
    if (stopping) return;
    fail(`the api did not answer 200 on http://127.0.0.1:${port}/api/health (${err.message})`);
  }
  if (stopping) return;
  console.log(`Ready: http://localhost:${port}${workers > 1 ? ` (${workers} worker processes)` : ''}`);
}

main().catch(async (err) => {
  if (err instanceof StartError) {
    process.stderr.write(`\nnpm start: ${err.message}\n\n`);
  } else {
    process.stderr.write(`\nnpm start failed: ${err?.stack ?? err}\n\n`);
  }
  await sleep(0);
  await shutdown(1);
});
