import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { GENERATED_IMAGES_SECTION, SITE_IMAGE_KEYS, type PublicConfig, type SiteImageKey } from '@ironclad/contracts';
import { SiteContentRecord } from './site-content.entity.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { SiteSettingsService } from './site-settings.service.js';
import { PromotionsService } from './promotions.service.js';

/** Assembles the public configuration of the site (GET /api/public-config, and embedded in every served page). */
@Injectable()
export class PublicConfigService {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly promotions: PromotionsService,
    @Inject(ENV) private readonly env: Env,
    @InjectRepository(SiteContentRecord) private readonly content: Repository<SiteContentRecord>,
  ) {}

  /**
   * Everything a public page needs from configuration (decisions.md §6, §7, §11, §14):
   * `{company, promotion (null unless valid today), features {calculator_enabled,
   * contact_forms_enabled, shopping_form_enabled}, stripePublishableKey (null unless both Stripe
   * keys are set: online payment not available, decisions.md §14), generatedImages}`.
   * `generatedImages` maps each image key (staff-side.md §3, plus the /shopping landing key
   * LANDING_IMAGE_KEY) that has a `site_content` row in section `generated_images` to its URL;
   * `{}` when none was generated. Rejects when the database cannot be read.
   */
  async get(): Promise<PublicConfig> {
    const [company, promotion, features, imageRows] = await Promise.all([
      this.settings.companyFacts(),
      this.promotions.active(),
      this.settings.features(),
      this.content.find({ where: { section: GENERATED_IMAGES_SECTION } }),
    ]);
    return {
      company,
      promotion,
      features,
      // only when the server can create PaymentIntents too: a publishable key alone would offer a card form that always fails
      stripePublishableKey: this.env.STRIPE_SECRET_KEY && this.env.STRIPE_PUBLISHABLE_KEY ? this.env.STRIPE_PUBLISHABLE_KEY : null,
      generatedImages: generatedImagesOf(imageRows),
    };
  }
}

/** Keeps the rows whose key is a known image key and whose value is a same-site path (public-site images are
 * never loaded from another host). */
export function generatedImagesOf(rows: readonly Pick<SiteContentRecord, 'key' | 'value'>[]): Partial<Record<SiteImageKey, string>> {
  const out: Partial<Record<SiteImageKey, string>> = {};
  for (const r of rows) {
    if (!(SITE_IMAGE_KEYS as readonly string[]).includes(r.key)) continue;
    const url = r.value.trim();
    if (/^\/(?![/\\])\S*$/.test(url)) out[r.key as SiteImageKey] = url;
  }
  return out;
}
