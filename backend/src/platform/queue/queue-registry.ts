import type { Queue } from 'bullmq';
import type { QueueName } from '@ironclad/contracts';

/**
 * The BullMQ queues of this process, by name (every queue of `ALL_QUEUES`, registered by
 * QueueModule). Injected where a queue is chosen at run time (the job producer, the job watch
 * relay, the error logger, the worker host).
 */
export class QueueRegistry {
  constructor(private readonly queues: ReadonlyMap<QueueName, Queue>) {}

  /** The queue named `name`. @throws Error for a queue that is not registered. */
  get(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`queue ${name} is not registered`);
    return queue;
  }

  /** Every registered queue. */
  all(): Queue[] {
    return [...this.queues.values()];
  }
}
