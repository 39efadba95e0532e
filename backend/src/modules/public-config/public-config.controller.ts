import { Controller, Get, Inject } from '@nestjs/common';
import type { PublicConfig } from '@ironclad/contracts';
import { ENV, type Env } from '../../config/env.js';
import { SiteSettingsService } from '../site-settings/site-settings.service.js';
import { PromotionsService } from '../promotions/promotions.service.js';
import { Public } from '../../common/auth/public.decorator.js';

@Controller('api/public-config')
export class PublicConfigController {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly promotions: PromotionsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * GET /api/public-config: everything a public page needs from configuration in one call
   * (decisions.md §6, §7, §11, §14): `{company, promotion (null unless valid today), features
   * {calculator_enabled, contact_forms_enabled, shopping_form_enabled}, stripePublishableKey}`.
   */
  @Public()
  @Get()
  async get(): Promise<PublicConfig> {
    const [company, promotion, features] = await Promise.all([
      this.settings.companyFacts(),
      this.promotions.active(),
      this.settings.features(),
    ]);
    return { company, promotion, features, stripePublishableKey: this.env.STRIPE_PUBLISHABLE_KEY ?? null };
  }
}
