/**
 * The worker process: `node worker/dist/main.js`. On SIGTERM/SIGINT it stops taking new jobs,
 * waits for the active ones to finish, then exits (nothing is left stalled).
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadEnvOrExit } from '@ironclad/backend/config/env.js';
import { createWorker } from './worker.factory.js';

const env = loadEnvOrExit();
await createWorker(env);
new Logger('Worker').log(`worker draining queues (prefix ${env.QUEUE_PREFIX}, concurrency ${env.WORKER_CONCURRENCY})`);
