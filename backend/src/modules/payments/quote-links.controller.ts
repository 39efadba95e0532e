import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ErrorCode,
  approveQuoteSchema,
  reviseQuoteSchema,
  quoteTokenParamSchema,
  type ApproveQuote,
  type LeadQuotesResponse,
  type PublicQuote,
  type ReviseQuote,
  type StaffQuoteVersion,
} from '@ironclad/contracts';
import { PublicWrite } from '../../platform/abuse/index.js';
import { ApiError } from '../../platform/http/api-error.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { QuoteVersionsService, QuotesService, diagramsOf } from '../quotes/index.js';
import { LeadEvents, LeadsService, type LeadRecord } from '../leads/index.js';
import { PaymentsService } from './payments.service.js';

/**
 * The customer's saved quote, opened by its link (issue 21 points 4 and 6; public-site.md §2 step 5,
 * §9): no login, addressed only by the version's unguessable token.
 */
@Controller('api/quotes')
export class QuoteLinksController {
  constructor(
    private readonly versions: QuoteVersionsService,
    private readonly leads: LeadsService,
    private readonly events: LeadEvents,
    private readonly quotes: QuotesService,
    private readonly payments: PaymentsService,
  ) {}

  /** `quote` with the lead's first name and every option's coverage diagrams. */
  private async complete(quote: PublicQuote, lead: LeadRecord | null): Promise<PublicQuote> {
    if (!lead) return quote;
    return { ...quote, customerFirstName: lead.firstName, diagrams: await diagramsOf(this.quotes, quote.options, lead) };
  }

  /**
   * GET /api/quotes/{token} (public): the quote version of link `token` (PublicQuote: every option in
   * whole dollars with its per-floor coverage diagram (SVG), the deposit of the chosen option in
   * cents, status, expiry, approval). The first
   * view of an unexpired `sent` version marks it `viewed` (shown on the lead's timeline).
   * 400 VALIDATION_FAILED for a token that is not 43 base64url characters; 404 NOT_FOUND unknown link.
   */
  @Public()
  @Get(':token')
  async show(@Param('token', new ZodValidationPipe(quoteTokenParamSchema)) token: string): Promise<PublicQuote> {
    const { quote, leadId } = await this.versions.view(token);
    const lead = await this.leads.findById(leadId);
    if (!lead) throw new ApiError(404, ErrorCode.NotFound, 'This quote link is not valid.');
    return this.complete(quote, lead);
  }

  /**
   * POST /api/quotes/{token}/approve (public) — body `{option, name, acceptTerms: true}`: approves
   * the option with the typed name as signature; stores name, time, the caller's IP and the SHA-256
   * of the version's canonical JSON with the chosen option. 200 PublicQuote (status `approved`,
   * depositCents of the chosen option). 400 field errors; 404 unknown link; 409 superseded or
   * already paid; 410 expired; 429 RATE_LIMITED past RATE_LIMIT_QUOTE_APPROVALS_PER_HOUR per
   * address (`@PublicWrite`, which also honours an `Idempotency-Key`).
   */
  @Public()
  @PublicWrite('quoteApproval')
  @Post(':token/approve')
  @HttpCode(200)
  async approve(
    @Param('token', new ZodValidationPipe(quoteTokenParamSchema)) token: string,
    @Body(new ZodValidationPipe(approveQuoteSchema)) body: ApproveQuote,
    @Req() req: Request,
  ): Promise<PublicQuote> {
    const quote = await this.versions.approve(token, body, req.ip ?? 'unknown');
    const version = await this.versions.findByToken(token);
    if (version) {
      // a deposit intent for the previous choice must not stay payable
      await this.payments.cancelStaleDeposits(version.leadId);
      this.events.changed(version.leadId, 'updated');
      return this.complete(quote, await this.leads.findById(version.leadId));
    }
    return quote;
  }
}

/** The staff side of saved quotes (issue 21 point 7): admin session (global StaffGuard). */
@Controller('api/leads')
export class StaffQuotesController {
  constructor(
    private readonly versions: QuoteVersionsService,
    private readonly leads: LeadsService,
    private readonly events: LeadEvents,
    private readonly quotes: QuotesService,
    private readonly payments: PaymentsService,
  ) {}

  /**
   * GET /api/leads/{id}/quotes — the lead's quote versions, newest first (LeadQuotesResponse), each
   * with its chosen option's per-floor coverage diagrams (SVG). 404 unknown lead.
   */
  @Get(':id/quotes')
  async list(@Param('id', IdParamPipe) id: number): Promise<LeadQuotesResponse> {
    const lead = await this.leads.findById(id);
    if (!lead) throw new ApiError(404, ErrorCode.NotFound, `Lead ${id} not found`);
    const versions = await this.versions.listForLead(id);
    return {
      versions: await Promise.all(
        versions.map(async (v) => {
          const chosen = v.options[v.chosenOption] ?? v.options.recommended;
          const drawn = await diagramsOf(this.quotes, { recommended: chosen }, lead);
          return { ...v, diagrams: drawn.recommended ?? [] };
        }),
      ),
    };
  }

  /**
   * POST /api/leads/{id}/quotes — body ReviseQuote `{option, lines: [{sku, quantity}]}`: revises the
   * latest version into a new one (own link; older unpaid versions superseded; audited
   * `quote.revised`) and emails the new link with its PDF. 201 StaffQuoteVersion. 400 field errors
   * (unknown SKU, option not offered); 404 unknown lead or lead without a quote.
   */
  @Post(':id/quotes')
  @HttpCode(201)
  async revise(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(reviseQuoteSchema)) body: ReviseQuote,
    @CurrentUser() user: SessionUser,
  ): Promise<StaffQuoteVersion> {
    if (!(await this.leads.exists(id))) throw new ApiError(404, ErrorCode.NotFound, `Lead ${id} not found`);
    const created = await this.versions.revise(id, body, user);
    // the superseded version's open deposit intents can no longer be paid
    await this.payments.cancelStaleDeposits(id);
    this.events.changed(id, 'updated');
    return created;
  }
}
