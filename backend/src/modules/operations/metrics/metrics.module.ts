import { Module } from '@nestjs/common';
import { MessagingModule } from '../../messaging/index.js';
import { HttpMetrics } from '../../../platform/http/http-metrics.js';
import { JobMetrics } from './job-metrics.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsTokenGuard } from './metrics-token.guard.js';
import { MetricsRegistry } from './metrics.registry.js';
import { SocketConnectionsGateway } from './socket-connections.gateway.js';

/**
 * GET /metrics for Prometheus (README "Metrics and health"). Provides {@link HttpMetrics}, whose
 * middleware the api's composition root installs in front of every handler.
 */
@Module({
  imports: [MessagingModule],
  controllers: [MetricsController],
  providers: [
    { provide: HttpMetrics, useFactory: () => new HttpMetrics() },
    JobMetrics,
    MetricsRegistry,
    MetricsTokenGuard,
    SocketConnectionsGateway,
  ],
  exports: [HttpMetrics],
})
export class MetricsModule {}
