// The built product served as in production, for the browser benchmarks (bench:web,
// bench:calculator): `npm run build`, then scripts/e2e-server.mjs (fresh database, the built api
// serving frontend/dist with NODE_ENV=production, the worker) on a port of the caller's.
import { spawn } from 'node:child_process';
import { waitFor } from './net.mjs';
import { ROOT, rootPath } from './paths.mjs';

/** Runs `npm run build` in the repository; rejects when it fails. */
export function buildAll() {
  return new Promise((ok, fail) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`npm run build exited with ${code}`))));
  });
}

/**
 * Starts scripts/e2e-server.mjs on `port` (with `env` added to the environment) and waits up to
 * 120 s for GET /api/health to answer 200.
 * @returns `{ base, stop }`: the server's URL and a function that stops it (SIGTERM; the server
 *   drops its database) and resolves once it has exited.
 */
export async function startProductionServer(port, env = {}) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [rootPath('scripts', 'e2e-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port), E2E_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise((ok) => {
      if (server.exitCode !== null) return ok();
      server.once('exit', ok);
      server.kill('SIGTERM');
    });
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, {
      timeoutMs: 120_000,
      intervalMs: 300,
      abort: () => (server.exitCode !== null ? `the server on ${base} exited with ${server.exitCode}` : undefined),
    });
  } catch (err) {
    await stop();
    throw new Error(`server on ${base} did not become healthy: ${err.message}`, { cause: err });
  }
  return { base, stop };
}
