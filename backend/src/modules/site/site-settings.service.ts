import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  COMPANY_FACTS_SETTING_KEY,
  EDITABLE_SETTING_KEYS,
  companyFactsSchema,
  ErrorCode,
  isFeatureEnabled,
  SETTING_VALUE_SCHEMAS,
  SITE_SETTING_KEYS,
  type CompanyFacts,
  type EditableSettingKey,
  type SiteSetting,
  type SiteSettingKey,
  type UpdateSiteSetting,
} from '@ironclad/contracts';
import { ConfigurationCache } from '../../platform/config/configuration-cache.js';
import { ApiError, validationError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService } from '../staff/index.js';
import { SiteSettingRecord } from './site-setting.entity.js';

/** Key of the company-facts setting (decisions.md §6). */
export const COMPANY_FACTS_KEY = COMPANY_FACTS_SETTING_KEY;

/** Human names of the switchable features, for the "temporarily unavailable" errors. */
/** The subject and its verb of each feature's "temporarily unavailable" notice (plural forms take "are"). */
const FEATURE_LABELS: Record<SiteSettingKey, string> = {
  calculator_enabled: 'The cost calculator is',
  contact_forms_enabled: 'The contact forms are',
  shopping_form_enabled: 'The AI security designer is',
};

/** Descriptions a setting gets when staff set it for the first time without one. */
const DEFAULT_DESCRIPTIONS: Record<EditableSettingKey, string> = {
  calculator_enabled: 'Cost calculator (/calculator) available to visitors',
  contact_forms_enabled: 'Contact and quote forms available to visitors',
  shopping_form_enabled: 'AI security designer (/shopping) available to visitors',
  company_facts: 'Company name, phones, email, postal address, office hours, service area and customer rating',
};

/** The site settings as one process keeps them (never mutated). */
interface SettingsSnapshot {
  settings: readonly SiteSetting[];
  features: Readonly<Record<SiteSettingKey, boolean>>;
  /** null when the stored facts are missing or unreadable. */
  company: CompanyFacts | null;
}

/**
 * Site settings: feature switches (decisions.md §11) and the company facts (decisions.md §6).
 * Every read comes from the ConfigurationCache (key `site_settings`); staff saves are audited and
 * bump the configuration version of every process.
 */
@Injectable()
export class SiteSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: ConfigurationCache,
    private readonly audit: AuditLogService,
  ) {}

  private snapshot(): Promise<SettingsSnapshot> {
    return this.cache.get('site_settings', async (m) => {
      const rows = await m.getRepository(SiteSettingRecord).find({ order: { settingKey: 'ASC' } });
      const company = companyFactsSchema.safeParse(rows.find((r) => r.settingKey === COMPANY_FACTS_KEY)?.settingValue);
      return {
        settings: rows.map(toSiteSetting),
        features: Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, isFeatureEnabled(rows, k)])) as Record<SiteSettingKey, boolean>,
        company: company.success ? company.data : null,
      };
    });
  }

  /** Every setting, by key (GET /api/site-settings). */
  async list(): Promise<SiteSetting[]> {
    return [...(await this.snapshot()).settings];
  }

  /** Whether a feature switch is on (absent = on, staff-side.md §3). */
  async isEnabled(key: SiteSettingKey): Promise<boolean> {
    return (await this.snapshot()).features[key];
  }

  /** All three switches at once. */
  async features(): Promise<Record<SiteSettingKey, boolean>> {
    return { ...(await this.snapshot()).features };
  }

  /**
   * Rejects a submission whose feature is switched off (decisions.md §11).
   * @throws ApiError 503 FEATURE_DISABLED naming the feature and the phone number to call.
   */
  async assertEnabled(key: SiteSettingKey): Promise<void> {
    const { features } = await this.snapshot();
    if (features[key]) return;
    const company = await this.companyFacts();
    throw new ApiError(
      503,
      ErrorCode.FeatureDisabled,
      `${FEATURE_LABELS[key]} temporarily unavailable — please call us at ${company.phone}.`,
    );
  }

  /**
   * The company facts (decisions.md §6).
   * @throws Error when the stored facts are missing or do not pass companyFactsSchema (the seed
   *   stores them; staff saves are validated).
   */
  async companyFacts(): Promise<CompanyFacts> {
    const { company } = await this.snapshot();
    if (!company) throw new Error('The company facts setting is missing or invalid');
    return company;
  }

  /**
   * PUT /api/site-settings/{settingKey}: sets a feature switch (boolean) or the company facts
   * (companyFactsSchema), creating the setting when absent. Audited as `site_setting.updated` with
   * the old and new value and the new configuration version; every process sees it at once.
   * @throws ApiError 404 for a key that is not a setting; 400 VALIDATION_FAILED with
   *   `settingValue.<field>` errors (nothing written); 409 CONFLICT when `version` is not the
   *   stored one (someone saved the setting since).
   */
  async update(settingKey: string, body: UpdateSiteSetting, user: SessionUser | undefined): Promise<SiteSetting> {
    if (!(EDITABLE_SETTING_KEYS as readonly string[]).includes(settingKey)) {
      throw new ApiError(404, ErrorCode.NotFound, `There is no site setting "${settingKey}".`);
    }
    const key = settingKey as EditableSettingKey;
    const parsed = z.object({ settingValue: SETTING_VALUE_SCHEMAS[key] }).safeParse({ settingValue: body.settingValue });
    if (!parsed.success) throw validationError(parsed.error);
    const value: unknown = parsed.data.settingValue;

    const { saved, version } = await this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(SiteSettingRecord);
      const row = await repo.findOne({ where: { settingKey: key }, lock: { mode: 'pessimistic_write' } });
      if (row && body.version !== undefined && body.version !== row.version) throw staleEdit('setting', row.updatedAt);
      const description = body.description === undefined ? (row?.description ?? DEFAULT_DESCRIPTIONS[key]) : body.description;
      let saved: SiteSettingRecord;
      if (row) {
        await repo.update({ id: row.id }, { settingValue: value as never, description, version: row.version + 1 });
        saved = await repo.findOneByOrFail({ id: row.id });
      } else {
        saved = await repo.save(repo.create({ settingKey: key, settingValue: value, description, isActive: true }));
      }
      const version = await this.cache.versionIn(m, 'site_settings');
      await this.audit.record(m, user, 'site_setting.updated', 'site_setting', key, {
        from: row?.settingValue ?? null,
        to: value,
        configurationVersion: version,
      });
      return { saved, version };
    });
    await this.cache.changed('site_settings', version);
    return toSiteSetting(saved);
  }
}

/** 409 for a save based on an older version of the record. */
export function staleEdit(what: string, savedAt: Date): ApiError {
  return new ApiError(
    409,
    ErrorCode.Conflict,
    `This ${what} was changed by someone else at ${savedAt.toISOString()} while you were editing it. Reload to see their change, then make yours again.`,
  );
}

/** Entity → API shape. */
export function toSiteSetting(r: SiteSettingRecord): SiteSetting {
  return {
    id: r.id,
    settingKey: r.settingKey,
    settingValue: r.settingValue,
    description: r.description,
    isActive: r.isActive,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
