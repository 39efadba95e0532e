import { Injectable } from '@nestjs/common';
import type { AiRecommendation, BuildingInfo, CreateLead, FloorDiagram, QuoteOptions } from '@ironclad/contracts';
import { AiConfigStore } from './ai-config/ai-config.store.js';
import { InventoryService, type InventoryItemRecord } from '../inventory/index.js';
import { PromotionsService } from '../site/index.js';
import {
  coverageDiagram,
  designOptions,
  designSystem,
  type DesignConfig,
  type DesignInput,
  type EngineInventoryItem,
} from './design-engine/index.js';

/** Lead defaults of the wizard (public-site.md §3: squareFootage '2000', floors 1, entryPoints 1). */
export const WIZARD_LEAD_DEFAULTS = { squareFootage: '2000', floors: 1, entryPoints: 1 } as const;

/** The configuration versions a quote was priced with, by kind (configuration_versions). */
export interface QuoteVersions {
  ai_recommendation_config: number;
  inventory: number;
  promotions: number;
}

/** The server's price of a wizard lead. */
export interface LeadQuote {
  /** The Recommended design (= `options.recommended`), stored on the lead. */
  aiRecommendation: AiRecommendation;
  /** Every design option offered (saved with the quote's version 1). */
  options: QuoteOptions;
  /** `aiRecommendation.pricing.totalProjectCost` in integer cents. */
  totalEstimateCents: number;
  configurationVersions: QuoteVersions;
}

/**
 * The AI designer's quotes (decisions.md §3, §10): the configuration the design engine needs, all
 * from this process's ConfigurationCache (AI recommendation config, active inventory, promotions;
 * no Postgres read per quote), and the engine. Every amount a browser sends is ignored.
 */
@Injectable()
export class QuotesService {
  constructor(
    private readonly aiConfig: AiConfigStore,
    private readonly promotions: PromotionsService,
    private readonly inventory: InventoryService,
  ) {}

  /**
   * The engine's configuration as stored now, with the versions it was read at: the AI
   * recommendation config (AiConfigStore: defaults stand in for a missing or unreadable record),
   * the active inventory (by id, unit prices in cents) and the promotion valid on `today` (or none).
   */
  async pricingConfiguration(today: Date = new Date()): Promise<{ config: DesignConfig; versions: QuoteVersions }> {
    const [pricing, catalogue, promotion] = await Promise.all([
      this.aiConfig.pricing(),
      this.inventory.versionedCatalogue(),
      this.promotions.activeVersioned(today),
    ]);
    const p = promotion.value;
    return {
      config: {
        ...pricing.value,
        inventory: engineInventory(catalogue.value.items),
        promotion: p ? { code: p.code, percent: p.percent, validUntil: p.validUntil } : null,
      },
      versions: { ai_recommendation_config: pricing.version, inventory: catalogue.version, promotions: promotion.version },
    };
  }

  /** {@link pricingConfiguration} without the versions. */
  async loadConfig(today: Date = new Date()): Promise<DesignConfig> {
    return (await this.pricingConfiguration(today)).config;
  }

  /** Designs and prices a system for the wizard's answers (whole dollars, days, sq ft). */
  async recommend(input: DesignInput): Promise<AiRecommendation> {
    return designSystem(input, await this.loadConfig());
  }

  /**
   * The server's quote of a wizard lead (source `ai_shopping`), from its building info (with the
   * wizard defaults already applied) and answers, with the configuration versions it was priced
   * with. Browser-sent `aiRecommendation` / `totalEstimate` are not read.
   */
  async recommendForLead(input: CreateLead, buildingInfo: BuildingInfo): Promise<LeadQuote> {
    const { config, versions } = await this.pricingConfiguration();
    const options = quoteOptions(designInputOfLead(input, buildingInfo), config);
    const aiRecommendation = options.recommended;
    return {
      aiRecommendation,
      options,
      totalEstimateCents: aiRecommendation.pricing.totalProjectCost * 100,
      configurationVersions: versions,
    };
  }
}

/**
 * The design options of a quote (issue 21 point 5): the design engine's Essential, Recommended
 * (= designSystem, pre-selected) and Complete designs (designOptions), whole dollars.
 */
export function quoteOptions(input: DesignInput, config: DesignConfig): QuoteOptions {
  return designOptions(input, config);
}

/** What a stored lead keeps of the wizard's answers (LeadRecord's columns), to draw its designs again. */
export interface StoredLeadAnswers {
  buildingInfo: BuildingInfo;
  specificAreas: string | null;
  budget: string | null;
  timeline: string | null;
  additionalFeatures: string[] | null;
}

/**
 * The per-floor coverage diagrams (server SVG, the engine's coverageDiagram) of every option in
 * `options`, drawn from the stored designs (their plan and camera geometry; the lead's answers and
 * today's configuration only lay out a design stored before the geometry existed).
 */
export async function diagramsOf(
  quotes: QuotesService,
  options: QuoteOptions,
  lead: StoredLeadAnswers,
): Promise<Partial<Record<keyof QuoteOptions, FloorDiagram[]>>> {
  const config = await quotes.loadConfig();
  const input = designInputOfLead(
    {
      specificAreas: lead.specificAreas,
      budget: lead.budget,
      timeline: lead.timeline,
      additionalFeatures: lead.additionalFeatures ?? [],
    } as CreateLead,
    lead.buildingInfo,
  );
  const out: Partial<Record<keyof QuoteOptions, FloorDiagram[]>> = {};
  for (const key of Object.keys(options) as (keyof QuoteOptions)[]) {
    const design = options[key];
    if (design) out[key] = coverageDiagram(design, input, config);
  }
  return out;
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
    buildingComplexity: typeof bi.buildingComplexity === 'string' ? bi.buildingComplexity : null,
  };
}
