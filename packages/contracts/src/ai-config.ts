/**
 * The AI designer's pricing configuration (staff-side.md §3 "AI configuration records", §9
 * defaults; decisions.md §10): the shapes stored in `ai_recommendation_config.config_value`
 * (jsonb), their defaults, and the stricter schemas a staff edit must pass.
 *
 * The seed inserts the defaults once; staff edit them afterwards in the admin "ai-config" tab, so
 * readers (the design engine) parse the stored value with {@link AI_CONFIG_SCHEMAS} (lenient:
 * fractions are rounded by the engine) rather than trust these constants, while writes go through
 * {@link AI_CONFIG_EDIT_SCHEMAS} (whole dollars, bounded, tier ranges readable and disjoint).
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

// ─── tier ranges ────────────────────────────────────────────────────────────────────────────────

/** Most cameras a quote holds whatever the tiers say. */
export const MAX_QUOTE_CAMERAS = 200;

/** Parses a tier's free-text range: "4-6" → 4..6, "21+" → 21..200, "10" → 10..10; null if unreadable. */
export function parseTierRange(range: string): { min: number; max: number } | null {
  const s = range.replace(/\s/g, '');
  let m = s.match(/^(\d+)[-–to]+(\d+)/i);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    return a <= b ? { min: a, max: Math.min(b, MAX_QUOTE_CAMERAS) } : null;
  }
  m = s.match(/^(\d+)\+/);
  if (m) return { min: Number(m[1]), max: MAX_QUOTE_CAMERAS };
  m = s.match(/^(\d+)$/);
  return m ? { min: Number(m[1]), max: Number(m[1]) } : null;
}

// ─── what a staff edit must pass ────────────────────────────────────────────────────────────────

/** A staff-entered amount: whole US dollars, 0 to {@link USD_CONFIG_MAX}. */
const editUsd = (label: string) =>
  z
    .number({ error: `${label} must be a number of dollars.` })
    .int({ error: `${label} must be whole dollars.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(USD_CONFIG_MAX, { error: `${label} must be at most $${USD_CONFIG_MAX.toLocaleString('en-US')}.` });

const editText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` });

const TIER_KEYS = ['low', 'medium', 'high'] as const;

const editTierSchema = (label: string) =>
  z.object({
    range: editText(`${label} range`, 20)
      .min(1, { error: `${label} range is required.` })
      .refine((r) => parseTierRange(r) !== null, { error: `${label} range must read like 4-6 or 21+ (cameras).` }),
    avgPerDeviceCost: editUsd(`${label} average per device`),
    description: editText(`${label} description`, 500),
  });

/** tiered_pricing as staff may save it: readable ranges that do not overlap, whole dollars. */
export const tieredPricingEditSchema = z
  .object({ low: editTierSchema('Low tier'), medium: editTierSchema('Medium tier'), high: editTierSchema('High tier') })
  .superRefine((tiers, ctx) => {
    const ranges = TIER_KEYS.map((key) => ({ key, r: parseTierRange(tiers[key].range) }));
    for (let i = 0; i < ranges.length; i++) {
      for (let j = i + 1; j < ranges.length; j++) {
        const a = ranges[i]!;
        const b = ranges[j]!;
        if (a.r && b.r && a.r.min <= b.r.max && b.r.min <= a.r.max) {
          ctx.addIssue({
            code: 'custom',
            path: [b.key, 'range'],
            message: `The ${b.key} tier's range (${tiers[b.key].range}) overlaps the ${a.key} tier's (${tiers[a.key].range}).`,
          });
        }
      }
    }
  });

const COMPONENT_LABELS: Record<keyof ComponentPricing, string> = {
  camera_unit_price: 'Camera unit price',
  wiring_per_camera: 'Wiring per camera',
  installation_per_camera: 'Installation per camera',
  programming_per_camera: 'Programming per camera',
  total_per_camera: 'Total per camera',
  installation_day_rate: 'Installation day rate',
  nvr_8ch: 'NVR 8 channels',
  nvr_16ch: 'NVR 16 channels',
  nvr_32ch: 'NVR 32 channels',
  rack_accessories: 'Rack & accessories',
};

/** component_pricing as staff may save it: every price whole dollars, 0 to USD_CONFIG_MAX. */
export const componentPricingEditSchema = z.object(
  Object.fromEntries(Object.entries(COMPONENT_LABELS).map(([k, label]) => [k, editUsd(label)])) as Record<
    keyof ComponentPricing,
    ReturnType<typeof editUsd>
  >,
);

/** additional_costs as staff may save it: whole dollars, 0 to USD_CONFIG_MAX. */
export const additionalCostsEditSchema = z.object({
  access_control_system: z.object({ perDoor: editUsd('Access control per door'), description: editText('Description', 500) }),
  video_intercom_system: z.object({ perDoor: editUsd('Video intercom per door'), description: editText('Description', 500) }),
  professional_monitoring: z.object({
    setupPerCamera: editUsd('Monitoring set-up per camera'),
    monthlyPerCamera: editUsd('Monitoring per camera per month'),
    description: editText('Description', 500),
  }),
});

/** The schema a staff edit of each key's `configValue` must pass. */
export const AI_CONFIG_EDIT_SCHEMAS = {
  tiered_pricing: tieredPricingEditSchema,
  component_pricing: componentPricingEditSchema,
  additional_costs: additionalCostsEditSchema,
} as const satisfies Record<AiConfigKey, z.ZodType>;

/** Labels of the component prices (forms, messages). */
export const COMPONENT_PRICING_LABELS: Readonly<Record<keyof ComponentPricing, string>> = COMPONENT_LABELS;
