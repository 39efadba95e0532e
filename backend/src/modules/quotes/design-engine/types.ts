/**
 * The design engine's shapes: its raw input ({@link DesignInput}), its configuration
 * ({@link DesignConfig}: AI configuration in whole dollars, inventory in integer cents, the valid
 * promotion), the normalised input, pricing tiers and camera slots.
 */
import type { BuildingComplexity, CameraPriority, WizardBuildingType, WizardFeature } from '@ironclad/contracts';
import type { AdditionalCosts, ComponentPricing, TieredPricing } from '../ai-config/ai-config.defaults.js';

// ─── inputs ─────────────────────────────────────────────────────────────────────────────────────

/** What the visitor told the wizard (raw: strings from the form are accepted and normalised). */
export interface DesignInput {
  /** One of `WIZARD_BUILDING_TYPES`; other values (e.g. "commercial") are mapped to the closest. */
  buildingType?: string | null;
  /** Square feet, number or text such as "4,500". Clamped to [100, 1,000,000]; default 2,000. */
  squareFootage?: number | string | null;
  /** Floors: 1, 2, 3 or "4+" (→ 4). Clamped to [1, 4]; default 1. */
  floors?: number | string | null;
  /** Entry points: a count, or free text listing them ("front door, back door, garage"). */
  entryPoints?: number | string | null;
  /** Specific areas to monitor, free text (comma / line / "and" separated). */
  specificAreas?: string | null;
  /** Budget value: under-10k | 10k-25k | 25k-50k | 50k-plus. */
  budget?: string | null;
  /** Timeline value: asap | 1-month | 2-3-months | flexible. */
  timeline?: string | null;
  /** Additional-feature labels of `WIZARD_FEATURES`; unknown labels are ignored. */
  additionalFeatures?: readonly string[] | null;
  /** §9 finish: `new` construction or a `finished` building (default: finished). */
  buildingComplexity?: string | null;
}

/** An active inventory item as the engine needs it (found by its SKU, QUOTE_ENGINE_SKUS). */
export interface EngineInventoryItem {
  sku: string;
  category: string;
  name: string;
  description: string | null;
  /** Integer cents. */
  unitPriceCents: number;
  specifications?: Record<string, unknown> | null;
}

/** A promotion valid today (PromotionsService.active()), or null. */
export interface EnginePromotion {
  code: string;
  /** Percent off, 0-100. */
  percent: number;
  /** YYYY-MM-DD. */
  validUntil: string;
}

/** Everything the prices come from (whole dollars in the AI config, cents in the inventory). */
export interface DesignConfig {
  tiers: TieredPricing;
  components: ComponentPricing;
  additional: AdditionalCosts;
  /** Active inventory items, in a stable order (by id); SKUs unique. */
  inventory: readonly EngineInventoryItem[];
  promotion: EnginePromotion | null;
}

/** The normalised input (exposed for tests and the quote page's wording). */
export interface NormalizedDesignInput {
  buildingType: WizardBuildingType;
  /** Square feet, an integer in [100, 1,000,000]. */
  squareFootage: number;
  /** 1-4 (4 means "4 or more"). */
  floors: number;
  /** At least one; unique case-insensitively. */
  entries: string[];
  /** Unique case-insensitively, none repeating an entry point. */
  areas: string[];
  /** Entry points and areas past the first 20 of each list (at most 50 of them): not designed online, listed as not covered. */
  overflow?: string[];
  budget: string | null;
  timeline: string | null;
  features: WizardFeature[];
  /** §9 finish (calculator buildingComplexity): `finished` unless the visitor said new construction. */
  finish: BuildingComplexity;
  /**
   * What placement works out from the answers alone (never from `features`), filled on first use
   * and shared by reference with the copies a plan makes (`{ ...n, features }`), so the three
   * options of a quote work it out once. Not part of the answers: read only by placement.ts.
   */
  readonly derived: DerivedPlacement;
}

/** The standard and named slots of a normalised input (placement.ts fills them on first use). */
export interface DerivedPlacement {
  standardSlots?: readonly Slot[];
  namedSlots?: readonly NamedSlot[];
}

/** An entry point or named area, the cameras its size needs, its name in lower case and (areas) its keywords. */
export interface NamedSlot {
  slot: Slot;
  need: number;
  key: string;
  /** A named area's distinctive words (placement.ts locationKeywords); null for an entry point. */
  words: Set<string> | null;
}

// ─── tiers ──────────────────────────────────────────────────────────────────────────────────────

export type TierKey = keyof TieredPricing;

/** A pricing tier's camera range (inclusive) and its average cost per device in whole dollars. */
export interface TierRange {
  key: TierKey;
  min: number;
  max: number;
  avgPerDeviceCost: number;
}

// ─── camera slots ───────────────────────────────────────────────────────────────────────────────

/** Camera model family; each is looked up in the inventory's cameras (turret = the default camera). */
export type CameraKind = 'turret' | 'bullet' | 'dome' | 'ptz' | 'doorbell';

/** One camera position of a design. `floor` 0 is outdoors. */
export interface Slot {
  location: string;
  priority: CameraPriority;
  kind: CameraKind;
  floor: number;
  reason: string;
  coverage: string;
}

/**
 * A building type's standard location (Medium priority), before it is sized to the site:
 * - `outdoor`: floor 0, a bullet camera, or a PTZ when `wide` and the site has 20,000+ sq ft;
 * - `per-floor`: one dome camera per floor, named "`location` (floor N)" when there are several;
 * - `upper-floors`: one dome camera on each floor from the second, named "`location` (floor N)";
 * - `indoor`: one position with its own camera kind and floor.
 */
export type SlotTemplate =
  | { place: 'outdoor'; location: string; reason: string; coverage: string; wide?: boolean }
  | { place: 'per-floor'; location: string; reason: string; coverage: string }
  | { place: 'upper-floors'; location: string; reason: string; coverage: string }
  | { place: 'indoor'; location: string; kind: CameraKind; floor: number; reason: string; coverage: string };
