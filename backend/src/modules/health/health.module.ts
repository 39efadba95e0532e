import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';

/** GET /api/health: whether Postgres and Redis answer. */
@Module({ controllers: [HealthController] })
export class HealthApiModule {}
