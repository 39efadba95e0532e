import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  createPromotionSchema,
  endPromotionSchema,
  updatePromotionSchema,
  type CreatePromotion,
  type EndPromotion,
  type PromotionListResponse,
  type PromotionResponse,
  type UpdatePromotion,
} from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { PromotionsService } from './promotions.service.js';

/**
 * Promotions (decisions.md §7), staff only (global StaffGuard): list, create, edit, end. The
 * promotion valid today is shown on the site (banner) and applied to quotes (JULY4-style line,
 * calculator discount); only one runs at a time.
 */
@Controller('api/promotions')
export class PromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  /** GET /api/promotions — `{promotions}`, newest first, each with its status today. */
  @Get()
  async list(): Promise<PromotionListResponse> {
    return { promotions: await this.promotions.list() };
  }

  /**
   * POST /api/promotions — `{code, percent (1-100), validFrom (YYYY-MM-DD or null = now),
   * validUntil, bannerText}`; 201 `{promotion}`.
   * @throws 400 field errors; 409 CONFLICT when the code is taken or the dates overlap a
   *   promotion that is not ended.
   */
  @Post()
  @HttpCode(201)
  async create(
    @Body(new ZodValidationPipe(createPromotionSchema)) body: CreatePromotion,
    @CurrentUser() user: SessionUser,
  ): Promise<PromotionResponse> {
    return { promotion: await this.promotions.create(body, user) };
  }

  /**
   * PATCH /api/promotions/{id} — any of the fields plus the `version` edited; `{promotion}`.
   * @throws 400; 404; 409 CONFLICT (stale version, taken code, overlapping dates).
   */
  @Patch(':id')
  async update(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(updatePromotionSchema)) body: UpdatePromotion,
    @CurrentUser() user: SessionUser,
  ): Promise<PromotionResponse> {
    return { promotion: await this.promotions.update(id, body, user) };
  }

  /**
   * POST /api/promotions/{id}/end — `{version?}`: ends the promotion now; `{promotion}`.
   * @throws 404; 409 CONFLICT for a stale version.
   */
  @Post(':id/end')
  @HttpCode(200)
  async end(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(endPromotionSchema)) body: EndPromotion,
    @CurrentUser() user: SessionUser,
  ): Promise<PromotionResponse> {
    return { promotion: await this.promotions.end(id, body, user) };
  }
}
