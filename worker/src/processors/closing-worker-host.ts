import type { OnModuleDestroy } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';

/**
 * A `@Processor` host whose BullMQ worker stops (waiting for its active jobs) in
 * `onModuleDestroy`, i.e. before any `onApplicationShutdown` hook. @nestjs/bullmq closes its
 * workers in `onApplicationShutdown`, the same hook in which TypeORM closes Postgres, so on SIGTERM
 * an active job could otherwise lose its database mid-delivery, depending on module order.
 */
export abstract class ClosingWorkerHost extends WorkerHost implements OnModuleDestroy {
  async onModuleDestroy(): Promise<void> {
    await this.worker.close();
  }
}
