#!/usr/bin/env node
// Container health checks (no dependencies beyond Node):
//   node scripts/lib/healthcheck.mjs http    GET http://127.0.0.1:$PORT/api/health answers 200
//   node scripts/lib/healthcheck.mjs redis   the Redis at $REDIS_URL answers PING (worker image)
// Exit 0 = healthy, 1 = unhealthy.
import { pingRedis } from './redis.mjs';

const mode = process.argv[2] ?? 'http';
const fail = (why) => {
  console.error(`unhealthy: ${why}`);
  process.exit(1);
};

if (mode === 'http') {
  const port = process.env.PORT || 3000;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
    if (res.status !== 200) fail(`/api/health answered ${res.status}`);
  } catch (err) {
    fail(err.message);
  }
} else if (mode === 'redis') {
  const result = await pingRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { timeoutMs: 4000 });
  if (!result.ok) fail(`Redis: ${result.error.message}`);
} else {
  fail(`unknown check "${mode}" (use http or redis)`);
}
process.exit(0);
