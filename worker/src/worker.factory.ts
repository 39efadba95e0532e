import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import type { Env } from '@ironclad/backend/platform';
import { WorkerModule } from './worker.module.js';

/**
 * Creates the worker: a Nest application context (no HTTP server) whose BullMQ workers start
 * draining the queues at once. `close()` stops taking jobs, lets active jobs finish, then
 * closes Redis and Postgres connections.
 */
export async function createWorker(env: Env, opts: { logger?: LogLevel[] | false } = {}): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(env), {
    logger: opts.logger ?? (env.LOG_LEVEL === 'silent' ? false : ['fatal', 'error', 'warn', 'log']),
  });
  await app.init();
  return app;
}
