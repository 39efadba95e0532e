import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadRecord } from '../leads/lead.entity.js';
import { ActionItemsService } from './action-items.service.js';
import { CrmController } from './crm.controller.js';

/** CRM pipeline: Action Items computed on the server (staff-side.md §4). */
@Module({ imports: [TypeOrmModule.forFeature([LeadRecord])], providers: [ActionItemsService], controllers: [CrmController] })
export class CrmModule {}
