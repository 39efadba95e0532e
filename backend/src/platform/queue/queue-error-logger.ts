import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from './queue-registry.js';

/** At most one log line per queue per this many ms while Redis is unreachable. */
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Listens to every queue's `error` event (a Redis outage), logging at most one warning per
 * queue every 10 s instead of BullMQ's unhandled-error output on every reconnect attempt.
 */
@Injectable()
export class QueueErrorLogger implements OnModuleInit {
  private readonly logger = new Logger('Queues');

  constructor(private readonly queues: QueueRegistry) {}

  onModuleInit(): void {
    for (const queue of this.queues.all()) {
      let last = 0;
      queue.on('error', (err: Error) => {
        if (Date.now() - last < ERROR_LOG_INTERVAL_MS) return;
        last = Date.now();
        this.logger.warn(`queue ${queue.name}: ${err.message}`);
      });
    }
  }
}
