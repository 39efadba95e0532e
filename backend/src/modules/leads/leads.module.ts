import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessagingModule } from '../messaging/index.js';
import { OperationsModule } from '../operations/index.js';
import { QuotesModule } from '../quotes/index.js';
import { SiteModule } from '../site/index.js';
import { StaffModule } from '../staff/index.js';
import { InventoryModule } from '../inventory/index.js';
import { LeadAdminService } from './lead-admin.service.js';
import { LeadInventoryReferences } from './lead-inventory-references.js';
import { LeadEvents } from './lead-events.js';
import { LeadNoteRecord } from './lead-note.entity.js';
import { LeadNotesService } from './lead-notes.service.js';
import { LeadStatusChangeRecord } from './lead-status-change.entity.js';
import { LeadRecord } from './lead.entity.js';
import { LeadsController } from './leads.controller.js';
import { LeadsService } from './leads.service.js';
import { StaffLeadsController } from './staff-leads.controller.js';

/** Leads: visitors' requests and the staff pipeline (public-site.md §3; staff-side.md §3, §4). Services only. */
@Module({
  imports: [
    TypeOrmModule.forFeature([LeadRecord, LeadStatusChangeRecord, LeadNoteRecord]),
    MessagingModule,
    SiteModule,
    QuotesModule,
    InventoryModule,
    StaffModule,
  ],
  providers: [LeadsService, LeadAdminService, LeadNotesService, LeadEvents, LeadInventoryReferences],
  exports: [TypeOrmModule, LeadsService, LeadAdminService, LeadNotesService, LeadEvents],
})
export class LeadsModule {}

/** The leads endpoints: POST /api/leads (public) and the staff lead calls (the saved quote links are PaymentsApiModule's). */
@Module({
  imports: [LeadsModule, OperationsModule, QuotesModule],
  controllers: [LeadsController, StaffLeadsController],
})
export class LeadsApiModule {}
