import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@ironclad/backend/config/config.module.js';
import type { Env } from '@ironclad/backend/config/env.js';
import { DatabaseModule } from '@ironclad/backend/database/database.module.js';
import { QueueModule } from '@ironclad/backend/queue/queue.module.js';
import { MessagingModule } from '@ironclad/backend/modules/messaging/messaging.module.js';
import { NotificationsProcessor } from './processors/notifications.processor.js';

/** The worker process: the back end's feature modules plus one processor per queue. */
@Module({})
export class WorkerModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(env), DatabaseModule, QueueModule.forRoot('worker'), MessagingModule],
      providers: [NotificationsProcessor],
    };
  }
}
