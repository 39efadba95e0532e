import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadsModule } from '../leads/index.js';
import { MessagingModule } from '../messaging/index.js';
import { QuotesModule } from '../quotes/index.js';
import { SiteModule } from '../site/index.js';
import { EstimatePdfProcessor } from './estimate-pdf.processor.js';
import { EstimatesController } from './estimates.controller.js';
import { EstimatesService } from './estimates.service.js';
import { LeadDocumentRecord } from './lead-document.entity.js';
import { LeadDocumentsController } from './lead-documents.controller.js';
import { LeadDocumentsService } from './lead-documents.service.js';
import { PdfBrowser } from './pdf/pdf-browser.service.js';
import { SiteDocumentRecord } from './site-document.entity.js';
import { SiteDocumentsService } from './site-documents.service.js';

/** PDF estimates of the cost calculator and the documents stored for leads. Services only. */
@Module({
  imports: [TypeOrmModule.forFeature([LeadDocumentRecord, SiteDocumentRecord]), LeadsModule, SiteModule, MessagingModule],
  providers: [EstimatesService, LeadDocumentsService, SiteDocumentsService],
  exports: [EstimatesService, LeadDocumentsService, SiteDocumentsService],
})
export class EstimatesModule {}

/** POST /api/generate-estimate-pdf (public) and the staff download of stored documents. */
@Module({ imports: [EstimatesModule], controllers: [EstimatesController, LeadDocumentsController] })
export class EstimatesApiModule {}

/** The worker's PDF processor and its Chromium. */
@Module({
  imports: [EstimatesModule, LeadsModule, SiteModule, MessagingModule, QuotesModule],
  providers: [EstimatePdfProcessor, PdfBrowser],
})
export class EstimatesJobsModule {}
