import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging/index.js';
import { HealthController } from './health.controller.js';

/** GET /api/health: whether Postgres and Redis answer, the workers, the queues and the providers. */
@Module({ imports: [MessagingModule], controllers: [HealthController] })
export class HealthApiModule {}
