import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../../platform/http/auth/public.decorator.js';
import { MetricsTokenGuard } from './metrics-token.guard.js';
import { MetricsRegistry } from './metrics.registry.js';

/** Path of the Prometheus endpoint (outside /api: no session, no staff guard, no SPA page). */
export const METRICS_PATH = '/metrics';

/**
 * GET /metrics — Prometheus text exposition format 0.0.4 (`text/plain; version=0.0.4`), for a
 * Prometheus server, not for staff: `@Public()` lets it past the staff guard, and
 * {@link MetricsTokenGuard} asks for `Authorization: Bearer <METRICS_TOKEN>` instead (404 when
 * METRICS_TOKEN is not set, 401 without the right token). The families are listed in
 * {@link MetricsRegistry}. It answers within about a second even when Redis is down (the queue
 * families are then left out and `ironclad_queue_metrics_up` is 0).
 */
@Public()
@Controller(METRICS_PATH.slice(1))
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  @Get()
  @UseGuards(MetricsTokenGuard)
  async scrape(@Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.metrics.registry.metrics();
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  }
}
