import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import twilio from 'twilio';
import { ErrorCode, SMS_START_KEYWORDS, SMS_STOP_KEYWORDS, type UnsubscribeInfo, type UnsubscribeResponse } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { ConsentService } from './consent.service.js';
import { PublicWrite } from '../../platform/abuse/index.js';

/** What an inbound SMS asks for: `stop`, `start`, or nothing (decisions.md §15). */
export function smsKeyword(body: string): 'stop' | 'start' | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) return 'stop';
  if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) return 'start';
  return null;
}

/** Consent endpoints for recipients (decisions.md §15). Public: no staff session. */
@Public()
@Controller('api')
export class ConsentController {
  constructor(
    private readonly consent: ConsentService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** GET /api/unsubscribe/{token} → `{channel, email? | phone? (masked), optedOut}`; 404 for an invalid link. */
  @Get('unsubscribe/:token')
  describe(@Param('token') token: string): Promise<UnsubscribeInfo> {
    return this.consent.describe(token);
  }

  /**
   * POST /api/unsubscribe/{token} → `{optedOut: true}` (idempotent). Also the RFC 8058 one-click
   * target of the List-Unsubscribe header (form body `List-Unsubscribe=One-Click`). 404 invalid link.
   */
  @PublicWrite('unsubscribe')
  @Post('unsubscribe/:token')
  @HttpCode(200)
  unsubscribe(@Param('token') token: string, @Body() body: unknown): Promise<UnsubscribeResponse> {
    const oneClick = typeof body === 'object' && body !== null && (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click';
    return this.consent.unsubscribe(token, oneClick ? 'one_click' : 'unsubscribe_link');
  }

  /**
   * POST /api/webhooks/twilio/inbound — Twilio's inbound-SMS webhook (form-encoded). The
   * X-Twilio-Signature is verified against TWILIO_WEBHOOK_URL (default
   * `{PUBLIC_URL}/api/webhooks/twilio/inbound`) with the auth token; STOP/STOPALL/UNSUBSCRIBE/CANCEL/
   * END/QUIT opt the sender out of SMS, START/YES/UNSTOP back in. Answers empty TwiML (Twilio
   * sends its own confirmation). 403 bad signature; 503 when Twilio is not configured.
   */
  @Post('webhooks/twilio/inbound')
  @HttpCode(200)
  @Header('Content-Type', 'text/xml')
  async twilioInbound(@Req() req: Request): Promise<string> {
    const token = this.env.TWILIO_AUTH_TOKEN;
    if (!token) throw new ApiError(503, ErrorCode.ServiceUnavailable, 'Twilio is not configured.');
    const params = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, string>;
    const signature = req.get('x-twilio-signature') ?? '';
    const url = this.env.TWILIO_WEBHOOK_URL ?? `${this.env.PUBLIC_URL.replace(/\/$/, '')}/api/webhooks/twilio/inbound`;
    if (!signature || !twilio.validateRequest(token, signature, url, params)) {
      throw new ApiError(403, ErrorCode.Forbidden, 'Invalid Twilio signature.');
    }
    const keyword = smsKeyword(String(params.Body ?? ''));
    if (keyword && params.From) await this.consent.setOptOut('sms', String(params.From), keyword === 'stop', 'sms_keyword');
    return new twilio.twiml.MessagingResponse().toString();
  }
}
