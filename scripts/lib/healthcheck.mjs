#!/usr/bin/env node
// Container health checks (no dependencies beyond Node):
//   node scripts/lib/healthcheck.mjs http    GET http://127.0.0.1:$PORT/api/health answers 200
//   node scripts/lib/healthcheck.mjs redis   the Redis at $REDIS_URL answers PING
//   node scripts/lib/healthcheck.mjs worker  this host's worker process is alive, its BullMQ workers
//                                            run and are connected: its heartbeat file
//                                            ($WORKER_HEARTBEAT_FILE, default
//                                            <tmpdir>/ironclad-worker-heartbeat.json) exists, names a
//                                            live process and is fresher than the staleAfterMs
//                                            written in it (backend/src/platform/queue/worker-heartbeat.ts)
// Exit 0 = healthy, 1 = unhealthy (the reason on stderr).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pingRedis } from './redis.mjs';

const mode = process.argv[2] ?? 'http';
const fail = (why) => {
  console.error(`unhealthy: ${why}`);
  process.exit(1);
};

/** Why the heartbeat at `file` is not healthy, or null when it is. */
function heartbeatProblem(file, now = Date.now()) {
  let beat;
  try {
    beat = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return err.code === 'ENOENT' ? `no worker heartbeat at ${file}` : `unreadable worker heartbeat ${file}: ${err.message}`;
  }
  if (!Number.isInteger(beat?.pid) || !Number.isFinite(beat?.at) || !Number.isFinite(beat?.staleAfterMs))
    return `malformed worker heartbeat ${file}`;
  try {
    process.kill(beat.pid, 0); // signal 0: only asks whether the process exists
  } catch (err) {
    if (err.code === 'ESRCH') return `the worker process ${beat.pid} that wrote ${file} is gone`;
  }
  const age = now - beat.at;
  if (age > beat.staleAfterMs) return `the worker heartbeat is ${Math.round(age / 1000)} s old (stale after ${beat.staleAfterMs / 1000} s)`;
  return null;
}

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
} else if (mode === 'worker') {
  const problem = heartbeatProblem(process.env.WORKER_HEARTBEAT_FILE || path.join(os.tmpdir(), 'ironclad-worker-heartbeat.json'));
  if (problem) fail(problem);
} else {
  fail(`unknown check "${mode}" (use http, redis or worker)`);
}
process.exit(0);
