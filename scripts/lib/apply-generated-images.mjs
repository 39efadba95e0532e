/**
 * Applies generated images to a running server the way staff do (benches): an admin made with
 * the real CLI signs in, and Generate All runs through the worker against the fake Stability API
 * the server was started with (E2E_STABILITY_*), until every hero and section has its image.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ROOT, rootPath } from './paths.mjs';

/**
 * @param {string} base the server's URL
 * @param {string} databaseUrl its database (for the admin CLI)
 * @returns {Promise<number>} the images applied
 */
export async function applyGeneratedImages(base, databaseUrl) {
  const admin = { email: `bench-${randomBytes(4).toString('hex')}@ironclad.test`, password: randomBytes(16).toString('hex') };
  const made = spawnSync(
    process.execPath,
    [rootPath('backend', 'dist', 'cli', 'admin-create.js'), '--email', admin.email, '--password-stdin'],
    {
      cwd: ROOT,
      input: `${admin.password}\n`,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) throw new Error(`admin-create failed: ${made.stderr}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const call = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const until = async (check, what, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };
  await until(async () => (await call('GET', '/api/images')).balance, 'the credit balance');
  const run = await call('POST', '/api/images/runs', { seed: 'new' });
  const done = await until(async () => {
    const r = await call('GET', `/api/images/runs/${run.id}`);
    return r.status !== 'running' && r.finishedAt ? r : null;
  }, 'the Generate All run');
  if (done.done !== done.total) throw new Error(`Generate All made ${done.done} of ${done.total} images`);
  return done.done;
}
