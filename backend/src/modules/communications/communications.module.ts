import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { ActivitiesService } from './activities.service.js';
import { CampaignProgressPublisher } from './campaign-progress.publisher.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { CommunicationsController } from './communications.controller.js';
import { CommunicationsService } from './communications.service.js';
import { ConsentController } from './consent.controller.js';
import { EmailTemplatesController } from './email-templates.controller.js';
import { EmailTemplatesService } from './email-templates.service.js';

/** Communications services without HTTP (issue 7): used by the api and by the worker. */
@Module({
  imports: [MessagingModule, SiteSettingsModule],
  providers: [EmailTemplatesService, CommunicationsService, ActivitiesService, CampaignsService, CampaignProgressPublisher],
  exports: [EmailTemplatesService, CommunicationsService, ActivitiesService, CampaignsService, CampaignProgressPublisher, MessagingModule],
})
export class CommunicationsCoreModule {}

/** The communications api (issue 7): sends, tests, templates, activity timeline, campaigns, consent. */
@Module({
  imports: [CommunicationsCoreModule],
  controllers: [CommunicationsController, EmailTemplatesController, CampaignsController, ConsentController],
})
export class CommunicationsModule {}
