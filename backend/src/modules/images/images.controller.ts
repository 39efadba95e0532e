import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ErrorCode,
  imageKeyParamSchema,
  landingImageRequestSchema,
  staffGenerateImageSchema,
  startImageRunSchema,
  type ApplyImageResponse,
  type ImageHistory,
  type ImageRun,
  type ImagesOverview,
  type LandingImageResponse,
  type SiteImageKey,
  type StaffGenerateImageResponse,
  type StartImageRun,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import { Public, PublicWhen } from '../../platform/http/auth/public.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { ImageAllowanceError, ImagesService } from './images.service.js';
import { SiteImageFiles, VARIANT_FILE, writeVariant } from './site-image-files.service.js';

/** A visitor's landing call names an `imageKey` (public-site.md §7); the staff generation never does. */
const isLandingCall = (req: Request) => typeof req.body === 'object' && req.body !== null && 'imageKey' in req.body;

/** Sends Retry-After with the per-admin allowance's 429. */
async function withRetryAfter<T>(res: Response, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ImageAllowanceError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}

@Controller('api')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /**
   * POST /api/generate-image, two calls on one path:
   * - public-site.md §7, a visitor: `{imageKey, prompt?, negative_prompt?, width?, height?, style?,
   *   outputFormat?, outputQuality?}` → 200 `{success: true, imageUrl: string | null, image}`, the
   *   active image of the key (its srcset in `image`); the generation fields are ignored and
   *   Stability is never called. 400 for an unknown key.
   * - staff-side.md §7, an admin: `{prompt, width (1024), height (1024), negative_prompt?, seed?}` →
   *   202 `{success: true, imageUrl: null, runId, imageId}`: queued, watched over `image:run`.
   *   401/403 without an admin session; 400 field errors; 429 RATE_LIMITED (Retry-After) past
   *   IMAGE_GENERATIONS_PER_HOUR; 409 INSUFFICIENT_CREDITS; 503 IMAGES_NOT_CONFIGURED. Audited.
   */
  @PublicWhen(isLandingCall)
  @Post('generate-image')
  @HttpCode(200)
  async generateImage(
    @Body() body: unknown,
    @CurrentUser() user: SessionUser | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LandingImageResponse | StaffGenerateImageResponse> {
    if (typeof body === 'object' && body !== null && 'imageKey' in body) {
      const landing = new ZodValidationPipe(landingImageRequestSchema).transform(body);
      return this.images.landing(landing.imageKey);
    }
    // The StaffGuard let only an admin through for a call without imageKey; checked again here
    // because this handler also serves visitors.
    if (!user?.isAdmin) throw new ApiError(401, ErrorCode.Unauthorized, 'Authentication required');
    const staff = new ZodValidationPipe(staffGenerateImageSchema).transform(body);
    const answer = await withRetryAfter(res, this.images.generateCustom(user, staff));
    res.status(202);
    return answer;
  }

  /** GET /api/images (admin): the generator's state, `ImagesOverview`. */
  @Get('images')
  overview(): Promise<ImagesOverview> {
    return this.images.overview();
  }

  /**
   * POST /api/images/runs (admin): `{keys?, seed: 'new' | 'locked'}` → 202 `ImageRun`. Generate
   * All / Regenerate All without `keys`. Errors: see ImagesService.startRun. Audited.
   */
  @Post('images/runs')
  @HttpCode(202)
  startRun(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(startImageRunSchema)) body: StartImageRun,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImageRun> {
    return withRetryAfter(res, this.images.startRun(user, body));
  }

  /** GET /api/images/runs/{id} (admin): the run with its images; 404 unknown. */
  @Get('images/runs/:id')
  run(@Param('id', IdParamPipe) id: number): Promise<ImageRun> {
    return this.images.run(id);
  }

  /** POST /api/images/runs/{id}/cancel (admin): 200 `ImageRun` (cancelled); 404 unknown; 409 not running. Audited. */
  @Post('images/runs/:id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<ImageRun> {
    return this.images.cancelRun(user, id);
  }

  /** GET /api/images/keys/{key}/history (admin): every version of the key, newest first; 400 unknown key. */
  @Get('images/keys/:key/history')
  history(@Param('key', new ZodValidationPipe(imageKeyParamSchema)) key: SiteImageKey): Promise<ImageHistory> {
    return this.images.history(key);
  }

  /** POST /api/images/{id}/apply (admin): makes it its key's active image ("Applied to Website"); 404; 409. Audited. */
  @Post('images/:id/apply')
  @HttpCode(200)
  apply(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<ApplyImageResponse> {
    return this.images.apply(user, id);
  }

  /** POST /api/images/balance/refresh (admin): 202; the balance arrives over `image:balance`. 503 when not configured. */
  @Post('images/balance/refresh')
  @HttpCode(202)
  async refreshBalance(): Promise<{ queued: true }> {
    await this.images.refreshBalance();
    return { queued: true };
  }
}

@Controller('api/site-images')
export class SiteImagesController {
  constructor(private readonly files: SiteImageFiles) {}

  /**
   * GET /api/site-images/{imageId}/{width}-{hash}.webp (public): a stored WebP variant,
   * `Cache-Control: public, max-age=31536000, immutable` and `ETag: "{hash}"` (304 on
   * If-None-Match); 404 for an unknown variant or a hash that is not its content's. A variant
   * already in memory is answered before Express (create-api.ts, {@link SiteImageFiles.cachedVariant}).
   */
  @Public()
  @Get(':imageId/:file')
  async variant(@Param('imageId', IdParamPipe) imageId: number, @Param('file') file: string, @Res() res: Response): Promise<void> {
    const match = VARIANT_FILE.exec(file);
    const found = match ? await this.files.get(imageId, Number(match[1]), match[2]!) : null;
    if (!found) throw new ApiError(404, ErrorCode.NotFound, 'Image not found');
    writeVariant(res.req, res, found, {});
  }
}
