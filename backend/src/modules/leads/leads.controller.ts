import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { createLeadSchema, type CreateLead, type CreateLeadResponse } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { LeadsService } from './leads.service.js';
import { Public } from '../../common/auth/public.decorator.js';

@Controller('api/leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  /**
   * POST /api/leads (public-site.md §7): body `CreateLeadInput` (email and buildingInfo required;
   * source default `ai_shopping`; status stored as `new`; browser-sent aiRecommendation /
   * totalEstimate are ignored). 201 `{lead, notificationJob}`; 400 VALIDATION_FAILED with field
   * errors (and `error` for the spec's clients); 503 FEATURE_DISABLED.
   */
  @Public()
  @Post()
  @HttpCode(201)
  create(@Body(new ZodValidationPipe(createLeadSchema)) body: CreateLead): Promise<CreateLeadResponse> {
    return this.leads.createPublic(body);
  }
}
