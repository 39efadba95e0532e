#!/usr/bin/env node
// `npm test`: lint (`npm run lint`: ESLint, Prettier's check, tsc of every workspace), build, then
// every Jest test (unit + integration, root jest.config.js), then every Playwright test (e2e/,
// driving Debian Chromium), then one closing line for CI:
//
//   N passed, N failed[, N skipped]
//
// Usage:
//   npm test                          lint + build + jest + playwright (a lint failure stops it)
//   npm test -- <jest args>           e.g. `npm test -- backend/src/modules/leads` or `-t "quote"`
//   npm test -- --jest-only [args]    skip Playwright
//   npm test -- --e2e-only [args]     skip Jest; the args go to `playwright test`
//   npm test -- --skip-build ...      trust the current dist/ folders
//   npm test -- --skip-lint ...       no lint (it runs only for a full run: no --jest-only, --e2e-only
//                                     or test arguments)
//
// Integration tests give each test file its own database and Redis key prefix, so Jest runs
// files in parallel. Services: DATABASE_URL / REDIS_URL (defaults: local PostgreSQL on 5432 and
// Redis on 6379). When no Redis answers and redis-server is installed, a private one is started
// for the run; a missing PostgreSQL is reported up front (the embedded PGlite of `npm start`
// cannot host per-file databases).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, rootPath, envValue } from './lib/paths.mjs';
import { probePostgres, redactUrl } from './lib/postgres.mjs';
import { pingRedis, startPrivateRedis } from './lib/redis.mjs';
import { stopChild, killAllSync } from './lib/proc.mjs';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const say = (message) => console.log(`[test] ${message}`);

// ---------------------------------------------------------------------------------------------
// arguments

const argv = process.argv.slice(2);
const flags = new Set();
const passThrough = [];
for (const arg of argv) {
  if (['--jest-only', '--e2e-only', '--skip-build', '--skip-lint'].includes(arg)) flags.add(arg);
  else passThrough.push(arg);
}
if (flags.has('--jest-only') && flags.has('--e2e-only')) {
  console.error('--jest-only and --e2e-only exclude each other');
  process.exit(2);
}
const runJest = !flags.has('--e2e-only');
const runPlaywright = !flags.has('--jest-only');
const runLint = !flags.has('--skip-lint') && runJest && runPlaywright && passThrough.length === 0;

// ---------------------------------------------------------------------------------------------
// helpers

const children = new Set();
let privateRedis = null;

function run(command, args, { env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    children.add(child);
    child.on('error', (err) => {
      console.error(`[test] could not run ${command}: ${err.message}`);
      children.delete(child);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function finish() {
  killAllSync(children);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
}

async function cleanup() {
  if (!privateRedis) return;
  await stopChild(privateRedis.child, { graceMs: 5000 });
  fs.rmSync(privateRedis.dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    killAllSync(children);
    await cleanup();
    process.exit(130);
  });
}
process.on('exit', () => {
  killAllSync(children);
  if (privateRedis) killAllSync([privateRedis.child]);
});

// ---------------------------------------------------------------------------------------------
// services

async function checkServices() {
  const databaseUrl = envValue('DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = await probePostgres(databaseUrl);
  if (!pg.ok && pg.kind !== 'no-database') {
    say(
      `WARNING: PostgreSQL does not answer at ${redactUrl(databaseUrl)} (${pg.error.code ?? pg.error.message}); ` +
        'integration tests will fail. Start PostgreSQL (see .ci/run) or set DATABASE_URL.',
    );
  }

  const explicitRedis = envValue('REDIS_URL');
  // TEST_REDIS_PROBE_PORT (internal) probes another port, to exercise the fallback.
  const redisUrl = explicitRedis ?? `redis://127.0.0.1:${envValue('TEST_REDIS_PROBE_PORT') ?? 6379}`;
  const redis = await pingRedis(redisUrl);
  if (redis.ok) return;
  if (!explicitRedis) {
    const dir = path.join(os.tmpdir(), `ironclad-test-redis-${process.pid}`);
    privateRedis = await startPrivateRedis({ dir }).catch((err) => {
      say(`could not start a private redis-server: ${err.message}`);
      return null;
    });
    if (privateRedis) privateRedis.dir = dir;
    if (privateRedis) {
      process.env.REDIS_URL = privateRedis.url;
      say(`no Redis at ${redisUrl}: using a private redis-server at ${privateRedis.url} for this run`);
      return;
    }
  }
  say(`WARNING: Redis does not answer at ${redactUrl(redisUrl)} (${redis.error.message}); queue tests will fail.`);
}

// ---------------------------------------------------------------------------------------------
// runners

async function jest(outDir) {
  const outputFile = path.join(outDir, 'jest.json');
  const args = [
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
    rootPath('node_modules/jest/bin/jest.js'),
    '--json',
    `--outputFile=${outputFile}`,
  ];
  const userSetWorkers = passThrough.some((a) => /^(-w|--maxWorkers|-i|--runInBand)(=|$)/.test(a));
  // Jest's default is (cores - 1), i.e. one worker on a 2-core CI machine; test files are
  // isolated from each other, so use every core.
  if (!userSetWorkers) args.push(`--maxWorkers=${Math.max(2, os.availableParallelism?.() ?? os.cpus().length)}`);
  if (!fs.existsSync(rootPath('jest.config.js'))) say('note: no jest.config.js at the root; Jest uses its defaults');
  args.push(...passThrough);

  say(`jest ${args.slice(3).join(' ')}`);
  const code = await run(process.execPath, args);
  const report = readJson(outputFile);
  if (report) {
    const runtimeErrors = report.numRuntimeErrorTestSuites ?? 0;
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += (report.numFailedTests ?? 0) + runtimeErrors;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (runtimeErrors) say(`jest: ${runtimeErrors} test file(s) failed to run (counted as failures)`);
  } else if (code !== 0) {
    totals.failed += 1; // jest itself failed before reporting
  }
  say(`jest finished with exit code ${code}`);
  if (code !== 0) exitCode = 1;
}

function playwrightConfig() {
  return ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((ext) => `playwright.config.${ext}`).find((f) => fs.existsSync(rootPath(f)));
}

async function playwright(outDir) {
  const config = playwrightConfig();
  if (!config && !passThrough.some((a) => a === '-c' || a.startsWith('--config'))) {
    say('note: no playwright.config.* at the root yet: Playwright tests skipped');
    return;
  }
  const outputFile = path.join(outDir, 'playwright.json');
  const args = ['playwright', 'test'];
  const pwArgs = flags.has('--e2e-only') ? [...passThrough] : [];
  const reporterIndex = pwArgs.findIndex((a) => a === '--reporter' || a.startsWith('--reporter='));
  if (reporterIndex === -1) {
    pwArgs.push('--reporter=list,json'); // json: counted below; list: as the config uses
  } else if (pwArgs[reporterIndex] === '--reporter') {
    pwArgs[reporterIndex + 1] = `${pwArgs[reporterIndex + 1]},json`;
  } else {
    pwArgs[reporterIndex] = `${pwArgs[reporterIndex]},json`;
  }
  args.push(...pwArgs);

  const env = {
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
  };
  say(`npx ${args.join(' ')}`);
  const code = await run(NPX, args, { env });
  const report = readJson(outputFile);
  if (report?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    totals.passed += expected + flaky;
    totals.skipped += skipped;
    const globalErrors = Array.isArray(report.errors) ? report.errors.length : 0;
    totals.failed += unexpected + (unexpected === 0 && code !== 0 ? Math.max(1, globalErrors) : 0);
    if (flaky) say(`playwright: ${flaky} flaky test(s) passed on retry`);
  } else if (code !== 0) {
    totals.failed += 1; // playwright failed before reporting (config error, web server did not start…)
  }
  say(`playwright finished with exit code ${code}`);
  if (code !== 0) exitCode = 1;
}

// ---------------------------------------------------------------------------------------------
// main

async function main() {
  if (runLint) {
    say('npm run lint');
    const code = await run(NPM, ['run', 'lint']);
    if (code !== 0) {
      say(`lint failed (exit ${code}): no tests run`);
      totals.failed += 1;
      exitCode = 1;
      return;
    }
  }
  if (!flags.has('--skip-build')) {
    say('npm run build');
    const code = await run(NPM, ['run', 'build']);
    if (code !== 0) {
      say(`build failed (exit ${code}): no tests run`);
      totals.failed += 1;
      exitCode = 1;
      return;
    }
  }

  await checkServices();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ironclad-test-'));
  try {
    if (runJest) await jest(outDir);
    if (runPlaywright) await playwright(outDir);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

main()
  .catch((err) => {
    console.error(`[test] ${err?.stack ?? err}`);
    totals.failed += 1;
    exitCode = 1;
  })
  .then(cleanup)
  .then(finish);
