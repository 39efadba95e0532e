/**
 * The worker's liveness for container health checks. A worker process serves no HTTP, and "the
 * process exists" or "Redis answers PING" says nothing about whether its BullMQ workers still
 * take jobs. So the process itself says so: while every BullMQ worker it started is running and
 * both of its Redis connections (commands and blocking fetch) are ready, it rewrites a small JSON
 * file (WORKER_HEARTBEAT_FILE) every WORKER_HEARTBEAT_EVERY_MS; `node scripts/lib/healthcheck.mjs
 * worker` fails when the file is missing, names a process that no longer exists, or is older than
 * the `staleAfterMs` written in it (four intervals). A worker that hangs, loses Redis for longer
 * than that, or stops its workers turns unhealthy without any network call from the probe; a
 * worker that stops gracefully removes its file.
 *
 * A file rather than a check of this host's connections in Redis (CLIENT LIST): the probe needs
 * no Redis client, works while Redis is down (the worker is then correctly reported unhealthy)
 * and cannot mistake another container's workers for its own.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { ENV, type Env } from '../config/env.js';
import { withTimeout } from '../lifecycle/with-timeout.js';
import { QueueWorkers } from './queue-workers.js';

/** What the heartbeat file holds (JSON). */
export interface WorkerHeartbeatFile {
  /** Process id of the worker that wrote it. */
  pid: number;
  host: string;
  /** When it was written (ms since epoch). */
  at: number;
  /** The probe calls the worker unhealthy when `at` is older than this (ms). */
  staleAfterMs: number;
  /** Queues this process drains. */
  queues: string[];
}

/** Heartbeats missed before the probe calls a worker stale. */
export const HEARTBEATS_BEFORE_STALE = 4;

/** Longest a connection check may wait for a client (ms). */
const CLIENT_TIMEOUT_MS = 1000;

/**
 * Writes the heartbeat file of this worker process (see the file comment). It depends on
 * QueueWorkers, so Nest starts it after the BullMQ workers exist.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WorkerHeartbeat.name);
  private timer?: ReturnType<typeof setInterval>;
  private beating?: Promise<void>;
  private healthy = true;
  private writeError?: string;

  constructor(
    private readonly host: QueueWorkers,
    @Inject(ENV) private readonly env: Env,
  ) {}

  get file(): string {
    return this.env.WORKER_HEARTBEAT_FILE;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.env.WORKER_HEARTBEAT_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the heartbeat and removes the file when it is this process's. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    try {
      const content = JSON.parse(await readFile(this.file, 'utf8')) as Partial<WorkerHeartbeatFile>;
      if (content.pid === process.pid) await unlink(this.file);
    } catch {
      // no file, or another process's: nothing to remove
    }
  }

  /** Writes the file once when the workers are running and connected; otherwise leaves it to go stale. */
  beat(): Promise<void> {
    this.beating ??= this.check()
      .then(async (problem) => {
        if (problem) {
          if (this.healthy) this.logger.warn(`worker heartbeat paused: ${problem}`);
          this.healthy = false;
          return;
        }
        if (!this.healthy) this.logger.log('worker heartbeat resumed');
        this.healthy = true;
        await this.write();
        this.writeError = undefined;
      })
      .catch((err: Error) => {
        // Once per distinct failure (e.g. a folder that does not exist), not every interval.
        if (err.message !== this.writeError) this.logger.warn(`could not write the worker heartbeat ${this.file}: ${err.message}`);
        this.writeError = err.message;
      })
      .finally(() => {
        this.beating = undefined;
      });
    return this.beating;
  }

  /** What stops this process from taking jobs, or null when nothing does. */
  async check(): Promise<string | null> {
    const workers = this.host.workers;
    if (workers.length === 0) return 'no queue worker was started';
    for (const worker of workers) {
      if (!worker.isRunning()) return `the ${worker.name} worker is not running`;
      if (!(await connected(worker))) return `the ${worker.name} worker is not connected to Redis`;
    }
    return null;
  }

  private async write(): Promise<void> {
    const body: WorkerHeartbeatFile = {
      pid: process.pid,
      host: hostname(),
      at: Date.now(),
      staleAfterMs: HEARTBEATS_BEFORE_STALE * this.env.WORKER_HEARTBEAT_EVERY_MS,
      queues: this.host.workers.map((w) => w.name),
    };
    // Written beside the target and renamed over it, so the probe never reads half a file.
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(body));
    await rename(tmp, this.file);
  }
}

/** Whether both Redis connections of `worker` are ready. */
async function connected(worker: Worker): Promise<boolean> {
  const backend = worker.getBackend();
  const ready = async (client: Promise<{ status: string }> | undefined) =>
    !client ||
    (await withTimeout(client, CLIENT_TIMEOUT_MS, 'redis client').then(
      (c) => c.status === 'ready',
      () => false,
    ));
  return (await ready(backend.client)) && (await ready(backend.blockingClient));
}
