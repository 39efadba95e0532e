/** Public surface of the estimates feature (calculator PDF estimates, lead documents). */
export { EstimatesModule, EstimatesApiModule, EstimatesJobsModule } from './estimates.module.js';
export { EstimatesService } from './estimates.service.js';
export { LeadDocumentsService, toLeadDocument } from './lead-documents.service.js';
export { LeadDocumentRecord } from './lead-document.entity.js';
export { SiteDocumentRecord } from './site-document.entity.js';
