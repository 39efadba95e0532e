import { Controller, Get } from '@nestjs/common';
import type { PublicConfig } from '@ironclad/contracts';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicConfigService } from './public-config.service.js';

@Controller('api/public-config')
export class PublicConfigController {
  constructor(private readonly publicConfig: PublicConfigService) {}

  /**
   * GET /api/public-config: everything a public page needs from configuration in one call
   * (PublicConfigService.get: company facts, the promotion while valid, feature switches, the
   * Stripe publishable key, generated images). Served pages embed the same object
   * (platform/web/serve-frontend.ts), so a browser calls this only where a page has none embedded.
   */
  @Public()
  @Get()
  get(): Promise<PublicConfig> {
    return this.publicConfig.get();
  }
}
