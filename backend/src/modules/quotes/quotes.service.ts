import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { AiRecommendation, BuildingInfo, CreateLead } from '@ironclad/contracts';
import { AI_CONFIG_DEFAULTS, AI_CONFIG_SCHEMAS, type AiConfigKey } from './ai-config/ai-config.defaults.js';
import { AiConfigRecord } from './ai-config/ai-config.entity.js';
import { InventoryService, type InventoryItemRecord } from '../inventory/index.js';
import { PromotionsService } from '../site/index.js';
import { designSystem, type DesignConfig, type DesignInput, type EngineInventoryItem } from './design-engine/index.js';

/** Lead defaults of the wizard (public-site.md §3: squareFootage '2000', floors 1, entryPoints 1). */
export const WIZARD_LEAD_DEFAULTS = { squareFootage: '2000', floors: 1, entryPoints: 1 } as const;

/** The server's price of a wizard lead. */
export interface LeadQuote {
  aiRecommendation: AiRecommendation;
  /** `aiRecommendation.pricing.totalProjectCost` in integer cents. */
  totalEstimateCents: number;
}

/**
 * The AI designer's quotes (decisions.md §3, §10): loads the configuration the design engine
 * needs from Postgres and runs the engine. Every amount a browser sends is ignored.
 */
@Injectable()
export class QuotesService {
  private readonly logger = new Logger(QuotesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly promotions: PromotionsService,
    private readonly inventory: InventoryService,
  ) {}

  /**
   * The engine's configuration as stored now: the active AI configuration records (each
   * `configValue` parsed with its zod schema of ai-config.defaults.ts; a missing, inactive or
   * unreadable record falls back to the seeded default and is logged), the active inventory
   * (by id, unit prices in cents; from the catalogue kept in the ConfigurationCache, so a quote
   * does not read the inventory table) and the promotion valid today (or none).
   */
  async loadConfig(today: Date = new Date()): Promise<DesignConfig> {
    const [rows, items, promotion] = await Promise.all([
      this.dataSource.getRepository(AiConfigRecord).find({ where: { isActive: true } }),
      this.inventory.active(),
      this.promotions.active(today),
    ]);
    const value = <K extends AiConfigKey>(key: K): z.infer<(typeof AI_CONFIG_SCHEMAS)[K]> => {
      const fallback = AI_CONFIG_DEFAULTS.find((d) => d.configKey === key)!.configValue as z.infer<(typeof AI_CONFIG_SCHEMAS)[K]>;
      const row = rows.find((r) => r.configKey === key);
      if (!row) return fallback;
      const parsed = AI_CONFIG_SCHEMAS[key].safeParse(row.configValue);
      if (parsed.success) return parsed.data as z.infer<(typeof AI_CONFIG_SCHEMAS)[K]>;
      this.logger.warn(`ai_recommendation_config "${key}" is invalid, using the default: ${parsed.error.message}`);
      return fallback;
    };
    return {
      tiers: value('tiered_pricing'),
      components: value('component_pricing'),
      additional: value('additional_costs'),
      inventory: engineInventory(items),
      promotion: promotion ? { code: promotion.code, percent: promotion.percent, validUntil: promotion.validUntil } : null,
    };
  }

  /** Designs and prices a system for the wizard's answers (whole dollars, days, sq ft). */
  async recommend(input: DesignInput): Promise<AiRecommendation> {
    return designSystem(input, await this.loadConfig());
  }

  /**
   * The server's quote of a wizard lead (source `ai_shopping`), from its building info (with the
   * wizard defaults already applied) and answers. Browser-sent `aiRecommendation` /
   * `totalEstimate` are not read.
   */
  async recommendForLead(input: CreateLead, buildingInfo: BuildingInfo): Promise<LeadQuote> {
    const aiRecommendation = await this.recommend(designInputOfLead(input, buildingInfo));
    return { aiRecommendation, totalEstimateCents: aiRecommendation.pricing.totalProjectCost * 100 };
  }
}

/** The engine's view of each cached catalogue, built once per catalogue version. */
const engineViews = new WeakMap<readonly InventoryItemRecord[], readonly EngineInventoryItem[]>();

/** The active catalogue as the engine reads it (prices in cents), shared by every quote of that version. */
function engineInventory(items: readonly InventoryItemRecord[]): readonly EngineInventoryItem[] {
  let view = engineViews.get(items);
  if (!view) {
    view = items.map((i) => ({
      sku: i.sku,
      category: i.category,
      name: i.name,
      description: i.description,
      unitPriceCents: i.unitPrice,
      specifications: i.specifications,
    }));
    engineViews.set(items, view);
  }
  return view;
}

/** Maps a lead payload (public-site.md §3 "Lead") to the engine's input. */
export function designInputOfLead(input: CreateLead, bi: BuildingInfo): DesignInput {
  return {
    buildingType: bi.type ?? null,
    squareFootage: bi.squareFootage ?? null,
    floors: bi.floors ?? null,
    entryPoints: bi.entryPoints ?? null,
    specificAreas: input.specificAreas ?? bi.specificAreas ?? null,
    budget: input.budget ?? bi.budget ?? null,
    timeline: input.timeline ?? bi.timeline ?? null,
    additionalFeatures: input.additionalFeatures ?? [],
  };
}
