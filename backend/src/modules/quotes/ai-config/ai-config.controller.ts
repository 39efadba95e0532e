import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  aiConfigPreviewSchema,
  createAiConfigSchema,
  updateAiConfigSchema,
  type AiConfigListResponse,
  type AiConfigPreview,
  type AiConfigPreviewResponse,
  type AiConfigSaveResponse,
  type CreateAiConfig,
  type UpdateAiConfig,
} from '@ironclad/contracts';
import { CurrentUser } from '../../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../../platform/http/auth/session-user.js';
import { IdParamPipe } from '../../../platform/http/id-param.pipe.js';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe.js';
import { AiConfigService } from './ai-config.service.js';

/**
 * The AI configuration calls (staff-side.md §7), staff only (global StaffGuard: 401 without a
 * session, 403 for a non-admin). Amounts in whole US dollars.
 */
@Controller('api/ai-configs')
export class AiConfigController {
  constructor(private readonly configs: AiConfigService) {}

  /** GET /api/ai-configs — `{configs, versions}`: every record and the current configuration versions. */
  @Get()
  list(): Promise<AiConfigListResponse> {
    return this.configs.list();
  }

  /**
   * POST /api/ai-configs — `{category, configKey, configValue, description, isActive}`; 201
   * `{config, configurationVersion}`.
   * @throws 400 field errors (`configValue.<field>`); 409 CONFLICT when the key has a record.
   */
  @Post()
  @HttpCode(201)
  create(
    @Body(new ZodValidationPipe(createAiConfigSchema)) body: CreateAiConfig,
    @CurrentUser() user: SessionUser,
  ): Promise<AiConfigSaveResponse> {
    return this.configs.create(body, user);
  }

  /**
   * POST /api/ai-configs/preview — `{configKey, configValue}`: `{quotes: [{label, kind, leadId,
   * oldTotal, newTotal, difference}]}` for the spec samples and the latest wizard quotes. Writes
   * nothing.
   * @throws 400 field errors, as a save would.
   */
  @Post('preview')
  @HttpCode(200)
  preview(@Body(new ZodValidationPipe(aiConfigPreviewSchema)) body: AiConfigPreview): Promise<AiConfigPreviewResponse> {
    return this.configs.preview(body);
  }

  /**
   * PATCH /api/ai-configs/{id} — `{configValue, description, version?}`; `{config,
   * configurationVersion}`. Quotes made after it use the new value; stored quotes keep theirs.
   * @throws 400 field errors (`configValue.<field>`); 404; 409 CONFLICT when `version` is stale.
   */
  @Patch(':id')
  update(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(updateAiConfigSchema)) body: UpdateAiConfig,
    @CurrentUser() user: SessionUser,
  ): Promise<AiConfigSaveResponse> {
    return this.configs.update(id, body, user);
  }
}
