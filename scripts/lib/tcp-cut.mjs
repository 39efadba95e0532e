/**
 * A TCP forwarder that can be cut, for tests of a database outage (never used in production):
 * clients connect to the forwarder, bytes go to `targetHost:targetPort`; `cut()` closes the port
 * and drops every open connection — what a client sees when PostgreSQL stops (`pg_ctl -m fast`:
 * connections terminated, then connections refused) — and `restore()` listens on the same port
 * again.
 */
import net from 'node:net';

/**
 * @param {string} targetUrl e.g. postgres://postgres@127.0.0.1:5432/db
 * @returns {Promise<{url: string, port: number, cut(): Promise<void>, restore(): Promise<void>, close(): Promise<void>}>}
 *   `url`: `targetUrl` with the forwarder's host and port.
 */
export async function startTcpCut(targetUrl) {
  const target = new URL(targetUrl);
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  let listening = true;
  const stop = () =>
    new Promise((resolve) => {
      if (!listening) return resolve();
      listening = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
      server.close(() => resolve());
    });
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    port,
    cut: stop,
    restore: () =>
      new Promise((resolve) => {
        if (listening) return resolve();
        listening = true;
        server.listen(port, '127.0.0.1', resolve);
      }),
    close: stop,
  };
}
