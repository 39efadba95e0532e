import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { UnrecoverableError, Worker, type WorkerOptions } from 'bullmq';
import {
  Jobs,
  QueueName,
  SITE_IMAGE_SPECS,
  ServerEvent,
  type GenerateImageJob,
  type GenerateImageResult,
  type ImageRunJob,
  type ImagesGenerated,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProcessor, RetryLaterError, route, type JobContext, type JobRoute } from '../../platform/queue/job-processor.js';
import { JITTER_BACKOFF, jitteredBackoff } from '../../platform/queue/limiter.js';
import { QueueRegistry } from '../../platform/queue/queue-registry.js';
import { ProviderCircuits, ProviderUnavailableError, type ProviderCircuit } from '../../platform/providers/provider-circuits.js';
import { ProviderError } from '../../platform/providers/provider-error.js';
import { LiveEvents } from '../../platform/realtime/live-events.js';
import { ImageBalanceCache } from './image-balance.js';
import { ImageStore } from './image-store.service.js';
import { makeVariants } from './image-variants.js';
import { ImageJobs } from './image-jobs.js';
import { StabilityRateLimitedError, type StabilityClient } from './stability-client.js';
import { STABILITY_CLIENT } from './stability.provider.js';

/**
 * Drains the `images` queue (decisions.md §13):
 *
 * - `GenerateImage {imageId}` (a child of its run's flow): claims the stored request
 *   (`waiting` → `generating`; a finished image is a replay and returns at once, without calling
 *   Stability), asks Stability for it, and stores the result once: the bytes, the seed and finish
 *   reason from the response headers, and the sharp variants, and applies it to its key; or marks
 *   it `blocked` (CONTENT_FILTERED, 403: never retried) or `failed` (400/401/402…: at once with
 *   Stability's message; 5xx and network errors after IMAGE_ATTEMPTS with jittered backoff).
 *   A 429 stops every worker of the queue for STABILITY_LOCKOUT_MS (BullMQ's queue rate limit,
 *   shared in Redis) and puts the job back without using an attempt (IMAGE_MAX_RATE_LIMITED at most).
 *   Each change is published to staff pages (`image:run`) and reported as job progress.
 *   Stability has a circuit breaker like SendGrid and Twilio (issue 26 points 2 and 6,
 *   platform/providers/provider-circuits.ts): its transient failures (429, 5xx, timeouts, network)
 *   count toward opening it; while it is open no call is made, the image stays `waiting` with the
 *   note "Stability AI is unavailable since …" and its job waits for the next probe without
 *   spending an attempt (ProviderUnavailableError): during an outage only the single probes spend
 *   attempts (like the messages' probes); `/api/health` and `/metrics` report its state (with the
 *   images waiting).
 * - `ImageRun {runId}` (the flow's parent, run once every image has ended): closes the run and
 *   broadcasts `images:generated` with the count created (staff-side.md §4), then refreshes the
 *   balance.
 * - `ImageBalance`: reads the credit balance and publishes it (`image:balance`).
 *
 * The queue's limiter (STABILITY_MAX_REQUESTS_PER_10S per 10 s across all workers) keeps well
 * under Stability's 150 requests per 10 s; IMAGE_CONCURRENCY jobs per worker.
 */
@Injectable()
export class ImagesProcessor extends JobProcessor {
  readonly queue = QueueName.Images;
  private readonly logger = new Logger(ImagesProcessor.name);

  constructor(
    private readonly store: ImageStore,
    private readonly balance: ImageBalanceCache,
    private readonly jobs: ImageJobs,
    private readonly queues: QueueRegistry,
    private readonly live: LiveEvents,
    @Inject(ENV) private readonly env: Env,
    private readonly circuits: ProviderCircuits,
    @Optional() @Inject(STABILITY_CLIENT) private readonly stability: StabilityClient | null,
  ) {
    super();
  }

  /** Stability's circuit breaker in this worker. */
  private get circuit(): ProviderCircuit {
    return this.circuits.get('stability');
  }

  protected routes(): JobRoute[] {
    return [
      route(Jobs.GenerateImage, (payload, ctx) => this.generate(payload, ctx)),
      route(Jobs.ImageRun, (payload) => this.closeRun(payload)),
      route(Jobs.ImageBalance, () => this.readBalance()),
    ];
  }

  override workerOptions(): Partial<WorkerOptions> {
    return {
      concurrency: this.env.IMAGE_CONCURRENCY,
      limiter: { max: this.env.STABILITY_MAX_REQUESTS_PER_10S, duration: 10_000 },
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) =>
          type === JITTER_BACKOFF
            ? jitteredBackoff(attemptsMade, this.env.IMAGE_BACKOFF_MS, this.env.IMAGE_BACKOFF_MAX_MS)
            : this.env.IMAGE_BACKOFF_MS,
      },
    };
  }

  private async generate({ imageId }: GenerateImageJob, ctx: JobContext): Promise<GenerateImageResult> {
    // Stability's circuit is open: the image waits for the next probe, unclaimed, no attempt spent.
    const gate = this.stability ? this.circuit.admit() : { ok: true as const };
    if (!gate.ok) {
      const runId = await this.store.noteWaiting(imageId, this.unavailableNote());
      if (runId) await this.store.publishRun(runId);
      throw new ProviderUnavailableError(`image #${imageId}: Stability AI is unavailable (circuit open), waiting`, gate.retryAt);
    }
    const claim = await this.store.claim(imageId, this.env.IMAGE_LEASE_MS);
    if (claim.kind === 'missing') throw new UnrecoverableError(`image #${imageId} does not exist`);
    if (claim.kind === 'final') {
      if (claim.status === 'cancelled') await this.publish(imageId);
      return {
        imageId,
        status: claim.status === 'waiting' || claim.status === 'generating' ? 'failed' : claim.status,
        replay: claim.status !== 'cancelled',
      };
    }
    // Another attempt holds it (a duplicate job, or a worker that may still be alive): wait for its lease.
    if (claim.kind === 'busy') throw new RetryLaterError(`image #${imageId} is being generated by another attempt`, claim.until);
    const image = claim.image;
    const runId = image.runId;
    const label = image.imageKey ?? `image #${imageId}`;
    await this.store.publishRun(runId);
    await ctx.progress({ imageId, step: 'generating' });

    if (!this.stability) {
      await this.store.settle(imageId, 'failed', { error: 'Image generation is not configured (STABILITY_API_KEY is not set)' });
      await this.store.publishRun(runId);
      throw new UnrecoverableError('STABILITY_API_KEY is not set');
    }
    try {
      // Bytes kept by an earlier attempt that died before storing the variants: no second call.
      const kept = image.content
        ? { kind: 'image' as const, image: image.content, seed: image.seed, finishReason: image.finishReason ?? 'SUCCESS' }
        : null;
      if (!kept) await this.store.countCall(imageId);
      const stability = this.stability;
      const result =
        kept ??
        (await this.circuit.fire(() =>
          stability.generate({
            model: image.model,
            prompt: image.prompt,
            negativePrompt: image.negativePrompt,
            aspectRatio: image.aspectRatio,
            seed: image.requestedSeed,
            ...(image.imageKey && SITE_IMAGE_SPECS[image.imageKey] ? { stylePreset: 'photographic' as const } : {}),
          }),
        ));
      if (result.kind === 'blocked') {
        await this.store.settle(imageId, 'blocked', { error: result.reason, seed: result.seed, finishReason: result.finishReason });
        await this.publish(imageId, runId);
        await ctx.progress({ imageId, step: 'blocked' });
        return { imageId, status: 'blocked', replay: false };
      }
      if (!kept) {
        await this.store.receive(
          imageId,
          { content: result.image, seed: result.seed, finishReason: result.finishReason },
          'Making the responsive variants',
        );
      } else await this.store.note(imageId, 'Making the responsive variants');
      const { width, height, variants } = await makeVariants(result.image);
      const { stored, key } = await this.store.complete(imageId, {
        content: result.image,
        seed: result.seed,
        finishReason: result.finishReason,
        width,
        height,
        variants,
      });
      await this.publish(imageId, runId);
      if (stored && key) this.store.publishApplied(key, imageId);
      await ctx.progress({ imageId, step: 'done' });
      return { imageId, status: 'done', replay: !stored };
    } catch (err) {
      return this.failed(err, imageId, runId, label, ctx);
    }
  }

  /** Classifies a failure of the Stability call or of storing the image. */
  private async failed(err: unknown, imageId: number, runId: number, label: string, ctx: JobContext): Promise<never> {
    if (err instanceof ProviderUnavailableError) {
      // The breaker opened between the gate and the call: nothing reached Stability.
      await this.store.release(imageId, this.unavailableNote(), { uncall: true });
      await this.publish(imageId, runId);
      throw err;
    }
    if (err instanceof StabilityRateLimitedError) {
      const seconds = Math.ceil(err.retryAfterMs / 1000);
      const count = await this.store.release(imageId, `Stability's rate limit was reached: waiting ${seconds} s before trying again`, {
        rateLimited: true,
      });
      if (count >= this.env.IMAGE_MAX_RATE_LIMITED) {
        await this.store.settle(imageId, 'failed', { error: `${err.message} (${count} times)` });
        await this.publish(imageId, runId);
        throw new UnrecoverableError(err.message);
      }
      await this.publish(imageId, runId);
      this.logger.warn(`${label}: ${err.message}; no Stability call for ${seconds} s`);
      // Every worker of the queue waits (the limit lives in Redis), and the job keeps its attempts.
      await this.queues.get(QueueName.Images).rateLimit(err.retryAfterMs);
      throw Worker.RateLimitError();
    }
    const message = err instanceof Error ? err.message : String(err);
    const permanent = (err instanceof ProviderError && !err.retryable) || err instanceof UnrecoverableError;
    if (permanent || ctx.isFinalAttempt) {
      this.logger.warn(`${label} failed: ${message}`);
      await this.store.settle(imageId, 'failed', { error: message });
      await this.publish(imageId, runId);
      throw err;
    }
    const attempt = ctx.job.attemptsMade + 1;
    await this.store.release(imageId, `${message}: trying again (attempt ${attempt + 1} of ${ctx.job.opts.attempts ?? 1})`);
    await this.publish(imageId, runId);
    throw err;
  }

  /** "Stability AI is unavailable since 14:03 (UTC): waiting for it to return" */
  private unavailableNote(): string {
    const since = this.circuit.state().downSince;
    return `Stability AI is unavailable${since ? ` since ${since.slice(11, 16)} (UTC)` : ''}: waiting for it to return`;
  }

  private async publish(imageId: number, runId?: number): Promise<void> {
    const id = runId ?? (await this.store.version(imageId))?.runId;
    if (id) await this.store.publishRun(id);
  }

  private async closeRun({ runId }: ImageRunJob): Promise<ImagesGenerated | null> {
    const summary = await this.store.closeRun(runId);
    if (!summary) return null; // already closed: a replay
    await this.store.publishRun(runId);
    this.store.publishGenerated(summary);
    await this.jobs.refreshBalance().catch((err: unknown) => this.logger.warn(`balance refresh not queued: ${(err as Error).message}`));
    return summary;
  }

  private async readBalance(): Promise<{ credits: number } | null> {
    const stability = this.stability;
    if (!stability) return null;
    let credits: number;
    try {
      credits = await this.circuit.fire(() => stability.balance());
    } catch (err) {
      // Stability is down: the cached balance stays; the next run's close reads it again.
      if (err instanceof ProviderUnavailableError) return null;
      throw err;
    }
    const balance = { credits, checkedAt: new Date().toISOString() };
    await this.balance.set(balance);
    this.live.toStaff(ServerEvent.ImageBalance, balance);
    return { credits };
  }
}
