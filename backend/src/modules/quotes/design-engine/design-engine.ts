/**
 * The AI security designer's design engine (decisions.md §10; public-site.md §2, §3).
 *
 * A **pure, deterministic** function: the same {@link DesignInput} and {@link DesignConfig} always
 * give the same {@link AiRecommendation}. No clock, no randomness, no I/O — the caller
 * (QuotesService) loads the configuration (AI configuration records, active inventory, the
 * promotion valid today) and passes it in.
 *
 * Units: money in **whole US dollars** (inventory unit prices arrive in integer cents and are
 * rounded to whole dollars, AI-configuration amounts are rounded to the nearest dollar), durations
 * in **business days**, areas in **square feet**.
 *
 * How a design is made:
 * 1. **Cameras.** base = ⌈sq ft ÷ density(building type)⌉ + entry points + (floors − 1); every
 *    entry point and every named area gets at least one camera; the count is then moved into the
 *    nearest pricing-tier range (tiered_pricing `range`, e.g. 4-6, 7-20, 21-50). Calibrated on the
 *    spec's samples: a 4,500 sq ft, 2-floor home with front and back doors → 8 cameras; a
 *    50,000 sq ft, 3-floor office with 4 entrances → 31 cameras.
 * 2. **Placement.** Entry points are Critical, named areas High, then the remaining cameras go
 *    round-robin to the building type's standard locations (perimeter, parking, corridors per
 *    floor…) as Medium. Camera models follow the location (bullet outdoors, dome indoors, PTZ for
 *    yards/docks of large sites, doorbell at a home's front door) and come from the inventory.
 * 3. **Days.** wiring = ⌈cameras × complexity ÷ 10⌉ (a crew pulls cable for 10 cameras a day;
 *    complexity = 1 + 0.1 per extra floor, × 1.2 warehouse, × 1.15 medical, × 1.1 school),
 *    programming = ⌈cameras ÷ 16⌉, both at least 1; total = wiring + programming. Sites of
 *    5+ days or 20,000+ sq ft are installed in phases. (Home sample: 1 + 1 = 2 days; office
 *    sample: 4 + 2 = 6 business days, about a week.)
 * 4. **Prices.** Equipment lines: cameras (the default camera at component_pricing
 *    camera_unit_price, other models at their inventory price), the NVR sized by channels
 *    (nvr_8ch / nvr_16ch / nvr_32ch, several 32-channel units above 32 cameras), Cat6 wiring per
 *    camera (wiring_per_camera), rack & accessories (rack_accessories), PoE switches above 16
 *    cameras and a UPS for non-residential sites (inventory). Labour = max(cameras × max(
 *    installation_per_camera + programming_per_camera, tier avgPerDeviceCost − camera_unit_price −
 *    wiring_per_camera), total days × installation_day_rate). Additional features (additional_costs
 *    per door = per entry point, monitoring set-up per camera; others from the inventory).
 *    A promotion (only passed in while valid) takes its percent off equipment + labour + features.
 */
import {
  WIZARD_BUILDING_TYPES,
  WIZARD_FEATURES,
  WIZARD_SQFT_MAX,
  WIZARD_SQFT_MIN,
  type AiRecommendation,
  type CameraLocation,
  type CameraPriority,
  type EquipmentCategory,
  type EquipmentLine,
  type WizardBuildingType,
  type WizardFeature,
} from '@ironclad/contracts';
import type { AdditionalCosts, ComponentPricing, TieredPricing } from '../ai-config/ai-config.defaults.js';

// ─── inputs ─────────────────────────────────────────────────────────────────────────────────────

/** What the visitor told the wizard (raw: strings from the form are accepted and normalised). */
export interface DesignInput {
  /** One of {@link WIZARD_BUILDING_TYPES}; other values (e.g. "commercial") are mapped to the closest. */
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
  /** Additional-feature labels of {@link WIZARD_FEATURES}; unknown labels are ignored. */
  additionalFeatures?: readonly string[] | null;
}

/** An active inventory item as the engine needs it. */
export interface EngineInventoryItem {
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
  /** Active inventory items, in a stable order (by id). */
  inventory: readonly EngineInventoryItem[];
  promotion: EnginePromotion | null;
}

/** The normalised input (exposed for tests and the quote page's wording). */
export interface NormalizedDesignInput {
  buildingType: WizardBuildingType;
  squareFootage: number;
  floors: number;
  entries: string[];
  areas: string[];
  budget: string | null;
  timeline: string | null;
  features: WizardFeature[];
}

// ─── constants ──────────────────────────────────────────────────────────────────────────────────

/** Square feet one camera covers, by building type (calibration: home 900, office 2,000). */
const SQFT_PER_CAMERA: Record<WizardBuildingType, number> = {
  residential: 900,
  apartment: 1200,
  office: 2000,
  retail: 1000,
  warehouse: 3500,
  restaurant: 900,
  medical: 1500,
  school: 2500,
};

/** Extra wiring effort by building type (ceiling heights, clean rooms, campus runs). */
const TYPE_COMPLEXITY: Record<WizardBuildingType, number> = {
  residential: 1,
  apartment: 1,
  office: 1,
  retail: 1,
  warehouse: 1.2,
  restaurant: 1,
  medical: 1.15,
  school: 1.1,
};

const TYPE_LABEL: Record<WizardBuildingType, string> = {
  residential: 'home',
  apartment: 'apartment building',
  office: 'office',
  retail: 'retail store',
  warehouse: 'warehouse',
  restaurant: 'restaurant',
  medical: 'medical facility',
  school: 'school',
};

/** Cameras one crew wires per day, and programs per day. */
const WIRING_CAMERAS_PER_DAY = 10;
const PROGRAMMING_CAMERAS_PER_DAY = 16;
/** Phased installation from this many days or this many square feet. */
const PHASED_FROM_DAYS = 5;
const PHASED_FROM_SQFT = 20_000;
/** Upper bound of entries / named areas taken from free text. */
const MAX_LIST_ITEMS = 20;
/** Hard cap of the camera count whatever the tiers say. */
const MAX_CAMERAS = 200;

export const CATEGORY_LABELS = {
  cameras: 'Security Cameras',
  nvr: 'NVR Systems',
  installation: 'Installation & Infrastructure',
  features: 'Additional Features',
} as const;

const RESIDENTIAL_TYPES: ReadonlySet<WizardBuildingType> = new Set(['residential', 'apartment']);

// ─── normalisation ──────────────────────────────────────────────────────────────────────────────

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** `table[key]` when `key` is the table's own entry (so "constructor" or "valueOf" from a form is no key). */
function ownValue<V>(table: Readonly<Record<string, V>>, key: string | null | undefined): V | undefined {
  return key != null && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Parses "4,500", "4500 sq ft", 4500 → 4500; null when no number. */
function parseNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const m = v.replace(/,/g, '').match(/\d+(\.\d+)?/);
  return m ? Number(m[0]) : null;
}

const BUILDING_TYPE_ALIASES: Record<string, WizardBuildingType> = {
  home: 'residential',
  house: 'residential',
  commercial: 'office',
  business: 'office',
  industrial: 'warehouse',
  'multi-family': 'apartment',
  healthcare: 'medical',
};

function normalizeBuildingType(v: string | null | undefined): WizardBuildingType {
  const s = (v ?? '').trim().toLowerCase();
  if ((WIZARD_BUILDING_TYPES as readonly string[]).includes(s)) return s as WizardBuildingType;
  return ownValue(BUILDING_TYPE_ALIASES, s) ?? 'residential';
}

/** Capitalises and trims one list item (max 80 characters). */
function cleanItem(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim().slice(0, 80);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Splits free text on commas, semicolons, line breaks, bullets and the word "and"; dedupes. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,;\n\r•]+|\s+and\s+|\s*&\s*/i)) {
    const item = cleanItem(raw.replace(/^[\s\-*\d.)]+(?=\D)/, ''));
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= MAX_LIST_ITEMS) break;
  }
  return out;
}

/** Entry points: a count ("3", 3) gives generic names; text gives the listed doors. At least one. */
function normalizeEntries(v: number | string | null | undefined, type: WizardBuildingType): string[] {
  const mainName = RESIDENTIAL_TYPES.has(type) ? 'Front door' : 'Main entrance';
  const asCount = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : null;
  if (asCount !== null && Number.isFinite(asCount)) {
    const n = clamp(Math.round(asCount), 1, MAX_LIST_ITEMS);
    return Array.from({ length: n }, (_, i) => (i === 0 ? mainName : `Entry point ${i + 1}`));
  }
  // "3 doors" → three entries
  const counted = typeof v === 'string' ? v.match(/^\s*(\d+)\s+[a-z][^,;\n]*$/i) : null;
  if (counted) return normalizeEntries(Number(counted[1]), type);
  const list = typeof v === 'string' ? splitList(v) : [];
  return list.length > 0 ? list : [mainName];
}

/**
 * Normalises a raw wizard input (never throws; out-of-range values are clamped). Entry points and
 * areas are unique, case-insensitively, across both lists.
 */
export function normalizeDesignInput(input: DesignInput): NormalizedDesignInput {
  const buildingType = normalizeBuildingType(input.buildingType);
  const sq = parseNumber(input.squareFootage);
  const squareFootage = Math.round(clamp(sq ?? 2000, WIZARD_SQFT_MIN, WIZARD_SQFT_MAX));
  const fl = parseNumber(input.floors);
  const floors = Math.round(clamp(fl ?? 1, 1, 4));
  const features = WIZARD_FEATURES.filter((f) => (input.additionalFeatures ?? []).includes(f));
  const entries = normalizeEntries(input.entryPoints, buildingType);
  const entryKeys = new Set(entries.map((e) => e.toLowerCase()));
  return {
    buildingType,
    squareFootage,
    floors,
    entries,
    // an area that repeats an entry point is already covered by the entry's camera
    areas: input.specificAreas ? splitList(input.specificAreas).filter((a) => !entryKeys.has(a.toLowerCase())) : [],
    budget: input.budget?.trim() || null,
    timeline: input.timeline?.trim() || null,
    features,
  };
}

// ─── tiers ──────────────────────────────────────────────────────────────────────────────────────

export type TierKey = keyof TieredPricing;
export interface TierRange {
  key: TierKey;
  min: number;
  max: number;
  avgPerDeviceCost: number;
}

/** Parses a tier's free-text range: "4-6" → 4..6, "21+" → 21..200, "10" → 10..10; null if unreadable. */
export function parseTierRange(range: string): { min: number; max: number } | null {
  const s = range.replace(/\s/g, '');
  let m = s.match(/^(\d+)[-–to]+(\d+)/i);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    return a <= b ? { min: a, max: Math.min(b, MAX_CAMERAS) } : null;
  }
  m = s.match(/^(\d+)\+/);
  if (m) return { min: Number(m[1]), max: MAX_CAMERAS };
  m = s.match(/^(\d+)$/);
  return m ? { min: Number(m[1]), max: Number(m[1]) } : null;
}

/** The tiers with readable ranges, sorted by their lower bound. Falls back to 4-6 / 7-20 / 21-50. */
export function tierRanges(tiers: TieredPricing): TierRange[] {
  const fallback: Record<TierKey, { min: number; max: number }> = { low: { min: 4, max: 6 }, medium: { min: 7, max: 20 }, high: { min: 21, max: 50 } };
  const keys: TierKey[] = ['low', 'medium', 'high'];
  const parsed = keys.map((key) => ({ key, r: parseTierRange(tiers[key].range) }));
  const usable = parsed.every((p) => p.r !== null && p.r.min <= MAX_CAMERAS);
  return keys
    .map((key, i) => {
      const r = usable ? parsed[i]!.r! : fallback[key];
      return { key, min: Math.max(1, r.min), max: Math.max(Math.max(1, r.min), r.max), avgPerDeviceCost: tiers[key].avgPerDeviceCost };
    })
    .sort((a, b) => a.min - b.min || a.max - b.max);
}

/** Moves a camera count into a tier: below all → lowest min; in a gap → next tier's min; above all → highest max. */
export function fitToTier(count: number, ranges: readonly TierRange[]): { cameras: number; tier: TierRange } {
  for (const t of ranges) if (count >= t.min && count <= t.max) return { cameras: count, tier: t };
  const next = ranges.find((t) => t.min > count);
  if (next) return { cameras: next.min, tier: next };
  const top = ranges.reduce((a, b) => (b.max > a.max ? b : a));
  return { cameras: top.max, tier: top };
}

// ─── camera placement ───────────────────────────────────────────────────────────────────────────

type CameraKind = 'turret' | 'bullet' | 'dome' | 'ptz' | 'doorbell';

const OUTDOOR = /parking|driveway|garage door|\blot\b|perimeter|fence|gate|yard|loading|dock|alley|street|exterior|outside|outdoor|pool|patio|deck|side of|entrance path|walkway|sidewalk|roof/i;
const INDOOR = /lobby|hall|corridor|reception|register|checkout|cash|aisle|office|classroom|cafeteria|kitchen|dining|waiting|pharmacy|stock|storage|server|inside|interior|stair|elevator|living|basement|nursery|bedroom|mail|gym|library|floor/i;
const WIDE_AREA = /yard|loading|dock|parking|\blot\b|field|campus/i;

function floorOf(text: string, floors: number): number {
  const t = text.toLowerCase();
  if (/basement|ground|first floor|1st floor|lobby/.test(t)) return 1;
  const m = t.match(/(\d+)(?:st|nd|rd|th)?\s*floor|floor\s*(\d+)/);
  if (m) return clamp(Number(m[1] ?? m[2]), 1, floors);
  if (/second floor|upstairs/.test(t)) return Math.min(2, floors);
  if (/third floor/.test(t)) return Math.min(3, floors);
  if (/top floor|roof/.test(t)) return floors;
  return 1;
}

function kindOfArea(text: string, n: NormalizedDesignInput): { kind: CameraKind; floor: number } {
  if (OUTDOOR.test(text)) {
    const wide = WIDE_AREA.test(text) && (n.buildingType === 'warehouse' || n.buildingType === 'school' || n.squareFootage >= PHASED_FROM_SQFT);
    return { kind: wide ? 'ptz' : 'bullet', floor: 0 };
  }
  if (INDOOR.test(text)) return { kind: 'dome', floor: floorOf(text, n.floors) };
  return { kind: 'turret', floor: floorOf(text, n.floors) };
}

interface Slot {
  location: string;
  priority: CameraPriority;
  kind: CameraKind;
  floor: number;
  reason: string;
  coverage: string;
}

/** The building type's standard locations that take the remaining cameras (Medium priority). */
function standardSlots(n: NormalizedDesignInput): Slot[] {
  const outdoor = (location: string, reason: string, coverage: string, wide = false): Slot => ({
    location,
    priority: 'Medium',
    kind: wide && n.squareFootage >= PHASED_FROM_SQFT ? 'ptz' : 'bullet',
    floor: 0,
    reason,
    coverage,
  });
  const perFloor = (name: string, reason: string, coverage: string): Slot[] =>
    Array.from({ length: n.floors }, (_, i) => ({
      location: n.floors > 1 ? `${name} (floor ${i + 1})` : name,
      priority: 'Medium' as const,
      kind: 'dome' as const,
      floor: i + 1,
      reason,
      coverage,
    }));
  switch (n.buildingType) {
    case 'residential':
      return [
        outdoor('Driveway & front yard', 'Vehicles and visitors approaching the house', 'Driveway, front lawn and street edge'),
        outdoor('Backyard', 'Rear approach, often hidden from the street', 'Back lawn, patio and rear fence line'),
        ...perFloor('Main hallway & stairs', 'Every room is reached through it', 'Hallway and staircase'),
        outdoor('Side yards', 'Blind spots along the sides of the house', 'Side passages and gates'),
        { location: 'Garage', priority: 'Medium', kind: 'turret', floor: 1, reason: 'Vehicles, tools and the inside door', coverage: 'Garage interior and the door into the house' },
      ];
    case 'apartment':
      return [
        ...perFloor('Corridor', 'Residents and visitors moving between units', 'Corridor and unit doors'),
        { location: 'Mailroom & lobby', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Package theft and tailgating', coverage: 'Mailboxes, parcel area and lobby' },
        outdoor('Parking area', 'Vehicle break-ins and late-night arrivals', 'Parking spaces and driveway', true),
        ...perFloor('Stairwell', 'Unmonitored access between floors', 'Stair landings'),
        outdoor('Building perimeter', 'Rear doors and trash area', 'Perimeter walls and service area'),
      ];
    case 'office':
      return [
        { location: 'Reception & lobby', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Every visitor passes here', coverage: 'Reception desk and lobby' },
        ...perFloor('Corridors', 'Movement between offices and work areas', 'Main corridors and open-plan areas'),
        outdoor('Parking lot', 'Staff vehicles and after-hours activity', 'Parking spaces and lot entrance', true),
        { location: 'Server / IT room', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Critical equipment and data', coverage: 'Server racks and room door' },
        ...perFloor('Stairwells & elevators', 'Access between floors', 'Elevator lobby and stair doors'),
        outdoor('Building perimeter', 'Side and rear walls', 'Perimeter walls and service doors'),
      ];
    case 'retail':
      return [
        { location: 'Checkout & registers', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Cash handling and disputes', coverage: 'Registers and counter' },
        ...perFloor('Sales floor aisles', 'Shoplifting in blind aisles', 'Aisles and displays'),
        { location: 'Stockroom', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Inventory shrinkage', coverage: 'Shelving and back door' },
        outdoor('Storefront & parking', 'Break-ins and parking incidents', 'Storefront glass and parking', true),
        outdoor('Rear service door', 'Deliveries and after-hours access', 'Loading door and alley'),
      ];
    case 'warehouse':
      return [
        outdoor('Loading docks', 'Goods in and out, disputes with carriers', 'Dock doors and trailer bays', true),
        ...perFloor('Racking aisles', 'Inventory and forklift safety', 'Main racking aisles'),
        outdoor('Yard & perimeter fence', 'Intrusion and trailer theft', 'Yard, fence line and gates', true),
        { location: 'Shipping & receiving office', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Paperwork and cash', coverage: 'Office and counter' },
        outdoor('Employee parking', 'Staff vehicles', 'Parking spaces', true),
      ];
    case 'restaurant':
      return [
        { location: 'Dining room', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Guests and staff on the floor', coverage: 'Tables and aisles' },
        { location: 'Point of sale', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Cash handling', coverage: 'Registers and bar' },
        { location: 'Kitchen', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Food safety and staff safety', coverage: 'Cook line and prep area' },
        outdoor('Rear delivery door', 'Deliveries and waste area', 'Back door and dumpsters'),
        outdoor('Parking & patio', 'Outdoor seating and vehicles', 'Patio and parking'),
        ...perFloor('Storage & walk-in', 'Inventory loss', 'Storage shelves and walk-in door'),
      ];
    case 'medical':
      return [
        { location: 'Waiting room & reception', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Patient check-in and safety', coverage: 'Waiting area and front desk' },
        ...perFloor('Corridors', 'Patient and staff movement', 'Main corridors'),
        { location: 'Pharmacy / medication storage', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Controlled substances', coverage: 'Medication cabinets and door' },
        outdoor('Parking lot', 'Patients and staff arriving after dark', 'Parking and walkways', true),
        outdoor('Ambulance & service entrance', 'Deliveries and emergency access', 'Service door and bay'),
      ];
    case 'school':
      return [
        ...perFloor('Hallways', 'Student movement between classes', 'Main hallways and lockers'),
        { location: 'Cafeteria & gym', priority: 'Medium', kind: 'dome', floor: 1, reason: 'Large gatherings', coverage: 'Cafeteria and gym floor' },
        outdoor('Drop-off loop & parking', 'Vehicle traffic at arrival and dismissal', 'Bus loop and parking', true),
        outdoor('Playground & fields', 'Outdoor activities and trespassing', 'Playground and field edges', true),
        ...perFloor('Stairwells', 'Access between floors', 'Stair landings'),
        outdoor('Building perimeter', 'After-hours intrusion', 'Perimeter walls and side doors'),
      ];
  }
}

/**
 * Places exactly `cameras` cameras: entry points first (Critical), named areas (High), then the
 * standard locations round-robin (Medium). Quantities sum to `cameras`, and every location appears
 * once (case-insensitively): a standard location the visitor already named adds its cameras to
 * the named one.
 */
function placeCameras(n: NormalizedDesignInput, cameras: number): Slot[][] {
  const isHome = RESIDENTIAL_TYPES.has(n.buildingType);
  const named: Slot[] = [
    ...n.entries.map(
      (e, i): Slot => ({
        location: e,
        priority: 'Critical',
        kind: isHome && i === 0 && n.buildingType === 'residential' ? 'doorbell' : 'turret',
        floor: floorOf(e, n.floors),
        reason: 'Entry point: identify everyone who comes in or out',
        coverage: 'Face-level view of the door and its approach',
      }),
    ),
    ...n.areas.map((a): Slot => {
      const { kind, floor } = kindOfArea(a, n);
      return { location: a, priority: 'High', kind, floor, reason: 'Area you asked us to monitor', coverage: kind === 'ptz' ? 'Wide area with pan-tilt-zoom tracking' : `${a} in full view` };
    }),
  ];
  // each chosen location is a list of slots so a location may receive several cameras
  const placed: Slot[][] = named.slice(0, cameras).map((s) => [s]);
  const byName = new Map(placed.map((b) => [b[0]!.location.toLowerCase(), b]));
  let remaining = cameras - placed.length;
  const fillers = standardSlots(n);
  const fillerBuckets: Slot[][] = [];
  for (let i = 0; remaining > 0; i++, remaining--) {
    const idx = i % fillers.length;
    const slot = fillers[idx]!;
    const chosen = byName.get(slot.location.toLowerCase());
    if (chosen) chosen.push(chosen[0]!);
    else (fillerBuckets[idx] ??= []).push(slot);
  }
  return [...placed, ...fillerBuckets.filter((b) => b.length > 0)];
}

// ─── inventory lookups ──────────────────────────────────────────────────────────────────────────

const KIND_PATTERN: Record<CameraKind, RegExp> = {
  turret: /turret/i,
  bullet: /bullet/i,
  dome: /dome/i,
  ptz: /ptz|pan[- ]tilt/i,
  doorbell: /doorbell/i,
};

/** Whole dollars of an inventory price in cents. */
const centsToDollars = (cents: number) => Math.max(0, Math.round(cents / 100));

/**
 * The first inventory item of `category` whose name or description matches; items in `used` are
 * skipped and the one found is added to it, so that one item never prices two different lines.
 */
function findItem(inv: readonly EngineInventoryItem[], category: string, pattern: RegExp, used?: Set<EngineInventoryItem>): EngineInventoryItem | undefined {
  const found = inv.find((i) => i.category === category && !used?.has(i) && (pattern.test(i.name) || pattern.test(i.description ?? '')));
  if (found) used?.add(found);
  return found;
}

interface PricedItem {
  item: string;
  description: string;
  unitPrice: number;
}

/** The default camera: its name from the inventory, its price from component_pricing.camera_unit_price. */
function defaultCamera(config: DesignConfig): PricedItem {
  const cams = config.inventory.filter((i) => i.category === 'cameras');
  const found = cams.find((i) => KIND_PATTERN.turret.test(i.name)) ?? [...cams].sort((a, b) => a.unitPriceCents - b.unitPriceCents)[0];
  return {
    item: found?.name ?? '4K IP Camera',
    description: found?.description ?? '4K IP security camera with night vision.',
    unitPrice: config.components.camera_unit_price,
  };
}

function cameraFor(kind: CameraKind, config: DesignConfig): PricedItem {
  if (kind === 'turret') return defaultCamera(config);
  const found = findItem(config.inventory, 'cameras', KIND_PATTERN[kind]);
  if (!found) return defaultCamera(config);
  return { item: found.name, description: found.description ?? '', unitPrice: centsToDollars(found.unitPriceCents) };
}

const line = (p: PricedItem, quantity: number): EquipmentLine => ({ ...p, quantity, total: quantity * p.unitPrice });

function named(config: DesignConfig, category: string, pattern: RegExp, fallback: { item: string; description: string }, unitPrice: number, used?: Set<EngineInventoryItem>): PricedItem {
  const found = findItem(config.inventory, category, pattern, used);
  return { item: found?.name ?? fallback.item, description: found?.description ?? fallback.description, unitPrice };
}

// ─── configuration ──────────────────────────────────────────────────────────────────────────────

/** A configuration amount as whole dollars: rounded to the nearest dollar; negative or non-finite → 0. */
const wholeDollars = (v: number) => (Number.isFinite(v) ? Math.max(0, Math.round(v)) : 0);

/**
 * The configuration with every AI-configuration amount in whole dollars (the records' schemas
 * accept fractions, e.g. 249.99 → 250), so that every quote amount is an integer.
 */
function wholeDollarConfig(config: DesignConfig): DesignConfig {
  const round = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? wholeDollars(v) : v])) as T;
  const tier = (t: DesignConfig['tiers']['low']) => ({ ...t, avgPerDeviceCost: wholeDollars(t.avgPerDeviceCost) });
  const a = config.additional;
  return {
    ...config,
    tiers: { low: tier(config.tiers.low), medium: tier(config.tiers.medium), high: tier(config.tiers.high) },
    components: round(config.components),
    additional: { access_control_system: round(a.access_control_system), video_intercom_system: round(a.video_intercom_system), professional_monitoring: round(a.professional_monitoring) },
  };
}

// ─── formatting ─────────────────────────────────────────────────────────────────────────────────

/** 4500 → "4,500" (locale-independent). */
export const formatInt = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "a" or "an" before a number read aloud (8, 11, 18, 80-89, 800… → "an"). */
const article = (n: number) => (/^(8|11|18)(\D|$)|^8/.test(String(n)) ? 'an' : 'a');

const BUDGET_RANGES: Record<string, { min: number; max: number; label: string }> = {
  'under-10k': { min: 0, max: 10_000, label: 'under $10k' },
  '10k-25k': { min: 10_000, max: 25_000, label: '$10k-$25k' },
  '25k-50k': { min: 25_000, max: 50_000, label: '$25k-$50k' },
  '50k-plus': { min: 50_000, max: Number.POSITIVE_INFINITY, label: '$50k+' },
};

const TIMELINE_TEXT: Record<string, string> = {
  asap: 'We can start as soon as your deposit is received, typically within 1 week.',
  '1-month': 'Installation scheduled within the next month.',
  '2-3-months': 'Installation scheduled in 2-3 months, on the dates you choose.',
  flexible: 'Installation scheduled at your convenience.',
};

// ─── the engine ─────────────────────────────────────────────────────────────────────────────────

/**
 * Designs a system and prices it.
 *
 * @param input  the wizard's answers (raw; normalised with {@link normalizeDesignInput})
 * @param config AI configuration records (whole dollars), active inventory (cents), valid promotion
 * @returns the AI recommendation of public-site.md §3 (whole dollars, business days, sq ft)
 * Never throws for any input; every amount is a non-negative integer.
 */
export function designSystem(input: DesignInput, rawConfig: DesignConfig): AiRecommendation {
  const n = normalizeDesignInput(input);
  const config = wholeDollarConfig(rawConfig);
  const { components: cp, additional: ac } = config;
  /** Inventory items already pricing a line of the installation or features categories. */
  const used = new Set<EngineInventoryItem>();

  // 1. cameras
  const base = Math.ceil(n.squareFootage / SQFT_PER_CAMERA[n.buildingType]) + n.entries.length + (n.floors - 1);
  const wanted = Math.min(MAX_CAMERAS, Math.max(base, n.entries.length + n.areas.length));
  const { cameras, tier } = fitToTier(wanted, tierRanges(config.tiers));

  // 2. placement
  const buckets = placeCameras(n, cameras);
  const cameraLocations: CameraLocation[] = buckets.map((b) => {
    const s = b[0]!;
    return { location: s.location, quantity: b.length, priority: s.priority, type: cameraFor(s.kind, config).item, reason: s.reason, coverage: s.coverage, floor: s.floor };
  });

  // 3. days
  const complexity = (1 + 0.1 * (n.floors - 1)) * TYPE_COMPLEXITY[n.buildingType];
  const wiringDays = Math.max(1, Math.ceil(Math.round(((cameras * complexity) / WIRING_CAMERAS_PER_DAY) * 1000) / 1000));
  const programmingDays = Math.max(1, Math.ceil(cameras / PROGRAMMING_CAMERAS_PER_DAY));
  const totalProjectDays = wiringDays + programmingDays;
  const phased = totalProjectDays >= PHASED_FROM_DAYS || n.squareFootage >= PHASED_FROM_SQFT;
  const buildingComplexity = complexity < 1.1 ? 'standard' : complexity < 1.25 ? 'moderate' : 'complex';

  // 4. equipment
  const cameraLines = new Map<string, EquipmentLine>();
  for (const b of buckets) {
    const p = cameraFor(b[0]!.kind, config);
    const prev = cameraLines.get(p.item);
    cameraLines.set(p.item, line(p, (prev?.quantity ?? 0) + b.length));
  }
  const nvr =
    cameras <= 8
      ? { qty: 1, ch: 8, price: cp.nvr_8ch }
      : cameras <= 16
        ? { qty: 1, ch: 16, price: cp.nvr_16ch }
        : { qty: Math.ceil(cameras / 32), ch: 32, price: cp.nvr_32ch };
  const nvrItem = named(
    config,
    'nvr',
    new RegExp(`\\b${nvr.ch}[- ]?(ch|channel)`, 'i'),
    { item: `${nvr.ch}-Channel NVR`, description: `Network video recorder for up to ${nvr.ch} cameras.` },
    nvr.price,
  );
  const infra: EquipmentLine[] = [
    line(named(config, 'installation', /wiring|cat6|cabl/i, { item: 'Cat6 Wiring (per camera)', description: 'Cabling, conduit and terminations for one camera.' }, cp.wiring_per_camera, used), cameras),
    line(named(config, 'installation', /rack/i, { item: 'Equipment Rack & Accessories', description: 'Rack, patch panel and cable management.' }, cp.rack_accessories, used), 1),
  ];
  if (cameras > 16) {
    const sw = findItem(config.inventory, 'installation', /poe.*switch|switch/i, used);
    if (sw) infra.push(line({ item: sw.name, description: sw.description ?? '', unitPrice: centsToDollars(sw.unitPriceCents) }, Math.ceil(cameras / 16)));
  }
  if (!RESIDENTIAL_TYPES.has(n.buildingType)) {
    const ups = findItem(config.inventory, 'installation', /\bups\b|battery backup/i, used);
    if (ups) infra.push(line({ item: ups.name, description: ups.description ?? '', unitPrice: centsToDollars(ups.unitPriceCents) }, 1));
  }

  // additional features
  const doors = n.entries.length;
  const featureLines: EquipmentLine[] = [];
  const notes: string[] = [];
  for (const f of n.features) {
    switch (f) {
      case 'Access Control System':
        featureLines.push(line(named(config, 'features', /access control/i, { item: 'Access Control System (per door)', description: ac.access_control_system.description }, ac.access_control_system.perDoor, used), doors));
        break;
      case 'Video Intercom':
        featureLines.push(line(named(config, 'features', /intercom/i, { item: 'Video Intercom System (per door)', description: ac.video_intercom_system.description }, ac.video_intercom_system.perDoor, used), doors));
        break;
      case 'Professional Monitoring':
        featureLines.push(
          line(named(config, 'features', /monitoring/i, { item: 'Professional Monitoring Setup (per camera)', description: ac.professional_monitoring.description }, ac.professional_monitoring.setupPerCamera, used), cameras),
        );
        notes.push(`Professional monitoring then costs $${formatInt(ac.professional_monitoring.monthlyPerCamera * cameras)} per month ($${formatInt(ac.professional_monitoring.monthlyPerCamera)} per camera).`);
        break;
      case 'Remote Monitoring':
      case 'Mobile App Access':
        featureLines.push({ item: f, description: 'Included with every system: live view and playback on your phone and computer.', quantity: 1, unitPrice: 0, total: 0 });
        break;
      default: {
        const pattern = f === 'Alarm System Integration' ? /alarm/i : f === 'Cloud Storage' ? /cloud/i : /smart home/i;
        const found = findItem(config.inventory, 'features', pattern, used) ?? findItem(config.inventory, 'services', pattern, used);
        if (found) featureLines.push(line({ item: found.name, description: found.description ?? '', unitPrice: centsToDollars(found.unitPriceCents) }, 1));
        else notes.push(`${f} is priced at the free site survey.`);
      }
    }
  }

  const equipmentList: EquipmentCategory[] = [
    { category: CATEGORY_LABELS.cameras, items: [...cameraLines.values()] },
    { category: CATEGORY_LABELS.nvr, items: [line(nvrItem, nvr.qty)] },
    { category: CATEGORY_LABELS.installation, items: infra },
  ];
  if (featureLines.length > 0) equipmentList.push({ category: CATEGORY_LABELS.features, items: featureLines });

  // 5. pricing
  const sum = (lines: readonly EquipmentLine[]) => lines.reduce((a, l) => a + l.total, 0);
  const equipmentSubtotal = equipmentList.filter((c) => c.category !== CATEGORY_LABELS.features).reduce((a, c) => a + sum(c.items), 0);
  const additionalCosts = sum(featureLines);
  const laborPerCamera = Math.max(cp.installation_per_camera + cp.programming_per_camera, tier.avgPerDeviceCost - cp.camera_unit_price - cp.wiring_per_camera);
  const laborCost = Math.round(Math.max(cameras * laborPerCamera, totalProjectDays * cp.installation_day_rate));
  const gross = equipmentSubtotal + laborCost + additionalCosts;
  const promo = config.promotion;
  const savings = promo ? Math.round((gross * clamp(promo.percent, 0, 100)) / 100) : 0;
  const totalProjectCost = gross - savings;

  // 6. words
  const floorsText = plural(n.floors, 'floor');
  const buildingSize = `${formatInt(n.squareFootage)} sq ft, ${floorsText}${n.floors === 4 ? ' or more' : ''}`;
  const typeLabel = TYPE_LABEL[n.buildingType];
  const days = plural(totalProjectDays, 'business day');
  const summary = `${article(cameras) === 'an' ? 'An' : 'A'} ${cameras}-camera security system for your ${formatInt(n.squareFootage)} sq ft ${typeLabel}, installed in ${days}${phased ? ' in phases' : ''}.`;
  const description =
    `We cover ${plural(doors, 'entry point')} with Critical-priority cameras` +
    (n.areas.length > 0 ? `, the ${plural(n.areas.length, 'area')} you named with High-priority cameras` : '') +
    `, and the rest of the ${typeLabel} (${buildingSize}) with ${cameraLocations.filter((l) => l.priority === 'Medium').reduce((a, l) => a + l.quantity, 0)} more cameras. ` +
    `Everything records to ${nvr.qty > 1 ? `${nvr.qty} ${nvr.ch}-channel recorders` : `${article(nvr.ch)} ${nvr.ch}-channel recorder`} on site, with live view on your phone.`;
  const timelineParts = [
    phased
      ? `Phased installation over ${days} (about ${plural(Math.max(1, Math.round(totalProjectDays / 5)), 'week')}): ${plural(wiringDays, 'day')} of wiring, then ${plural(programmingDays, 'day')} of programming and testing, area by area so the site keeps working.`
      : `${days} on site: ${plural(wiringDays, 'day')} of wiring and ${plural(programmingDays, 'day')} of programming and testing.`,
  ];
  const timelineText = ownValue(TIMELINE_TEXT, n.timeline);
  if (timelineText) timelineParts.push(timelineText);
  const budget = ownValue(BUDGET_RANGES, n.budget);
  if (budget) {
    if (totalProjectCost > budget.max) notes.unshift(`This design is above your selected budget (${budget.label}); we can phase the work or start with the Critical and High locations.`);
    else if (totalProjectCost < budget.min) notes.unshift(`This design comes in below your selected budget (${budget.label}).`);
    else notes.unshift(`This design fits your selected budget (${budget.label}).`);
  }
  notes.push('Final prices are confirmed at the free on-site survey.');

  return {
    summary,
    description,
    timeline: timelineParts.join(' '),
    warranty: '5-year equipment warranty and 2-year labor warranty on the installation.',
    notes: notes.join('\n'),
    pricing: {
      equipmentSubtotal,
      laborCost,
      additionalCosts,
      ...(promo ? { july4Discount: { code: promo.code, percent: promo.percent, savings, validUntil: promo.validUntil, finalPrice: totalProjectCost } } : {}),
      totalProjectCost,
    },
    projectDetails: {
      totalCameras: cameras,
      coverage: `${plural(doors, 'entry point')}, ${plural(n.areas.length, 'named area')} and the ${typeLabel}'s standard locations; about ${formatInt(n.squareFootage / cameras)} sq ft per camera`,
      wiringDays,
      programmingDays,
      totalProjectDays,
      installationDays: totalProjectDays,
      buildingSize,
      buildingComplexity,
      estimateType: tier.key,
      phased,
    },
    equipmentList,
    cameraLocations,
  };
}
