/**
 * Seed site settings (staff-side.md §3 "Site settings"), company facts (decisions.md §6) and
 * promotions (decisions.md §7).
 */
import { DEFAULT_COMPANY_FACTS, type CompanyFacts, type Promotion, type SiteSettingKey } from '@ironclad/contracts';
import { COMPANY_FACTS_KEY } from '../../modules/site/index.js';

/** Company facts: one place for every page, PDF and email; editable by staff. */
export const COMPANY_FACTS_SEED: CompanyFacts = DEFAULT_COMPANY_FACTS;

export interface SiteSettingSeed {
  settingKey: SiteSettingKey | typeof COMPANY_FACTS_KEY;
  settingValue: unknown;
  description: string;
  isActive: boolean;
}

export const SITE_SETTINGS_SEED: readonly SiteSettingSeed[] = [
  {
    settingKey: 'calculator_enabled',
    settingValue: true,
    description:
      'Cost calculator (/calculator): when off, the page shows "temporarily unavailable — call us" and quote requests are rejected.',
    isActive: true,
  },
  {
    settingKey: 'contact_forms_enabled',
    settingValue: true,
    description: 'Contact and service-page quote forms: when off, the forms are replaced by a call-us notice and submissions are rejected.',
    isActive: true,
  },
  {
    settingKey: 'shopping_form_enabled',
    settingValue: true,
    description: 'AI security designer wizard (/shopping): when off, the wizard is replaced by a call-us notice and quotes are rejected.',
    isActive: true,
  },
  {
    settingKey: COMPANY_FACTS_KEY,
    settingValue: COMPANY_FACTS_SEED,
    description:
      'Company name, phones, email, postal address, office hours, service area and customer rating (with its review count) shown on every page, PDF and email.',
    isActive: true,
  },
];

export interface PromotionSeed extends Promotion {
  isActive: boolean;
}

/** JULY4 as in the spec: valid until 2025-07-31, so expired (hidden) until staff extend it. */
export const PROMOTIONS_SEED: readonly PromotionSeed[] = [
  {
    code: 'JULY4',
    percent: 25,
    validUntil: '2025-07-31',
    bannerText: 'July Special: 25% off new installations — book by July 31st',
    isActive: true,
  },
];
