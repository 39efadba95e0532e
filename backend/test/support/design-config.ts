/**
 * The design engine's configuration as a freshly seeded database holds it (AI configuration
 * defaults in whole dollars, the seed's active inventory in cents, no promotion), for the pure
 * engine tests under test/quotes. `over` replaces parts of it.
 */
import {
  ADDITIONAL_COSTS_DEFAULTS,
  COMPONENT_PRICING_DEFAULTS,
  TIERED_PRICING_DEFAULTS,
} from '../../src/modules/quotes/ai-config/ai-config.defaults.js';
import { INVENTORY_SEED } from '../../src/app/seed/inventory.data.js';
import type { DesignConfig } from '../../src/modules/quotes/design-engine/index.js';

export const seedDesignConfig = (over: Partial<DesignConfig> = {}): DesignConfig => ({
  tiers: structuredClone(TIERED_PRICING_DEFAULTS),
  components: { ...COMPONENT_PRICING_DEFAULTS },
  additional: structuredClone(ADDITIONAL_COSTS_DEFAULTS),
  inventory: INVENTORY_SEED.filter((i) => i.isActive).map((i) => ({
    sku: i.sku,
    category: i.category,
    name: i.name,
    description: i.description,
    unitPriceCents: i.unitPrice,
    specifications: i.specifications,
  })),
  promotion: null,
  ...over,
});
