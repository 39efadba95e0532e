import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { requestFreeGuideSchema, type FreeGuideResponse, type RequestFreeGuide } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicWrite, formCheckOf } from '../../platform/abuse/index.js';
import { FreeGuideService } from './free-guide.service.js';

@Controller('api/free-guide')
export class FreeGuideController {
  constructor(private readonly guide: FreeGuideService) {}

  /**
   * POST /api/free-guide (public-site.md §2 "Free-guide block", §5): body `{email}` (required,
   * valid format; unknown fields rejected). 202 `{accepted: true, emailJob: {id, queue} | null}`:
   * the request is stored as a contact (source `free_guide`, consent time) and the 47-point
   * checklist PDF is emailed by the worker; `emailJob` is null when the address asked within the
   * last 24 hours (nothing new is sent). 400 VALIDATION_FAILED with `details.fieldErrors`;
   * 503 FEATURE_DISABLED (contact forms off); 503 SERVICE_UNAVAILABLE (queue unreachable).
   * Bot defences as POST /api/contacts (the contacts budget: 429 RATE_LIMITED, 428
   * CHALLENGE_REQUIRED; a failed honeypot or fill time is stored flagged and sent nothing).
   */
  @Public()
  @PublicWrite('contacts', { challenge: true })
  @Post()
  @HttpCode(202)
  request(@Body(new ZodValidationPipe(requestFreeGuideSchema)) body: RequestFreeGuide, @Req() req: Request): Promise<FreeGuideResponse> {
    return this.guide.request(body, formCheckOf(req).spamReason);
  }
}
