import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ALL_QUEUES } from '@ironclad/contracts';

/** At most one log line per queue per this many ms while Redis is unreachable. */
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Listens to every queue's `error` event (a Redis outage), logging at most one warning per
 * queue every 10 s instead of BullMQ's unhandled-error output on every reconnect attempt.
 */
@Injectable()
export class QueueErrorLogger implements OnModuleInit {
  private readonly logger = new Logger('Queues');

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      let last = 0;
      queue.on('error', (err: Error) => {
        if (Date.now() - last < ERROR_LOG_INTERVAL_MS) return;
        last = Date.now();
        this.logger.warn(`queue ${name}: ${err.message}`);
      });
    }
  }
}
