import { Inject, Injectable } from '@nestjs/common';
import type { PublicConfig } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { ImageStore } from '../images/index.js';
import { SiteSettingsService } from './site-settings.service.js';
import { PromotionsService } from './promotions.service.js';

/** Assembles the public configuration of the site (GET /api/public-config, and embedded in every served page). */
@Injectable()
export class PublicConfigService {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly promotions: PromotionsService,
    @Inject(ENV) private readonly env: Env,
    private readonly images: ImageStore,
  ) {}

  /**
   * Everything a public page needs from configuration (decisions.md §6, §7, §11, §14):
   * `{company, promotion (null unless valid today), features {calculator_enabled,
   * contact_forms_enabled, shopping_form_enabled}, stripePublishableKey (null unless both Stripe
   * keys are set: online payment not available, decisions.md §14), generatedImages}`.
   * `generatedImages` maps each image key (staff-side.md §3, plus the /shopping landing key
   * LANDING_IMAGE_KEY) that has an active generated image ("Applied to Website") to its variants
   * (`{src, srcSet, width, height}`); `{}` when none was generated. Rejects when the database
   * cannot be read.
   */
  async get(): Promise<PublicConfig> {
    const [company, promotion, features, generatedImages] = await Promise.all([
      this.settings.companyFacts(),
      this.promotions.active(),
      this.settings.features(),
      this.images.activeSiteImages(),
    ]);
    return {
      company,
      promotion,
      features,
      // only when the server can create PaymentIntents too: a publishable key alone would offer a card form that always fails
      stripePublishableKey: this.env.STRIPE_SECRET_KEY && this.env.STRIPE_PUBLISHABLE_KEY ? this.env.STRIPE_PUBLISHABLE_KEY : null,
      generatedImages,
    };
  }
}
