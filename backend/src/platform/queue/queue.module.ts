import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ALL_QUEUES } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';
import { bullConnection } from './redis-connection.js';
import { JobIndex } from './job-index.js';
import { QueuePauses } from './queue-pauses.js';
import { JobProducer } from './job-producer.js';
import { QueueErrorLogger } from './queue-error-logger.js';
import { QueueRegistry } from './queue-registry.js';
import { QueueWorkers } from './queue-workers.js';
import { JobDurationRecorder } from './job-durations.js';
import { WorkerHeartbeat } from './worker-heartbeat.js';

/**
 * Registers every queue of `ALL_QUEUES` (named once, in `@ironclad/contracts`) with the shared
 * Redis connection and key prefix (QUEUE_PREFIX), the queue registry and the job producer.
 * `forRoot('worker')` also starts the job host ({@link QueueWorkers}), which runs the processors
 * of the job modules imported beside it, with the recorder of job durations for /metrics
 * ({@link JobDurationRecorder}) and the heartbeat file of the container health check
 * ({@link WorkerHeartbeat}); the api uses `forRoot('producer')` and runs no job.
 */
@Module({})
export class QueueModule {
  static forRoot(role: 'producer' | 'worker'): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
        ...(role === 'worker' ? [DiscoveryModule] : []),
        BullModule.forRootAsync({
          inject: [ENV],
          useFactory: (env: Env) => ({
            connection: bullConnection(env.REDIS_URL, role),
            prefix: env.QUEUE_PREFIX,
            defaultJobOptions: {
              attempts: 5,
              backoff: { type: 'exponential', delay: 1000 },
              removeOnComplete: { age: 24 * 3600, count: 10_000 },
              removeOnFail: { age: 7 * 24 * 3600 },
            },
          }),
        }),
        ...ALL_QUEUES.map((name) => BullModule.registerQueue({ name })),
      ],
      providers: [
        {
          provide: QueueRegistry,
          inject: ALL_QUEUES.map((name) => getQueueToken(name)),
          useFactory: (...queues: Queue[]) => new QueueRegistry(new Map(ALL_QUEUES.map((name, i) => [name, queues[i]!]))),
        },
        JobIndex,
        QueuePauses,
        JobProducer,
        QueueErrorLogger,
        ...(role === 'worker' ? [QueueWorkers, JobDurationRecorder, WorkerHeartbeat] : []),
      ],
      exports: [BullModule, QueueRegistry, JobProducer, JobIndex, QueuePauses],
    };
  }
}
