/**
 * Default AI-designer pricing (staff-side.md §3 "AI configuration records"; decisions.md §10).
 *
 * These are the shapes stored in `ai_recommendation_config.config_value` (jsonb). The seed inserts
 * them once; staff edit them afterwards in the admin "ai-config" tab, so readers (the design
 * engine) must parse the stored value with the schemas below rather than trust these constants.
 *
 * Units: every amount is in **whole US dollars** (not cents), as the admin screens show them.
 * Inventory unit prices, by contrast, are integer cents (see inventory.data.ts).
 */
import { z } from 'zod';

/** Largest amount a configuration record may hold, in US dollars (a sanity bound, far above any real price). */
export const USD_CONFIG_MAX = 1_000_000;

/**
 * An amount in US dollars, 0 to {@link USD_CONFIG_MAX} (whole dollars by convention; the design
 * engine rounds a fraction to the nearest dollar).
 */
const usd = z.number().nonnegative().max(USD_CONFIG_MAX).describe('US dollars');

// ─── tiered_pricing (category "pricing") ────────────────────────────────────────────────────────

export const pricingTierSchema = z.object({
  /** Free-text camera/device count range of the tier, e.g. "4-6". */
  range: z.string().min(1),
  /** Average installed cost per device in US dollars (equipment, wiring, labour, programming). */
  avgPerDeviceCost: usd,
  description: z.string(),
});
export type PricingTier = z.infer<typeof pricingTierSchema>;

export const tieredPricingSchema = z.object({
  low: pricingTierSchema,
  medium: pricingTierSchema,
  high: pricingTierSchema,
});
export type TieredPricing = z.infer<typeof tieredPricingSchema>;

export const TIERED_PRICING_DEFAULTS: TieredPricing = {
  low: {
    range: '4-6',
    avgPerDeviceCost: 800,
    description: 'Small systems of 4-6 cameras: apartments, townhouses, small shops.',
  },
  medium: {
    range: '7-20',
    avgPerDeviceCost: 1140,
    description: 'Mid-size systems of 7-20 cameras: large homes, offices, retail and restaurants.',
  },
  high: {
    range: '21-50',
    avgPerDeviceCost: 1020,
    description: 'Large systems of 21-50 cameras: office buildings, warehouses, campuses (volume pricing).',
  },
};

// ─── component_pricing (category "pricing") ─────────────────────────────────────────────────────

export const componentPricingSchema = z.object({
  /** One 4K IP camera (equipment only). */
  camera_unit_price: usd,
  /** Cat6 cabling, conduit and terminations for one camera. */
  wiring_per_camera: usd,
  /** Mounting, aiming and weather-sealing one camera. */
  installation_per_camera: usd,
  /** NVR enrolment, recording schedule, motion zones and app set-up for one camera. */
  programming_per_camera: usd,
  /** All-in price of one installed camera (camera + wiring + installation + programming). */
  total_per_camera: usd,
  /** One installation crew day. */
  installation_day_rate: usd,
  nvr_8ch: usd,
  nvr_16ch: usd,
  nvr_32ch: usd,
  /** Equipment rack, PoE switch, patch panel and cable management, flat per system. */
  rack_accessories: usd,
});
export type ComponentPricing = z.infer<typeof componentPricingSchema>;

export const COMPONENT_PRICING_DEFAULTS: ComponentPricing = {
  camera_unit_price: 250,
  wiring_per_camera: 200,
  installation_per_camera: 350,
  programming_per_camera: 150,
  total_per_camera: 950,
  installation_day_rate: 2200,
  nvr_8ch: 1386,
  nvr_16ch: 1500,
  nvr_32ch: 2000,
  rack_accessories: 500,
};

// ─── additional_costs (category "features") ─────────────────────────────────────────────────────

export const additionalCostsSchema = z.object({
  access_control_system: z.object({ perDoor: usd, description: z.string() }),
  video_intercom_system: z.object({ perDoor: usd, description: z.string() }),
  professional_monitoring: z.object({ setupPerCamera: usd, monthlyPerCamera: usd, description: z.string() }),
});
export type AdditionalCosts = z.infer<typeof additionalCostsSchema>;

export const ADDITIONAL_COSTS_DEFAULTS: AdditionalCosts = {
  access_control_system: {
    perDoor: 1200,
    description: 'Card/fob reader, electric strike or mag-lock, door contact and controller port, per door (entry point).',
  },
  video_intercom_system: {
    perDoor: 3000,
    description: 'Video door station, indoor monitor/app licence and door release, per door (entry point).',
  },
  professional_monitoring: {
    setupPerCamera: 100,
    monthlyPerCamera: 75,
    description: '24/7 monitoring centre: one-time set-up per camera plus a monthly fee per camera.',
  },
};

// ─── the records ────────────────────────────────────────────────────────────────────────────────

export const AI_CONFIG_KEYS = ['tiered_pricing', 'component_pricing', 'additional_costs'] as const;
export type AiConfigKey = (typeof AI_CONFIG_KEYS)[number];

/** Schema of each key's `configValue`. */
export const AI_CONFIG_SCHEMAS = {
  tiered_pricing: tieredPricingSchema,
  component_pricing: componentPricingSchema,
  additional_costs: additionalCostsSchema,
} as const satisfies Record<AiConfigKey, z.ZodType>;

export interface AiConfigDefault<K extends AiConfigKey = AiConfigKey> {
  category: 'pricing' | 'features';
  configKey: K;
  configValue: z.infer<(typeof AI_CONFIG_SCHEMAS)[K]>;
  description: string;
}

/** The three `ai_recommendation_config` rows the seed inserts when missing. */
export const AI_CONFIG_DEFAULTS: readonly [
  AiConfigDefault<'tiered_pricing'>,
  AiConfigDefault<'component_pricing'>,
  AiConfigDefault<'additional_costs'>,
] = [
  {
    category: 'pricing',
    configKey: 'tiered_pricing',
    configValue: TIERED_PRICING_DEFAULTS,
    description:
      'Pricing tiers by system size. range = number of cameras/devices in the tier (free text); ' +
      'avgPerDeviceCost = average installed cost per device in whole US dollars.',
  },
  {
    category: 'pricing',
    configKey: 'component_pricing',
    configValue: COMPONENT_PRICING_DEFAULTS,
    description:
      'Unit prices of quote components in whole US dollars: per-camera equipment, wiring, installation and ' +
      'programming (total_per_camera is their sum), installation crew day rate, NVR by channel count, rack & accessories.',
  },
  {
    category: 'features',
    configKey: 'additional_costs',
    configValue: ADDITIONAL_COSTS_DEFAULTS,
    description:
      'Optional features in whole US dollars: access control and video intercom per door (entry point); ' +
      'professional monitoring set-up per camera (one-time) and monthly fee per camera.',
  },
];

/** Whole US dollars → integer cents. */
export const dollarsToCents = (usdAmount: number): number => Math.round(usdAmount * 100);
