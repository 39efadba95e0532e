import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadRecord } from '../leads/lead.entity.js';
import { PromotionsModule } from '../promotions/promotions.module.js';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { EstimatesController } from './estimates.controller.js';
import { EstimatesService } from './estimates.service.js';
import { LeadDocumentRecord } from './lead-document.entity.js';
import { LeadDocumentsService } from './lead-documents.service.js';
import { LeadDocumentsController } from './lead-documents.controller.js';

/** Calculator quotes and PDF estimates (issue 5), and the staff download of the stored PDFs. The PDF job itself runs in the worker. */
@Module({
  imports: [TypeOrmModule.forFeature([LeadRecord, LeadDocumentRecord]), PromotionsModule, SiteSettingsModule],
  providers: [EstimatesService, LeadDocumentsService],
  controllers: [EstimatesController, LeadDocumentsController],
  exports: [EstimatesService, LeadDocumentsService],
})
export class EstimatesModule {}
