import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/index.js';
import { ActionItemsService } from './action-items.service.js';
import { CrmController } from './crm.controller.js';

/** CRM pipeline: Action Items computed on the server (staff-side.md §4). */
@Module({ imports: [LeadsModule], providers: [ActionItemsService], controllers: [CrmController] })
export class CrmApiModule {}
