// Port probes and waits (plain TCP sockets, no dependencies).
import net from 'node:net';

/** Resolve true when something accepts a TCP connection on host:port within `timeoutMs`. */
export function canConnect(port, host = '127.0.0.1', timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A TCP port that was free a moment ago on `host` (the OS picks it). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolve true when a listener can bind host:port right now. */
export function portIsFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Poll `check()` (async, truthy = done) every `intervalMs` until it passes or
 * `timeoutMs` elapses; `abort()` returning a string stops early with that reason.
 */
export async function waitFor(check, { timeoutMs = 30_000, intervalMs = 250, abort } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = abort?.();
    if (reason) throw new Error(reason);
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)}s`);
    await sleep(intervalMs);
  }
}
