import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { SendMessageResponse } from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { SuppressedMessagesService } from './suppressed-messages.service.js';

/** Staff actions on suppressed messages (the lead timeline's "Send now"). Staff only (global guard). */
@Controller('api/messages')
export class SuppressedMessagesController {
  constructor(private readonly suppressed: SuppressedMessagesService) {}

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
