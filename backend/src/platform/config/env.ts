/**
 * Environment configuration, parsed once with zod at start.
 * A missing or bad variable stops the process with a message naming every offending variable.
 * Every variable, its default and meaning is listed in `.env.example`.
 */
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

const TRUST_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUSTED_PROXIES: empty, a hop count, or a comma list of addresses / CIDR ranges / Express's names. */
function isTrustProxyList(v: string): boolean {
  const t = v.trim();
  if (t === '' || /^\d{1,2}$/.test(t)) return true;
  return t.split(',').every((part) => {
    const p = part.trim();
    if (TRUST_NAMES.has(p)) return true;
    const [addr, bits] = p.split('/');
    if (!ipaddr.isValid(addr ?? '')) return false;
    return bits === undefined || /^\d{1,3}$/.test(bits);
  });
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
    DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/ironclad'),
    REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]+$/, 'letters, digits, : _ - only')
      .default('ironclad'),
    FRONTEND_DIST: z.string().default(path.join(repoRoot, 'frontend/dist')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(5),
    STAFF_NOTIFICATION_EMAIL: z.email().default('office@ironcladsecurity.example'),
    EMAIL_FROM: z.email().default('no-reply@ironcladsecurity.example'),
    SENDGRID_API_KEY: optional(z.string().min(1)),
    SENDGRID_BASE_URL: url(['http:', 'https:']).default('https://api.sendgrid.com'),
    TWILIO_ACCOUNT_SID: optional(z.string().min(1)),
    TWILIO_AUTH_TOKEN: optional(z.string().min(1)),
    TWILIO_PHONE_NUMBER: optional(z.string().min(1)),
    TWILIO_BASE_URL: url(['http:', 'https:']).default('https://api.twilio.com'),
    STRIPE_SECRET_KEY: optional(z.string().min(1)),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().min(1)),
    STRIPE_WEBHOOK_SECRET: optional(z.string().min(1)),
    STRIPE_API_BASE_URL: url(['http:', 'https:']).default('https://api.stripe.com'),
    /**
     * Card-testing defence: more than this many `payment_intent.payment_failed` events for one
     * quote or one client address within PAYMENT_FAILURES_WINDOW_MINUTES pause online payment for it.
     */
    PAYMENT_FAILURES_LOCK_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
    /** The window (minutes) in which the payment failures of a quote or address are counted. */
    PAYMENT_FAILURES_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    /** How long (minutes) online payment stays paused for a quote or address once locked (default 24 h). */
    PAYMENT_LOCK_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
    STABILITY_API_KEY: optional(z.string().min(1)),
    STABILITY_BASE_URL: url(['http:', 'https:']).default('https://api.stability.ai'),
    /** Stable Image model the worker calls: `/v2beta/stable-image/generate/{core|ultra|sd3}`. */
    STABILITY_MODEL: z.enum(['core', 'ultra', 'sd3']).default('core'),
    /** Longest one Stability call may take, in ms (an Ultra image takes 10-20 s). */
    STABILITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(60_000),
    /**
     * Stability requests per 10 s across all workers (BullMQ limiter of the images queue).
     * Stability allows 150 and times an account out for 60 s beyond; keep well under it.
     */
    STABILITY_MAX_REQUESTS_PER_10S: z.coerce.number().int().min(1).max(140).default(50),
    /** How long no worker calls Stability after a 429 (ms): Stability's own time-out is 60 s. */
    STABILITY_LOCKOUT_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
    /**
     * Staff lists (GET /api/leads) count exactly up to this many matching rows (the planner's
     * estimate); above it `total` is that estimate (issue 27: no million-row count per call).
     */
    LIST_EXACT_COUNT_MAX: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
    /** Image jobs one worker process runs at once (staff-side.md §4: one after another). */
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(1),
    /** Attempts per image on 5xx and network failures (429s wait out the lock-out instead and count apart). */
    IMAGE_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    /** Base of the jittered exponential retry delay of an image, in ms. */
    IMAGE_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
    /** Longest retry delay of an image, in ms. */
    IMAGE_BACKOFF_MAX_MS: z.coerce.number().int().min(1).max(3_600_000).default(120_000),
    /** 429 answers one image may meet before it fails. */
    IMAGE_MAX_RATE_LIMITED: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * An image claimed `generating` longer than this (ms) is presumed abandoned by a crashed worker
     * and generated again. Must exceed STABILITY_TIMEOUT_MS.
     */
    IMAGE_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(120_000),
    /** Images one admin may ask for per hour (Generate All counts 11). */
    IMAGE_GENERATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(60),
    /** Memory the api keeps for served image variants, in MB (each instance). */
    IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters')),
    PUPPETEER_EXECUTABLE_PATH: z.string().default('/usr/bin/chromium'),
    /** Staff session idle timeout in minutes: the cookie and the stored session expire this long after the last request. */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** Staff session absolute lifetime in hours, counted from the login, whatever the activity. */
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    /**
     * Failed logins one account-and-IP pair (email + client address) makes without any delay;
     * from then on each failure doubles the wait before the pair's next attempt (OWASP progressive
     * delays, never a lock of the account itself).
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: z.coerce.number().int().min(1).max(1000).default(5),
    /** Failed logins one client IP (IPv6: /64) makes across accounts without any delay; then as above. */
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(10000).default(20),
    /** How long failures are remembered, in seconds from a scope's first failure. */
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /** The first delay after the free failures, in seconds; each further failure doubles it. */
    LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(1),
    /** The longest delay between two attempts of one scope, in seconds. */
    LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /**
     * Proxies whose X-Forwarded-For is believed when working out a client's address (Express's
     * `trust proxy`): empty = none (the socket's address counts), a hop count (`1`), or a comma list
     * of addresses, CIDR ranges and the names loopback / linklocal / uniquelocal. Shared by the
     * login limits and the public-write limits.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .refine(
        isTrustProxyList,
        'must be empty, a hop count, or a comma list of IP addresses, CIDR ranges, loopback, linklocal, uniquelocal',
      ),
    /** `off` switches off the per-address public-write limits, the fill-time test and the challenge (load tests, benchmarks). */
    BOT_DEFENCES: z.enum(['on', 'off']).default('on'),
    /** How long the answer of a public POST is kept under its `Idempotency-Key` (ms; at least 24 h). */
    IDEMPOTENCY_TTL_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(30 * 24 * 3_600_000)
      .default(24 * 3_600_000),
    /** `Retry-After` (seconds) of the 503 answered while the database is unreachable. */
    DATABASE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    /** `auto`: the ALTCHA challenge once an address passes CHALLENGE_AFTER_PER_HOUR; `always`: on every gated form. */
    CHALLENGE_MODE: z.enum(['auto', 'always']).default('auto'),
    /** Gated public writes (lead, contact, PDF quote, payment) one address makes per hour before the challenge is asked. */
    CHALLENGE_AFTER_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(8),
    /**
     * Gated writes an address may make without a new solution in the 10 minutes after it solved
     * the challenge (the calculator sends a lead, then the PDF request: one tick covers both).
     */
    CHALLENGE_PASS_WRITES: z.coerce.number().int().min(0).max(100).default(3),
    /** PBKDF2 iterations per proof-of-work attempt of the challenge. */
    CHALLENGE_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    /** Largest counter the solver may need to reach (the work is about half of it on average). */
    CHALLENGE_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(5000),
    /** Key signing the challenges (HMAC). Default: derived from SESSION_SECRET (in development without it, from DATABASE_URL). */
    CHALLENGE_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    /** A form submitted quicker than this after being shown (ms) is stored flagged as spam. */
    FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    /** Public writes allowed per client address (per hour, per minute for CSP reports); over them, 429 with Retry-After. */
    RATE_LIMIT_LEADS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    RATE_LIMIT_CONTACTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    RATE_LIMIT_ESTIMATE_PDFS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    RATE_LIMIT_UNSUBSCRIBE_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /** Approvals of saved quotes (POST /api/quotes/{token}/approve) per client address per hour. */
    RATE_LIMIT_QUOTE_APPROVALS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
    RATE_LIMIT_CSP_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    PDF_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(2),
    /** Launch Chromium and open the spare PDF pages when the worker starts (true), or on the first PDF job (false). */
    PDF_PREWARM: z.stringbool().default(true),
    /**
     * Scheduling niceness of the worker process and the Chromium it launches (0 = normal, 19 = lowest).
     * Background jobs yield the CPU to the api on a shared host, so visitors' requests stay fast
     * while PDFs are printing.
     */
    WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /** Public URL Twilio posts inbound SMS to, exactly as configured at Twilio (the signature covers it). Default `${PUBLIC_URL}/api/webhooks/twilio/inbound`. */
    TWILIO_WEBHOOK_URL: optional(url(['http:', 'https:'])),
    /** Key of the unsubscribe-link signatures (HMAC-SHA256). Default: derived from SESSION_SECRET. */
    UNSUBSCRIBE_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    /** Longest a provider (SendGrid, Twilio) call may take, in ms. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /**
     * A message claimed `sending` longer than this (ms) is presumed abandoned by a crashed worker
     * and re-claimed, after asking the provider whether it was already sent. Must exceed PROVIDER_TIMEOUT_MS.
     */
    MESSAGE_SENDING_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(120_000),
    /**
     * Automated emails/SMS to one address or number a visitor typed (PDF quote, quote link, free
     * guide), per rolling 24 h across all kinds; more are recorded `suppressed` for staff to send
     * by hand. Receipts of real payments and staff notifications do not count.
     */
    RECIPIENT_CAP_PER_DAY: z.coerce.number().int().min(0).max(1000).default(3),
    /**
     * New-lead notifications sent one by one per window (LEAD_DIGEST_WINDOW_SECONDS); the leads
     * after these are listed in one digest email at the window's end.
     */
    LEAD_DIGEST_AFTER_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(10),
    /** Length of the new-lead notification window, in seconds (a minute; tests shorten it). */
    LEAD_DIGEST_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Email jobs one worker process runs at once. */
    EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(10),
    /** SMS jobs one worker process runs at once. */
    SMS_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(5),
    /** Emails per second across all workers (BullMQ limiter); 0 = no limit. */
    EMAIL_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(0),
    /** SMS per second across all workers (BullMQ limiter); Twilio allows 1 per second per long code. 0 = no limit. */
    SMS_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(1),
    /**
     * Hard cap on the provider calls of one message (provider 429/5xx/network failures are
     * retried). With the defaults MESSAGE_PATIENCE_MS decides first (24 h at 15 min per wait is
     * about 100 calls).
     */
    MESSAGE_ATTEMPTS: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** Base of the jittered exponential retry delay of a message, in ms (doubles per attempt). */
    MESSAGE_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
    /** Longest retry delay of a message, in ms (a provider's longer Retry-After is still honoured). */
    MESSAGE_BACKOFF_MAX_MS: z.coerce.number().int().min(1).max(3_600_000).default(900_000),
    /**
     * How long after it was recorded a message is still retried, in ms (24 h; SendGrid itself
     * retries deferred mail for 72 h). Past it the message becomes `failed` with its last reason.
     */
    MESSAGE_PATIENCE_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(30 * 24 * 3_600_000)
      .default(24 * 3_600_000),
    /**
     * Circuit breaker per provider (SendGrid, Twilio, Stability; platform/providers/provider-circuits.ts):
     * it opens when at least BREAKER_FAILURES calls were made within BREAKER_WINDOW_MS and more
     * than BREAKER_ERROR_PERCENT of them failed transiently; then no call is made (jobs wait,
     * spending no attempt) until a probe after BREAKER_PROBE_MS (doubling per failed probe up to
     * BREAKER_PROBE_MAX_MS) succeeds; sending then ramps up over BREAKER_RAMP_MS.
     */
    BREAKER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(5),
    BREAKER_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    BREAKER_ERROR_PERCENT: z.coerce.number().int().min(1).max(99).default(50),
    BREAKER_PROBE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    BREAKER_PROBE_MAX_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(24 * 3_600_000)
      .default(600_000),
    BREAKER_RAMP_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** BullMQ job lock of the message and campaign workers (ms): a crashed worker's jobs are retaken after it. */
    WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
    /** How often workers look for stalled jobs of crashed workers (ms). */
    WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(30_000),
    /** How often the campaign sweep runs (ms): finishes fan-outs, re-enqueues lost recipients, closes drained campaigns. */
    CAMPAIGN_SWEEP_EVERY_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
    /** Leads read per batch (one transaction) when the worker resolves a campaign's audience (issue 27). */
    CAMPAIGN_AUDIENCE_BATCH: z.coerce.number().int().min(1).max(50_000).default(2000),
    /**
     * A campaign or single-send message left `queued` this long (ms) is checked by the campaign
     * sweep for a lost job (re-enqueued when its job is gone, e.g. Redis restarted empty).
     */
    CAMPAIGN_SWEEP_STALE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** How often the outbox sweep runs (ms): re-enqueues staff notifications left `queued` in Postgres. */
    OUTBOX_SWEEP_EVERY_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
    /** How often the purge of leads archived more than LEAD_ARCHIVE_DAYS (30) days ago runs (ms). */
    ARCHIVE_PURGE_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
    /**
     * A staff notification left `queued` this long (ms) is re-enqueued by the outbox sweep (its job
     * was never added, Redis being down, or was lost with Redis's data). With OUTBOX_SWEEP_EVERY_MS
     * it bounds how late a notification stored during a Redis outage goes out: at most their sum
     * after Redis is back.
     */
    OUTBOX_SWEEP_AGE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /**
     * How often each worker checks (ms) that the job schedulers of the sweeps still exist in Redis
     * and re-registers the missing ones (Redis lost its data without the worker reconnecting, e.g.
     * FLUSHALL or a failover to an empty replica); a reconnect triggers the check at once.
     */
    SCHEDULER_CHECK_EVERY_MS: z.coerce.number().int().min(200).max(3_600_000).default(15_000),
    /**
     * Bearer token of GET /metrics (Prometheus). Unset: /metrics answers 404 (not exposed); set: a
     * scrape without `Authorization: Bearer <token>` answers 401.
     */
    METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
    /**
     * File a worker process rewrites every WORKER_HEARTBEAT_EVERY_MS while its BullMQ workers run
     * and are connected to Redis; `node scripts/lib/healthcheck.mjs worker` (the worker
     * container's health check) fails when it is missing or stale.
     */
    WORKER_HEARTBEAT_FILE: z.string().min(1).default(path.join(os.tmpdir(), 'ironclad-worker-heartbeat.json')),
    /** How often a worker process writes its heartbeat (ms); the probe calls it stale after 4 intervals. */
    WORKER_HEARTBEAT_EVERY_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /**
     * How often each process reads the configuration versions from Postgres (ms) and drops the
     * cached configuration whose version moved: the safety net behind the Redis bump (a missed
     * message, a change made with SQL), so no process serves configuration older than this.
     */
    CONFIGURATION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (env.IMAGE_LEASE_MS <= env.STABILITY_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['IMAGE_LEASE_MS'], message: 'must be greater than STABILITY_TIMEOUT_MS' });
    }
    if (env.MESSAGE_SENDING_LEASE_MS <= env.PROVIDER_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['MESSAGE_SENDING_LEASE_MS'], message: 'must be greater than PROVIDER_TIMEOUT_MS' });
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
  });

export type Env = z.output<typeof envSchema>;

/** Thrown when the environment is invalid; `message` lists each variable and what is wrong. */
export class ConfigError extends Error {}

/**
 * Parses `source` (default `process.env`).
 * @throws ConfigError naming every bad variable, e.g. `DATABASE_URL: must be a URL starting with postgres:// or postgresql://`.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Injection token of the parsed Env. */
export const ENV = Symbol('ENV');

/**
 * Parses the environment or stops the process with the list of bad variables (exit code 78,
 * EX_CONFIG). Used by the api, the worker and the CLIs at start.
 */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return parseEnv(source);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee .env.example for every variable and its default.\n`);
      process.exit(78);
    }
    throw err;
  }
}
