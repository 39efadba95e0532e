/** Public surface of the communications feature (Communication Centre: sends, templates, timeline, campaigns). */
export { CommunicationsModule, CommunicationsApiModule, CommunicationsJobsModule } from './communications.module.js';
export { CampaignsService, fanOutJobId } from './campaigns.service.js';
export { CampaignRecord } from './campaign.entity.js';
export { EmailTemplateRecord } from './email-template.entity.js';
export { CallNoteRecord } from './call-note.entity.js';
export { templateSyntaxError } from './template-renderer.js';
