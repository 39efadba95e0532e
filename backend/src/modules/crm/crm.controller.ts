import { Controller, Get, Query } from '@nestjs/common';
import { actionItemsQuerySchema, type ActionItemsQuery, type ActionItemsResponse } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { ActionItemsService } from './action-items.service.js';

/** CRM pipeline endpoints (staff-side.md §2 CRM tab, §4). Staff only (global StaffGuard). */
@Controller('api/crm')
export class CrmController {
  constructor(private readonly actionItems: ActionItemsService) {}

  /**
   * GET /api/crm/action-items?page=1&pageSize=25 — ActionItemsResponse: the leads with suggested
   * follow-ups (§4 rules, "today" in America/New_York), most urgent then youngest first, with
   * totals over all leads. 400 VALIDATION_FAILED for a bad query.
   */
  @Get('action-items')
  list(@Query(new ZodValidationPipe(actionItemsQuerySchema)) q: ActionItemsQuery): Promise<ActionItemsResponse> {
    return this.actionItems.list(q);
  }
}
