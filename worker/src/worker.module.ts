import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@ironclad/backend/config/config.module.js';
import type { Env } from '@ironclad/backend/config/env.js';
import { DatabaseModule } from '@ironclad/backend/database/database.module.js';
import { QueueModule } from '@ironclad/backend/queue/queue.module.js';
import { MessagingModule } from '@ironclad/backend/modules/messaging/messaging.module.js';
import { NotificationsProcessor } from './processors/notifications.processor.js';
import { EstimatesModule } from '@ironclad/backend/modules/estimates/estimates.module.js';
import { SiteSettingsModule } from '@ironclad/backend/modules/site-settings/site-settings.module.js';
import { PdfProcessor } from './processors/pdf.processor.js';
import { PdfBrowser } from './pdf/pdf-browser.service.js';
import { StaffEventsModule } from '@ironclad/backend/realtime/staff-events.js';
import { CommunicationsCoreModule } from '@ironclad/backend/modules/communications/communications.module.js';
import { MessageWorkers } from './processors/messages.processor.js';
import { CampaignWorker } from './processors/campaigns.processor.js';

/** The worker process: the back end's feature modules plus one processor per queue. */
@Module({})
export class WorkerModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(env), DatabaseModule, QueueModule.forRoot('worker'), StaffEventsModule, MessagingModule, EstimatesModule, SiteSettingsModule,
        CommunicationsCoreModule,
      ],
      providers: [NotificationsProcessor, PdfProcessor, PdfBrowser, MessageWorkers, CampaignWorker],
    };
  }
}
