/**
 * The worker process: `node worker/dist/main.js`. On SIGTERM/SIGINT it stops taking new jobs,
 * waits for the active ones to finish, closes its connections and exits 0 (nothing is left
 * stalled).
 */
import 'reflect-metadata';
import { getPriority, setPriority } from 'node:os';
import { Logger } from '@nestjs/common';
import { exitGracefullyOnSignals, loadEnvOrExit } from '@ironclad/backend/platform';
import { createWorker } from './worker.factory.js';

const env = loadEnvOrExit();
// Lower this process's CPU priority before Chromium is launched (it inherits it): WORKER_NICE.
try {
  if (getPriority() < env.WORKER_NICE) setPriority(env.WORKER_NICE);
} catch (err) {
  new Logger('Worker').warn(`could not set the worker's niceness to ${env.WORKER_NICE}: ${(err as Error).message}`);
}
const worker = await createWorker(env);
exitGracefullyOnSignals('worker', () => worker.close());
new Logger('Worker').log(`worker draining queues (prefix ${env.QUEUE_PREFIX}, concurrency ${env.WORKER_CONCURRENCY})`);
