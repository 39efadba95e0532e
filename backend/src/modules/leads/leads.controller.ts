import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { createLeadSchema, ErrorCode, type CreateLead, type CreateLeadResponse } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { StaffRequest } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { LeadEvents } from './lead-events.js';
import { LeadsService } from './leads.service.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicWrite, formCheckOf } from '../../platform/abuse/index.js';

/** Lead sources only staff may set: a visitor's lead is never labelled as made by staff. */
const STAFF_ONLY_SOURCES: ReadonlySet<string> = new Set(['manual_estimator', 'contact_conversion']);

@Controller('api/leads')
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly events: LeadEvents,
  ) {}

  /**
   * POST /api/leads (public-site.md §7): body `CreateLeadInput` (email and buildingInfo required;
   * source default `ai_shopping`; status stored as `new`; browser-sent aiRecommendation /
   * totalEstimate are ignored). 201 `{lead, notificationJob}`; 403 FORBIDDEN for the staff-only
   * sources manual_estimator / contact_conversion without an admin session; 400 VALIDATION_FAILED with field
   * errors (and `error` for the spec's clients); 503 FEATURE_DISABLED. The new lead is pushed to
   * the signed-in admins as `lead:changed` kind `created`. Bot defences (`@PublicWrite`): 429
   * RATE_LIMITED with Retry-After past RATE_LIMIT_LEADS_PER_HOUR per address; 428
   * CHALLENGE_REQUIRED past the challenge threshold without a valid `altcha`; a failed honeypot or
   * fill time answers as usual and stores the lead flagged as spam (no notification, no push).
   */
  @Public()
  @PublicWrite('leads', { challenge: true })
  @Post()
  @HttpCode(201)
  async create(@Body(new ZodValidationPipe(createLeadSchema)) body: CreateLead, @Req() req: StaffRequest): Promise<CreateLeadResponse> {
    if (STAFF_ONLY_SOURCES.has(body.source) && !req.user?.isAdmin) {
      throw new ApiError(403, ErrorCode.Forbidden, `Only staff may create leads with source ${body.source}`);
    }
    const { spamReason } = formCheckOf(req);
    const out = await this.leads.createPublic(body, spamReason);
    if (!spamReason) this.events.changed(out.lead.id, 'created', out.lead.status);
    return out;
  }
}
