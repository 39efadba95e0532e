import { type DynamicModule, Module } from '@nestjs/common';
import type { Env } from '../platform/config/env.js';
import { PlatformModule } from '../platform/platform.module.js';
import { RealtimeModule } from '../platform/realtime/realtime.module.js';
import { CommunicationsApiModule } from '../modules/communications/index.js';
import { ContactsApiModule } from '../modules/contacts/index.js';
import { CrmApiModule } from '../modules/crm/index.js';
import { EstimatesApiModule } from '../modules/estimates/index.js';
import { ExportsApiModule } from '../modules/exports/index.js';
import { HealthApiModule } from '../modules/health/index.js';
import { InventoryApiModule } from '../modules/inventory/index.js';
import { ImagesApiModule } from '../modules/images/index.js';
import { LeadsApiModule } from '../modules/leads/index.js';
import { MessagingApiModule } from '../modules/messaging/index.js';
import { OperationsApiModule } from '../modules/operations/index.js';
import { PaymentsApiModule } from '../modules/payments/index.js';
import { QuotesApiModule } from '../modules/quotes/index.js';
import { SiteApiModule } from '../modules/site/index.js';
import { StaffApiModule } from '../modules/staff/index.js';
import { ENTITIES } from './entities.js';
import { BotDefenceModule } from '../platform/abuse/index.js';
import { CspReportModule } from '../platform/web/csp-report.module.js';

/**
 * The api process: the platform plus every feature's HTTP module, and the Socket.IO gateway with
 * staff session auth. It registers no job processor (the worker runs them).
 */
@Module({})
export class ApiModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot(env, { role: 'api', entities: ENTITIES }),
        RealtimeModule.forRoot(StaffApiModule),
        BotDefenceModule,
        CspReportModule,
        HealthApiModule,
        StaffApiModule,
        SiteApiModule,
        LeadsApiModule,
        ContactsApiModule,
        CrmApiModule,
        EstimatesApiModule,
        MessagingApiModule,
        CommunicationsApiModule,
        PaymentsApiModule,
        ExportsApiModule,
        OperationsApiModule,
        InventoryApiModule,
        QuotesApiModule,
        ImagesApiModule,
      ],
    };
  }
}
