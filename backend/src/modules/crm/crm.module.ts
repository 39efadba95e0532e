import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadsModule } from '../leads/index.js';
import { StaffModule } from '../staff/index.js';
import { ActionItemStateRecord } from './action-item-state.entity.js';
import { ActionItemsService } from './action-items.service.js';
import { CrmController } from './crm.controller.js';

/** CRM pipeline: Action Items computed on the server (staff-side.md §4). */
@Module({
  imports: [TypeOrmModule.forFeature([ActionItemStateRecord]), LeadsModule, StaffModule],
  providers: [ActionItemsService],
  controllers: [CrmController],
})
export class CrmApiModule {}
