import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { SendMessageResponse, UndeliveredMessagesResponse } from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { SuppressedMessagesService } from './suppressed-messages.service.js';
import { UndeliveredMessagesService } from './undelivered-messages.service.js';

/**
 * Staff actions on single messages: suppressed ones (the lead timeline's "Send now") and
 * undelivered ones (the "Email not delivered" action items' Resend). Staff only (global guard).
 */
@Controller('api/messages')
export class SuppressedMessagesController {
  constructor(
    private readonly suppressed: SuppressedMessagesService,
    private readonly undelivered: UndeliveredMessagesService,
  ) {}

  /** GET /api/messages/undelivered → 200 `{items: [{message, title, name, contactId}]}` (UndeliveredMessagesService.list). */
  @Get('undelivered')
  listUndelivered(): Promise<UndeliveredMessagesResponse> {
    return this.undelivered.list();
  }

  /**
   * POST /api/messages/{id}/resend → 202 `{message}`: a new message with its own idempotency key.
   * 400 bad id, 404 unknown message, 409 not failed / campaign recipient / document email / already resent.
   */
  @Post(':id/resend')
  @HttpCode(202)
  resend(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<SendMessageResponse> {
    return this.undelivered.resend(id, user);
  }

  /**
   * POST /api/messages/{id}/send-now → 202 `{message}` (now `queued`; delivered by the worker).
   * 400 bad id, 404 unknown message, 409 not suppressed, 503 queue unavailable (still suppressed).
   */
  @Post(':id/send-now')
  @HttpCode(202)
  sendNow(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<SendMessageResponse> {
    return this.suppressed.sendNow(id, user);
  }
}
