import { Controller, Get, Param } from '@nestjs/common';
import type { ContactPaymentsResponse } from '@ironclad/contracts';
import { PaymentsService } from './payments.service.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';

/** Staff view of payments (decisions.md §4). Staff only (global StaffGuard). */
@Controller('api/contacts')
export class StaffPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /**
   * GET /api/contacts/{id}/payments — `{payments: StaffPayment[]}` (amounts in cents, newest
   * first): the consultation deposits linked to the contact. 400 bad id; 404 unknown contact.
   */
  @Get(':id/payments')
  forContact(@Param('id', IdParamPipe) id: number): Promise<ContactPaymentsResponse> {
    return this.payments.forContact(id);
  }
}
