/**
 * A private `redis-server` for tests that stop Redis on purpose (a shared Redis cannot be
 * stopped): nothing persisted (`--save "" --appendonly no`), on a free loopback port that stays
 * the same across {@link RedisServerProcess.kill} and {@link RedisServerProcess.start}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { waitFor } from './test-env.js';

export interface RedisServerProcess {
  readonly port: number;
  readonly url: string;
  /** Starts the server again on the same port (after {@link kill}; nothing when it runs); resolves once it answers PING. */
  start(): Promise<void>;
  /** SIGKILLs the server (Redis gone at once, as in a crash); resolves once the process exited. */
  kill(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a Redis answers PING at `url` (one try, no reconnects). */
async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Starts `redis-server` (from PATH) on a free port; resolves once it answers. */
export async function startRedisServer(): Promise<RedisServerProcess> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const running = () => !!child && child.exitCode === null && child.signalCode === null;
  const start = async () => {
    if (running()) return;
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      {
        stdio: 'ignore',
      },
    );
    child = proc;
    await waitFor(async () => {
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}`);
      return answers(url);
    }, 15_000);
  };
  const kill = async () => {
    const proc = child;
    if (!proc || !running()) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url, start, kill };
}
