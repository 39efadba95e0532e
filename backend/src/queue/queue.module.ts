import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { ALL_QUEUES } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';
import { bullConnection } from './redis-connection.js';
import { JobProducer } from './job-producer.service.js';
import { QueueErrorLogger } from './queue-error-logger.js';

/**
 * Registers every queue of `ALL_QUEUES` (named in one place, packages/contracts) with the shared
 * Redis connection and key prefix (QUEUE_PREFIX), and the typed producer.
 */
@Module({})
export class QueueModule {
  static forRoot(role: 'producer' | 'worker'): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
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
      providers: [JobProducer, QueueErrorLogger],
      exports: [BullModule, JobProducer],
    };
  }
}
