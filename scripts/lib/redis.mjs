// Redis probe (a RESP PING over a plain socket) and a private redis-server for `npm start`.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, waitFor } from './net.mjs';
import { spawnPrefixed, findOnPath } from './proc.mjs';

const encode = (...args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

/**
 * PING the Redis at `url` (AUTH first when the URL carries credentials).
 * @returns {{ok: true} | {ok: false, kind: 'unreachable'|'auth'|'other', error: Error}}
 */
export function pingRedis(url, { timeoutMs = 2000 } = {}) {
  const u = new URL(url);
  if (u.protocol === 'rediss:') {
    // TLS: just trust the URL; the api/worker will report a failure clearly.
    return Promise.resolve({ ok: true });
  }
  const host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(u.port || 6379);
  const commands = [];
  if (u.password) {
    const pass = decodeURIComponent(u.password);
    commands.push(u.username ? encode('AUTH', decodeURIComponent(u.username), pass) : encode('AUTH', pass));
  }
  commands.push(encode('PING'));

  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let buffer = '';
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => finish({ ok: false, kind: 'unreachable', error: new Error('timeout') }));
    socket.on('error', (error) => finish({ ok: false, kind: 'unreachable', error }));
    socket.on('connect', () => socket.write(commands.join('')));
    socket.on('close', () => finish({ ok: false, kind: 'other', error: new Error('connection closed without a Redis answer') }));
    socket.on('data', (data) => {
      buffer += data.toString('utf8');
      const lines = buffer.split('\r\n').filter(Boolean);
      if (lines.length < commands.length) return;
      const bad = lines.find((l) => l.startsWith('-'));
      if (bad) {
        const kind = /NOAUTH|WRONGPASS|invalid password|AUTH/i.test(bad) ? 'auth' : 'other';
        finish({ ok: false, kind, error: new Error(bad.slice(1)) });
      } else if (lines[lines.length - 1] === '+PONG') {
        finish({ ok: true });
      } else {
        finish({ ok: false, kind: 'other', error: new Error(`unexpected answer: ${lines.join(' ')}`) });
      }
    });
  });
}

/**
 * Start `redis-server` from PATH on a private free port, keeping nothing on disk
 * (`--save "" --appendonly no`) and using `dir` as its working directory.
 * @returns {{url: string, port: number, child: import('node:child_process').ChildProcess} | null}
 *   null when redis-server is not installed.
 */
export async function startPrivateRedis({ dir, out = process.stdout, onSpawn = () => {} }) {
  const bin = findOnPath('redis-server');
  if (!bin) return null;
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child = spawnPrefixed(
    'redis',
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      path.resolve(dir),
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
    ],
    { out },
  );
  onSpawn(child);
  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitFor(async () => (await pingRedis(url, { timeoutMs: 500 })).ok, {
      timeoutMs: 15_000,
      abort: () =>
        child.exitCode !== null || child.signalCode ? `redis-server exited (${child.exitCode ?? child.signalCode})` : undefined,
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { url, port, child };
}
