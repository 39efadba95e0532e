/**
 * How the images feature enqueues its jobs: a run is one BullMQ flow (the ImageRun parent and one
 * GenerateImage child per image), and the balance refresh is one job at a time.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Jobs, type JobRef } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { JITTER_BACKOFF } from '../../platform/queue/limiter.js';

/** Job id of the balance refresh: one waits at a time (completed ones are removed, so the next can be added). */
export const BALANCE_JOB_ID = 'image-balance';

@Injectable()
export class ImageJobs {
  constructor(
    private readonly producer: JobProducer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Enqueues run `runId`: its ImageRun job waits for the GenerateImage job of each image (ids
   * `image-run-{runId}`, `image-{imageId}`, so enqueueing the same run again adds nothing).
   */
  enqueueRun(runId: number, imageIds: number[]): Promise<JobRef> {
    const keep = { removeOnComplete: { age: 7 * 24 * 3600, count: 5000 }, removeOnFail: { age: 30 * 24 * 3600 } };
    return this.producer.enqueueFlow(
      {
        definition: Jobs.ImageRun,
        payload: { runId },
        opts: { jobId: `image-run-${runId}`, attempts: 5, backoff: { type: 'exponential', delay: 1000 }, ...keep },
      },
      imageIds.map((imageId) => ({
        definition: Jobs.GenerateImage,
        payload: { imageId },
        opts: {
          jobId: `image-${imageId}`,
          attempts: this.env.IMAGE_ATTEMPTS,
          backoff: { type: JITTER_BACKOFF, delay: this.env.IMAGE_BACKOFF_MS },
          ...keep,
        },
      })),
    );
  }

  /** Queues a read of the credit balance unless one is already waiting. */
  async refreshBalance(): Promise<void> {
    await this.producer.enqueue(Jobs.ImageBalance, {}, { jobId: BALANCE_JOB_ID, attempts: 2, removeOnComplete: true, removeOnFail: true });
  }
}
