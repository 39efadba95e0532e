import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { EstimatesModule } from '../estimates/estimates.module.js';
import { LeadRecord } from './lead.entity.js';
import { LeadsController } from './leads.controller.js';
import { LeadsService } from './leads.service.js';
import { AuditModule } from '../audit/audit.module.js';
import { LeadAdminService } from './lead-admin.service.js';
import { StaffLeadsController } from './staff-leads.controller.js';

@Module({
  imports: [TypeOrmModule.forFeature([LeadRecord]), MessagingModule, SiteSettingsModule, QuotesModule, EstimatesModule, AuditModule],
  providers: [LeadsService, LeadAdminService],
  controllers: [LeadsController, StaffLeadsController],
  exports: [LeadsService, LeadAdminService],
})
export class LeadsModule {}
