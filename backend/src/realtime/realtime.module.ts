import { Module } from '@nestjs/common';
import { JobsGateway } from './jobs.gateway.js';

@Module({ providers: [JobsGateway] })
export class RealtimeModule {}
