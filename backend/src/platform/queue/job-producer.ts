import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { FlowProducer, type JobsOptions, type Queue } from 'bullmq';
import type { JobDefinition, JobPayload, JobRef } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';
import { withTimeout } from '../lifecycle/with-timeout.js';
import { JobIndex, jobOwners } from './job-index.js';
import { QueueRegistry } from './queue-registry.js';
import { bullConnection } from './redis-connection.js';

/** One job of a flow: its definition, payload and options. */
export interface FlowNode<J extends JobDefinition = JobDefinition> {
  definition: J;
  payload: JobPayload<J>;
  opts?: JobsOptions;
}

/** Longest an enqueue may take before the caller goes on without it (ms). */
export const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * The one producer of jobs: every job of the product is enqueued here, its payload validated with
 * the schema of its definition (`Jobs` in `@ironclad/contracts`) and the Redis round trip bounded
 * by ENQUEUE_TIMEOUT_MS, so a request never hangs on an unreachable Redis. Each job is also noted
 * under the lead or campaign its payload names ({@link JobIndex}), so staff find it by record.
 */
@Injectable()
export class JobProducer implements BeforeApplicationShutdown {
  private flows?: FlowProducer;

  constructor(
    private readonly queues: QueueRegistry,
    private readonly index: JobIndex,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Enqueues one job on its definition's queue.
   * @param opts BullMQ job options; `jobId` makes the enqueue idempotent (an existing id is kept).
   * @returns the job to watch (`{id, queue}`).
   * @throws ZodError for a payload its schema refuses (a programming error); Error when Redis did
   *   not take the job within ENQUEUE_TIMEOUT_MS.
   */
  async enqueue<J extends JobDefinition>(definition: J, payload: JobPayload<J>, opts: JobsOptions = {}): Promise<JobRef> {
    const data = definition.schema.parse(payload) as object;
    const job = await withTimeout(this.queue(definition).add(definition.name, data, opts), ENQUEUE_TIMEOUT_MS, 'enqueue');
    const ref = { id: job.id ?? String(opts.jobId), queue: definition.queue };
    // Not awaited: the index write follows the add on the same connection, so any later read sees it.
    void this.index.add([{ job: ref, owners: jobOwners(definition, data) }]);
    return ref;
  }

  /**
   * Enqueues many jobs of one definition in one Redis round trip (BullMQ `addBulk`). Meant for
   * jobs that fan out work (not a visitor's request), so it waits for Redis as long as it takes.
   * @throws ZodError for a refused payload; the Redis error when the connection fails.
   */
  async enqueueBulk<J extends JobDefinition>(definition: J, jobs: { payload: JobPayload<J>; opts: JobsOptions }[]): Promise<void> {
    const bulk = jobs.map((j) => ({ name: definition.name, data: definition.schema.parse(j.payload) as object, opts: j.opts }));
    const added = await this.queue(definition).addBulk(bulk);
    await this.index.add(
      added.map((job, i) => ({ job: { id: job.id!, queue: definition.queue }, owners: jobOwners(definition, bulk[i]!.data) })),
    );
  }

  /**
   * Enqueues a BullMQ flow in one atomic Redis transaction: `parent` runs once every child has
   * finished (children that fail for good are left behind, `ignoreDependencyOnFailure`, so one
   * failure never holds the parent). The jobs live in Redis like any other, so a worker that dies
   * mid-flow only delays it: its active child is retaken when its lock expires.
   * @returns the parent's job reference.
   * @throws ZodError for a refused payload; Error when Redis did not take it within ENQUEUE_TIMEOUT_MS.
   */
  async enqueueFlow(parent: FlowNode, children: FlowNode[]): Promise<JobRef> {
    this.flows ??= new FlowProducer({ connection: bullConnection(this.env.REDIS_URL, 'producer'), prefix: this.env.QUEUE_PREFIX });
    const node = (n: FlowNode) => ({
      name: n.definition.name,
      queueName: n.definition.queue,
      data: n.definition.schema.parse(n.payload) as object,
    });
    const tree = await withTimeout(
      this.flows.add({
        ...node(parent),
        opts: parent.opts,
        children: children.map((c) => ({ ...node(c), opts: { ignoreDependencyOnFailure: true, ...c.opts } })),
      }),
      ENQUEUE_TIMEOUT_MS,
      'enqueue flow',
    );
    return { id: tree.job.id ?? String(parent.opts?.jobId), queue: parent.definition.queue };
  }

  /** Closes the flow producer after the workers' active jobs finished (they may enqueue). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flows?.close();
  }

  /** The queue of `definition`, for reading job states or removing waiting jobs. */
  queue(definition: JobDefinition): Queue {
    return this.queues.get(definition.queue);
  }
}
