import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module.js';
import type { Env } from './config/env.js';
import { DatabaseModule } from './database/database.module.js';
import { QueueModule } from './queue/queue.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { ContactsModule } from './modules/contacts/contacts.module.js';
import { LeadsModule } from './modules/leads/leads.module.js';
import { CaseStudiesModule } from './modules/case-studies/case-studies.module.js';
import { TestimonialsModule } from './modules/testimonials/testimonials.module.js';
import { SiteSettingsModule } from './modules/site-settings/site-settings.module.js';
import { PublicConfigModule } from './modules/public-config/public-config.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ExportsModule } from './modules/exports/exports.module.js';
import { CommunicationsModule } from './modules/communications/communications.module.js';
import { StaffEventsModule } from './realtime/staff-events.js';
import { CrmModule } from './modules/crm/crm.module.js';

/** The api process: HTTP + Socket.IO over the feature modules. */
@Module({})
export class AppModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        DatabaseModule,
        QueueModule.forRoot('producer'),
        StaffEventsModule,
        RealtimeModule,
        HealthModule,
        ContactsModule,
        LeadsModule,
        CaseStudiesModule,
        TestimonialsModule,
        SiteSettingsModule,
        PublicConfigModule,
        PaymentsModule,
        AuthModule,
        ExportsModule,
        CommunicationsModule,
        CrmModule,
      ],
    };
  }
}
