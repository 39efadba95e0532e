import { Global, Module } from '@nestjs/common';
import { JobsGateway } from './jobs.gateway.js';
import { StaffEventsService } from './staff-events.service.js';

/** The Socket.IO gateway; StaffEventsService is global so feature controllers can push staff events. */
@Global()
@Module({ providers: [JobsGateway, StaffEventsService], exports: [StaffEventsService] })
export class RealtimeModule {}
