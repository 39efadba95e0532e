/**
 * The generator's api side (staff-side.md §2, §4, §7; public-site.md §7; decisions.md §13, §14).
 * It never calls Stability (architecture.md "Processes"): it stores each request, enqueues it and
 * answers at once; the worker generates. Staff actions are admin-only (the controller), limited
 * per admin (IMAGE_GENERATIONS_PER_HOUR, counted in images) and audited.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import {
  ErrorCode,
  GENERATE_ALL_KEYS,
  GENERATOR_KEYS,
  IMAGE_TEXTS,
  STABILITY_CREDITS_PER_IMAGE,
  STABILITY_MAX_SEED,
  SITE_IMAGE_SPECS,
  aspectRatioFor,
  type ApplyImageResponse,
  type ImageHistory,
  type ImageRun,
  type ImageRunKind,
  type ImagesOverview,
  type LandingImageResponse,
  type SiteImageKey,
  type StaffGenerateImage,
  type StaffGenerateImageResponse,
  type StartImageRun,
} from '@ironclad/contracts';
import { RateLimiterStore } from '../../platform/abuse/index.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService } from '../staff/index.js';
import { BALANCE_FRESH_MS, BALANCE_USABLE_MS, ImageBalanceCache } from './image-balance.js';
import { ImageJobs } from './image-jobs.js';
import { ImageStore, type NewImage } from './image-store.service.js';

/** 429 of the per-admin allowance; the controller sends `retryAfterSeconds` as Retry-After. */
export class ImageAllowanceError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, ErrorCode.RateLimited, message);
  }
}

/** A new random seed Stability accepts (1 … STABILITY_MAX_SEED; 0 would let Stability choose, unrecorded until it answers). */
const newSeed = () => randomInt(1, STABILITY_MAX_SEED + 1);

@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);
  private readonly limiter: RateLimiterRedis;

  constructor(
    private readonly store: ImageStore,
    private readonly jobs: ImageJobs,
    private readonly balances: ImageBalanceCache,
    private readonly audit: AuditLogService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    limits: RateLimiterStore,
  ) {
    this.limiter = limits.limiter('image-generations', { points: env.IMAGE_GENERATIONS_PER_HOUR, duration: 3600 });
  }

  private get configured(): boolean {
    return !!this.env.STABILITY_API_KEY;
  }

  private get creditsPerImage(): number {
    return STABILITY_CREDITS_PER_IMAGE[this.env.STABILITY_MODEL];
  }

  /**
   * GET /api/images: configuration, the balance as last read (a refresh is queued when it is older
   * than a minute), every key with its active image, and the current run.
   */
  async overview(): Promise<ImagesOverview> {
    const [balance, active, counts, run, pending] = await Promise.all([
      this.configured ? this.balances.get() : null,
      this.store.activeVersions(),
      this.store.versionCounts(),
      this.store.currentRun(),
      this.store.pendingImages(),
    ]);
    if (this.configured && (!balance || Date.now() - Date.parse(balance.checkedAt) > BALANCE_FRESH_MS)) this.queueBalanceRefresh();
    return {
      configured: this.configured,
      model: this.env.STABILITY_MODEL,
      creditsPerImage: this.creditsPerImage,
      balance,
      reservedCredits: pending * this.creditsPerImage,
      keys: GENERATOR_KEYS.map((key) => ({
        key,
        description: SITE_IMAGE_SPECS[key].description,
        prompt: SITE_IMAGE_SPECS[key].prompt,
        aspectRatio: SITE_IMAGE_SPECS[key].aspectRatio,
        usedOn: SITE_IMAGE_SPECS[key].usedOn,
        active: active.get(key) ?? null,
        versions: counts.get(key) ?? 0,
      })),
      run,
    };
  }

  /** POST /api/images/balance/refresh: queues a read of the balance (answered over `image:balance`). */
  async refreshBalance(): Promise<void> {
    this.requireConfigured();
    await this.jobs.refreshBalance().catch(() => {
      throw new ApiError(503, ErrorCode.ServiceUnavailable, 'The job queue is unreachable. Please try again in a moment.');
    });
  }

  /**
   * POST /api/images/runs: Generate All / Regenerate All (no `keys`: the 11 keys) or some keys,
   * with new seeds or each key's active seed (`locked`). 503 IMAGES_NOT_CONFIGURED; 429
   * RATE_LIMITED; 409 INSUFFICIENT_CREDITS when the balance (less what running runs still need)
   * cannot cover it or is not known yet; 503 SERVICE_UNAVAILABLE when the queue is unreachable.
   */
  async startRun(user: SessionUser, body: StartImageRun): Promise<ImageRun> {
    const keys = body.keys ? [...new Set(body.keys)] : [...GENERATE_ALL_KEYS];
    const active = body.seed === 'locked' ? await this.store.activeVersions() : new Map();
    const images: NewImage[] = keys.map((key) => ({
      key,
      prompt: SITE_IMAGE_SPECS[key].prompt,
      negativePrompt: SITE_IMAGE_SPECS[key].negativePrompt,
      aspectRatio: SITE_IMAGE_SPECS[key].aspectRatio,
      requestedSeed: (body.seed === 'locked' ? active.get(key)?.seed : null) ?? newSeed(),
    }));
    const kind: ImageRunKind = body.keys === undefined ? 'all' : 'one';
    return this.start(user, kind, images, { action: kind === 'all' ? 'images.generate_all' : 'images.regenerate', keys, seed: body.seed });
  }

  /**
   * POST /api/generate-image by an admin (staff-side.md §7 `{prompt, width, height}`): one image
   * of a free prompt, queued; answers `{success: true, imageUrl: null, runId, imageId}` (202) and
   * the image follows over `image:run`. Errors as {@link startRun}.
   */
  async generateCustom(user: SessionUser, body: StaffGenerateImage): Promise<StaffGenerateImageResponse> {
    const run = await this.start(
      user,
      'custom',
      [
        {
          key: null,
          prompt: body.prompt,
          negativePrompt: body.negative_prompt?.trim() || null,
          aspectRatio: aspectRatioFor(body.width, body.height),
          requestedSeed: body.seed ?? newSeed(),
        },
      ],
      { action: 'images.generate', width: body.width, height: body.height },
    );
    return { success: true, imageUrl: null, runId: run.id, imageId: run.items[0]!.id };
  }

  private async start(user: SessionUser, kind: ImageRunKind, images: NewImage[], details: Record<string, unknown>): Promise<ImageRun> {
    this.requireConfigured();
    await this.requireCredits(images.length);
    await this.takeAllowance(user, images.length);
    const { runId, imageIds } = await this.dataSource.transaction(async (m) => {
      const created = await this.store.createRun(m, {
        kind,
        model: this.env.STABILITY_MODEL,
        actor: { id: user.id, email: user.email },
        images,
      });
      await this.audit.record(m, user, details.action as string, 'image_run', created.runId, {
        ...details,
        images: images.length,
        model: this.env.STABILITY_MODEL,
      });
      return created;
    });
    try {
      await this.jobs.enqueueRun(runId, imageIds);
    } catch (err) {
      // Nothing will run it: close it at once rather than leave a run that never moves.
      await this.store.cancelRun(runId);
      await this.store.closeRun(runId);
      this.logger.error(`image run #${runId} not queued: ${(err as Error).message}`);
      throw new ApiError(503, ErrorCode.ServiceUnavailable, 'The job queue is unreachable. Please try again in a moment.');
    }
    await this.store.publishRun(runId);
    return (await this.store.run(runId))!;
  }

  /** POST /api/images/runs/{id}/cancel: 404 for an unknown run, 409 when it is not running. Audited. */
  async cancelRun(user: SessionUser, runId: number): Promise<ImageRun> {
    const run = await this.store.run(runId);
    if (!run) throw new ApiError(404, ErrorCode.NotFound, 'Image run not found');
    if (!(await this.store.cancelRun(runId))) throw new ApiError(409, ErrorCode.Conflict, 'This run is not running');
    await this.audit.record(null, user, 'images.cancel', 'image_run', runId, { total: run.total });
    await this.store.publishRun(runId);
    return (await this.store.run(runId))!;
  }

  /** GET /api/images/runs/{id}: 404 for an unknown run. */
  async run(runId: number): Promise<ImageRun> {
    const run = await this.store.run(runId);
    if (!run) throw new ApiError(404, ErrorCode.NotFound, 'Image run not found');
    return run;
  }

  /** GET /api/images/keys/{key}/history. */
  async history(key: SiteImageKey): Promise<ImageHistory> {
    return { key, versions: await this.store.versionsOf(key) };
  }

  /**
   * POST /api/images/{id}/apply: makes a stored image of a key its active image (the site shows
   * it from the next page served). 404 unknown image; 409 not a finished image of a key. Audited.
   */
  async apply(user: SessionUser, imageId: number): Promise<ApplyImageResponse> {
    const version = await this.store.version(imageId);
    if (!version) throw new ApiError(404, ErrorCode.NotFound, 'Image not found');
    if (version.status !== 'done' || !version.key)
      throw new ApiError(409, ErrorCode.Conflict, 'Only a generated image of a site key can be applied');
    const key = version.key;
    await this.dataSource.transaction(async (m) => {
      await this.store.makeActive(m, key, imageId, user.email);
      await this.audit.record(m, user, 'images.apply', 'generated_image', imageId, { key });
    });
    this.store.publishApplied(key, imageId);
    return { key, active: (await this.store.version(imageId))! };
  }

  /**
   * The public landing call (public-site.md §7 POST /api/generate-image with `imageKey`): the
   * active image of the key, or `imageUrl: null`. Reads Postgres only: it never calls Stability
   * and never spends credits, whoever asks.
   */
  async landing(key: SiteImageKey): Promise<LandingImageResponse> {
    const image = (await this.store.activeSiteImages())[key] ?? null;
    return { success: true, imageUrl: image?.src ?? null, image };
  }

  private requireConfigured(): void {
    if (!this.configured)
      throw new ApiError(503, ErrorCode.ImagesNotConfigured, `${IMAGE_TEXTS.notConfigured} ${IMAGE_TEXTS.notConfiguredHow}`);
  }

  /** Takes `images` points of the admin's hourly allowance; 429 with Retry-After when over. */
  private async takeAllowance(user: SessionUser, images: number): Promise<void> {
    try {
      await this.limiter.consume(user.id, images);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw new ImageAllowanceError(
        `This would pass your ${this.env.IMAGE_GENERATIONS_PER_HOUR} images an hour. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
        seconds,
      );
    }
  }

  /** 409 INSUFFICIENT_CREDITS unless the last balance covers `images` more after what running runs still need. */
  private async requireCredits(images: number): Promise<void> {
    const balance = await this.balances.get();
    if (!balance || Date.now() - Date.parse(balance.checkedAt) > BALANCE_USABLE_MS) {
      this.queueBalanceRefresh();
      throw new ApiError(
        409,
        ErrorCode.InsufficientCredits,
        'The Stability credit balance is being checked. Please try again in a few seconds.',
      );
    }
    const needed = images * this.creditsPerImage;
    const reserved = (await this.store.pendingImages()) * this.creditsPerImage;
    if (balance.credits - reserved < needed) {
      throw new ApiError(
        409,
        ErrorCode.InsufficientCredits,
        `Not enough Stability credits: this needs ${fmt(needed)} credits (${images} × ${fmt(this.creditsPerImage)}), the account has ${fmt(balance.credits)}${reserved ? ` and ${fmt(reserved)} are promised to the run in progress` : ''}.`,
      );
    }
  }

  private queueBalanceRefresh(): void {
    void this.jobs.refreshBalance().catch((err: unknown) => this.logger.warn(`balance refresh not queued: ${(err as Error).message}`));
  }
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
