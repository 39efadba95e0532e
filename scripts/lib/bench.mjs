/**
 * Pieces the benchmark scripts share: a scratch Postgres database, Redis prefix clean-up, the
 * CPU time of a child process, number formatting and the machine's load, and the public leads
 * the intake benchmarks post.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { ROOT, requireFrom, rootPath } from './paths.mjs';
import { spawnPrefixed } from './proc.mjs';

const pg = requireFrom('backend', 'pg');
const { Redis } = requireFrom('backend', 'ioredis');

/** `x` with `digits` decimals and `unit`, or `n/a`. */
export const fmt = (x, unit = '', digits = 1) => (Number.isFinite(x) ? `${x.toFixed(digits)}${unit}` : 'n/a');

/** The machine's 1-minute load average and core count, printed beside every figure. */
export const machineLoad = () => `load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`;

/** CPU time (user + system, ms) process `pid` has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

/** Runs one SQL statement on the server of `adminUrl` (CREATE/DROP DATABASE …). */
export async function adminSql(adminUrl, sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * A new empty database `name` on the server of `adminUrl`.
 * @returns its URL and `drop()`, which removes it (forcing out what is still connected).
 */
export async function scratchDatabase(adminUrl, name) {
  await adminSql(adminUrl, `CREATE DATABASE "${name}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => adminSql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined) };
}

/** Deletes every Redis key under each of `prefixes` (`{prefix}:*`). */
export async function clearRedisPrefixes(redisUrl, prefixes) {
  const redis = new Redis(redisUrl);
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

/** A public lead without server pricing (source `unknown`): the api and the bare baseline store the same columns. */
export const plainLead = JSON.stringify({
  firstName: 'Bench',
  lastName: 'Visitor',
  email: 'bench-visitor@example.com',
  phone: '(212) 555-0100',
  company: 'Bench Co',
  buildingInfo: { type: 'residential', squareFootage: '2500', floors: 2, entryPoints: 3 },
  budget: '10k-25k',
  timeline: 'asap',
  specificAreas: 'Driveway, backyard',
  additionalFeatures: ['Mobile App Access'],
  source: 'unknown',
  website: '',
  formElapsedMs: 60_000,
});

/** A wizard lead: the design engine prices it and it gets a deposit token (the api only). */
export const wizardLead = JSON.stringify({
  ...JSON.parse(plainLead),
  buildingInfo: {
    type: 'residential',
    squareFootage: '4500',
    floors: '2',
    entryPoints: 'Front door, back door',
    specificAreas: 'Driveway',
  },
  additionalFeatures: ['Mobile App Access', 'Professional Monitoring'],
  source: 'ai_shopping',
});

/**
 * The api's environment for intake benchmarks: bot defences off and limits high (as in
 * bench:quote), every lead its own notification job like the baseline's (no digest).
 */
export const INTAKE_BENCH_ENV = {
  BOT_DEFENCES: 'off',
  TRUSTED_PROXIES: 'loopback',
  RATE_LIMIT_LEADS_PER_HOUR: '1000000',
  LEAD_DIGEST_AFTER_PER_MINUTE: '10000',
  LEAD_DIGEST_WINDOW_SECONDS: '1',
};

/**
 * Loads `url` with autocannon for `seconds` over `connections` connections (at most
 * `overallRate` requests/s in all when given) and reads the CPU process `pid` used meanwhile.
 * @returns 2xx answers per second, latency p50/p99 (ms), the server's CPU per answer (ms) and
 *   the answer count.
 * @throws when any answer was not 2xx, errored or timed out.
 */
export async function loadTest({ url, method = 'GET', headers = {}, body, connections, seconds, pid, overallRate }) {
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ url, method, headers, body, connections, duration: seconds, ...(overallRate ? { overallRate } : {}) });
  const cpu = cpuMs(pid) - cpu0;
  const ok = r['2xx'];
  if (r.non2xx || r.errors || r.timeouts)
    throw new Error(`${method} ${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return { rps: ok / r.duration, p50: r.latency.p50, p99: r.latency.p99, cpuPerRequest: cpu / ok, n: ok };
}

/**
 * Starts `script` (a path from the repository root) with Node as a benchmark process named `name`
 * and keeps it in `children` until it exits (so the caller can stop what is left). Its output is
 * shown only with BENCH_VERBOSE; with BENCH_PROFILE_DIR it writes its V8 CPU profile there as
 * `{name}.cpuprofile`.
 */
export function startBenchProcess(children, name, script, env) {
  const prof = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const out = process.env.BENCH_VERBOSE ? process.stdout : { write: () => true };
  const child = spawnPrefixed(name, process.execPath, [...prof, rootPath(script)], { env, cwd: ROOT, out, detached: false });
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}
