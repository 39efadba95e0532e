import { Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';
import { ConfigurationCache, type Versioned } from '../../../platform/config/configuration-cache.js';
import {
  AI_CONFIG_DEFAULTS,
  AI_CONFIG_SCHEMAS,
  type AdditionalCosts,
  type AiConfigKey,
  type ComponentPricing,
  type TieredPricing,
} from './ai-config.defaults.js';
import { AiConfigRecord } from './ai-config.entity.js';

/** The AI recommendation config as the design engine prices from it (whole dollars). */
export interface AiPricing {
  tiers: TieredPricing;
  components: ComponentPricing;
  additional: AdditionalCosts;
}

/**
 * The AI recommendation config of this process (ConfigurationCache key `ai_recommendation_config`):
 * the active records, each `configValue` parsed with its schema; a missing, inactive or unreadable
 * record falls back to the seeded default (logged), so a bad stored value never fails a visitor.
 */
@Injectable()
export class AiConfigStore {
  private readonly logger = new Logger(AiConfigStore.name);

  constructor(private readonly cache: ConfigurationCache) {}

  /** The pricing with the configuration version it was read at (shared: never mutate it). */
  pricing(): Promise<Versioned<AiPricing>> {
    return this.cache.entry('ai_recommendation_config', async (m) => {
      const rows = await m.getRepository(AiConfigRecord).find({ where: { isActive: true } });
      const value = <K extends AiConfigKey>(key: K): z.infer<(typeof AI_CONFIG_SCHEMAS)[K]> => {
        const fallback = AI_CONFIG_DEFAULTS.find((d) => d.configKey === key)!.configValue as z.infer<(typeof AI_CONFIG_SCHEMAS)[K]>;
        const row = rows.find((r) => r.configKey === key);
        if (!row) return fallback;
        const parsed = AI_CONFIG_SCHEMAS[key].safeParse(row.configValue);
        if (parsed.success) return parsed.data as z.infer<(typeof AI_CONFIG_SCHEMAS)[K]>;
        this.logger.warn(`ai_recommendation_config "${key}" is invalid, using the default: ${parsed.error.message}`);
        return fallback;
      };
      return { tiers: value('tiered_pricing'), components: value('component_pricing'), additional: value('additional_costs') };
    });
  }
}
