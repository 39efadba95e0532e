/** Builds a parsed Env for a test file's own database and key prefix. */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { parseEnv, type Env } from '../../src/platform/config/env.js';
import { REDIS_URL, type TestDatabase } from './test-db.js';

export function testEnv(db: TestDatabase, overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL,
    QUEUE_PREFIX: db.queuePrefix,
    LOG_LEVEL: 'silent',
    FRONTEND_DIST: '/nonexistent-frontend-dist',
    STAFF_NOTIFICATION_EMAIL: 'staff@ironclad.test',
    EMAIL_FROM: 'no-reply@ironclad.test',
    // Worker test apps that never print a PDF need no Chromium; PDF tests launch it on first use.
    PDF_PREWARM: 'false',
    // Requests come from supertest on loopback; tests that need distinct clients send X-Forwarded-For.
    TRUSTED_PROXIES: 'loopback',
    // Per-address limits, fill time and challenge are tested in backend/test/bot-defences; other
    // files send many requests from one address on purpose.
    BOT_DEFENCES: 'off',
    // Worker test apps write their heartbeat beside the others', not over a running worker's.
    WORKER_HEARTBEAT_FILE: path.join(tmpdir(), `ironclad-${db.queuePrefix}-heartbeat.json`),
    ...overrides,
  });
}

/** Deletes every Redis key under `prefix` (a test file's BullMQ/Socket.IO keys). */
export async function flushRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Polls `fn` until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
