import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  actionItemRefSchema,
  actionItemsQuerySchema,
  snoozeActionItemSchema,
  type ActionItemRef,
  type ActionItemsQuery,
  type ActionItemsResponse,
  type ActionItemState,
  type SnoozeActionItemBody,
} from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { ActionItemsService } from './action-items.service.js';

/** CRM pipeline endpoints (staff-side.md §2 CRM tab, §4). Staff only (global StaffGuard). */
@Controller('api/crm')
export class CrmController {
  constructor(private readonly actionItems: ActionItemsService) {}

  /**
   * GET /api/crm/action-items?page=1&pageSize=25 — ActionItemsResponse: the leads with OPEN
   * follow-ups (§4 rules, "today" in America/New_York; done, snoozed and dismissed actions left
   * out), most overdue then youngest first, with totals over all leads. 400 VALIDATION_FAILED for a bad query.
   */
  @Get('action-items')
  list(@Query(new ZodValidationPipe(actionItemsQuerySchema)) q: ActionItemsQuery): Promise<ActionItemsResponse> {
    return this.actionItems.list(q);
  }

  /**
   * POST /api/crm/action-items/:leadId/:key/snooze — body `{until}` (ISO date-time, future, at
   * most 90 days ahead): hides the action until then. 200 `{state: ActionItemState}`; audited.
   * @throws 400 VALIDATION_FAILED (bad key, body or `until`); 404 NOT_FOUND unknown lead.
   */
  @Post('action-items/:leadId/:key/snooze')
  @HttpCode(200)
  async snooze(
    @Param(new ZodValidationPipe(actionItemRefSchema)) ref: ActionItemRef,
    @Body(new ZodValidationPipe(snoozeActionItemSchema)) body: SnoozeActionItemBody,
    @CurrentUser() user: SessionUser,
  ): Promise<{ state: ActionItemState }> {
    return { state: await this.actionItems.snooze(ref, new Date(body.until), user) };
  }

  /**
   * POST /api/crm/action-items/:leadId/:key/dismiss — hides the action for good. 200
   * `{state: ActionItemState}`; audited. @throws 400 VALIDATION_FAILED bad key; 404 NOT_FOUND unknown lead.
   */
  @Post('action-items/:leadId/:key/dismiss')
  @HttpCode(200)
  async dismiss(
    @Param(new ZodValidationPipe(actionItemRefSchema)) ref: ActionItemRef,
    @CurrentUser() user: SessionUser,
  ): Promise<{ state: ActionItemState }> {
    return { state: await this.actionItems.dismiss(ref, user) };
  }

  /**
   * DELETE /api/crm/action-items/:leadId/:key/state — puts a snoozed or dismissed action back.
   * 204; audited. @throws 400 VALIDATION_FAILED bad key; 404 NOT_FOUND unknown lead.
   */
  @Delete('action-items/:leadId/:key/state')
  @HttpCode(204)
  async reopen(@Param(new ZodValidationPipe(actionItemRefSchema)) ref: ActionItemRef, @CurrentUser() user: SessionUser): Promise<void> {
    await this.actionItems.reopen(ref, user);
  }
}
