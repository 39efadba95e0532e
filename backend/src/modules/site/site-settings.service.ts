import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  companyFactsSchema,
  ErrorCode,
  isFeatureEnabled,
  type CompanyFacts,
  type SiteSetting,
  type SiteSettingKey,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { SiteSettingRecord } from './site-setting.entity.js';

/** Key of the company-facts setting (decisions.md §6). */
export const COMPANY_FACTS_KEY = 'company_facts';

/** Human names of the switchable features, for the "temporarily unavailable" errors. */
const FEATURE_LABELS: Record<SiteSettingKey, string> = {
  calculator_enabled: 'The cost calculator',
  contact_forms_enabled: 'The contact forms',
  shopping_form_enabled: 'The AI security designer',
};

/** Site settings: feature switches (decisions.md §11) and the company facts (decisions.md §6). */
@Injectable()
export class SiteSettingsService {
  constructor(@InjectRepository(SiteSettingRecord) private readonly repo: Repository<SiteSettingRecord>) {}

  /** Every setting, by key (GET /api/site-settings). */
  async list(): Promise<SiteSetting[]> {
    const rows = await this.repo.find({ order: { settingKey: 'ASC' } });
    return rows.map(toSiteSetting);
  }

  /** Whether a feature switch is on (absent = on, staff-side.md §3). */
  async isEnabled(key: SiteSettingKey): Promise<boolean> {
    const row = await this.repo.findOneBy({ settingKey: key });
    return isFeatureEnabled(row ? [row] : [], key);
  }

  /** All three switches at once. */
  async features(): Promise<Record<SiteSettingKey, boolean>> {
    const rows = await this.repo.find();
    return {
      calculator_enabled: isFeatureEnabled(rows, 'calculator_enabled'),
      contact_forms_enabled: isFeatureEnabled(rows, 'contact_forms_enabled'),
      shopping_form_enabled: isFeatureEnabled(rows, 'shopping_form_enabled'),
    };
  }

  /**
   * Rejects a submission whose feature is switched off (decisions.md §11).
   * @throws ApiError 503 FEATURE_DISABLED naming the feature and the phone number to call.
   */
  async assertEnabled(key: SiteSettingKey): Promise<void> {
    if (await this.isEnabled(key)) return;
    const company = await this.companyFacts();
    throw new ApiError(
      503,
      ErrorCode.FeatureDisabled,
      `${FEATURE_LABELS[key]} is temporarily unavailable — please call us at ${company.phone}.`,
    );
  }

  /** The company facts; falls back to the seeded defaults' shape check failing loudly. */
  async companyFacts(): Promise<CompanyFacts> {
    const row = await this.repo.findOneBy({ settingKey: COMPANY_FACTS_KEY });
    return companyFactsSchema.parse(row?.settingValue);
  }
}

/** Entity → API shape. */
export function toSiteSetting(r: SiteSettingRecord): SiteSetting {
  return {
    id: r.id,
    settingKey: r.settingKey,
    settingValue: r.settingValue,
    description: r.description,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
