import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EstimatesModule } from '../estimates/index.js';
import { OperationsModule } from '../operations/index.js';
import { LeadsModule } from '../leads/index.js';
import { MessagingModule } from '../messaging/index.js';
import { SiteModule } from '../site/index.js';
import { StaffModule } from '../staff/index.js';
import { ActivitiesService } from './activities.service.js';
import { CallNoteRecord } from './call-note.entity.js';
import { CampaignRecord } from './campaign.entity.js';
import { CampaignProgressPublisher } from './campaign-progress.publisher.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsGateway } from './campaigns.gateway.js';
import { CampaignsProcessor } from './campaigns.processor.js';
import { CampaignsService } from './campaigns.service.js';
import { CommunicationsController } from './communications.controller.js';
import { CommunicationsService } from './communications.service.js';
import { EmailTemplateRecord } from './email-template.entity.js';
import { EmailTemplatesController } from './email-templates.controller.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { MessageSettledListener } from './message-settled.listener.js';
import { SuppressedMessagesController } from './suppressed-messages.controller.js';
import { SuppressedMessagesService } from './suppressed-messages.service.js';
import { UndeliveredMessagesService } from './undelivered-messages.service.js';

/**
 * The Communication Centre (staff-side.md §2, §7; decisions.md §8, §15): single sends, templates,
 * the lead activity timeline, call notes and bulk campaigns. Services only (api and worker).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CampaignRecord, EmailTemplateRecord, CallNoteRecord]), LeadsModule, MessagingModule, SiteModule],
  providers: [EmailTemplatesService, CommunicationsService, ActivitiesService, CampaignsService, CampaignProgressPublisher],
  exports: [EmailTemplatesService, CommunicationsService, ActivitiesService, CampaignsService, CampaignProgressPublisher],
})
export class CommunicationsModule {}

/** The Communication Centre's endpoints and its campaign progress socket messages. */
@Module({
  imports: [CommunicationsModule, EstimatesModule, StaffModule, MessagingModule, LeadsModule, OperationsModule],
  controllers: [CommunicationsController, EmailTemplatesController, CampaignsController, SuppressedMessagesController],
  providers: [CampaignsGateway, SuppressedMessagesService, UndeliveredMessagesService],
})
export class CommunicationsApiModule {}

/** The worker's campaign processor (fan-out, sweep) and the reaction to settled messages. */
@Module({
  imports: [CommunicationsModule, LeadsModule, MessagingModule],
  providers: [CampaignsProcessor, MessageSettledListener],
})
export class CommunicationsJobsModule {}
