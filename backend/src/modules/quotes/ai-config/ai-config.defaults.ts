/**
 * The AI designer's pricing configuration: its schemas and defaults live in the contracts
 * (packages/contracts/src/ai-config.ts), shared with the admin forms; re-exported here for the
 * quote engine and the seed.
 */
export {
  ADDITIONAL_COSTS_DEFAULTS,
  AI_CONFIG_DEFAULTS,
  AI_CONFIG_EDIT_SCHEMAS,
  AI_CONFIG_KEYS,
  AI_CONFIG_SCHEMAS,
  COMPONENT_PRICING_DEFAULTS,
  TIERED_PRICING_DEFAULTS,
  USD_CONFIG_MAX,
  additionalCostsSchema,
  componentPricingSchema,
  dollarsToCents,
  pricingTierSchema,
  tieredPricingSchema,
  type AdditionalCosts,
  type AiConfigDefault,
  type AiConfigKey,
  type ComponentPricing,
  type PricingTier,
  type TieredPricing,
} from '@ironclad/contracts';
