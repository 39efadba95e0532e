/**
 * Camera count and placement (decisions.md §10; public-site.md §3 `cameraLocations`): the number
 * of cameras from the site (square feet, entry points, floors), moved into a pricing tier's range;
 * then the cameras' locations: entry points (Critical), named areas (High), the building type's
 * standard locations of placement-slots.data.ts (Medium).
 */
import { MAX_QUOTE_CAMERAS as MAX_CAMERAS, parseTierRange, type WizardBuildingType } from '@ironclad/contracts';
import type { TieredPricing } from '../ai-config/ai-config.defaults.js';
import { PHASED_FROM_SQFT, RESIDENTIAL_TYPES, clamp } from './common.js';
import { STANDARD_SLOTS } from './placement-slots.data.js';
import type { CameraKind, NormalizedDesignInput, Slot, SlotTemplate, TierKey, TierRange } from './types.js';

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

// ─── tiers ──────────────────────────────────────────────────────────────────────────────────────

export { parseTierRange };

/** The tiers with readable ranges, sorted by their lower bound. Falls back to 4-6 / 7-20 / 21-50. */
export function tierRanges(tiers: TieredPricing): TierRange[] {
  const fallback: Record<TierKey, { min: number; max: number }> = {
    low: { min: 4, max: 6 },
    medium: { min: 7, max: 20 },
    high: { min: 21, max: 50 },
  };
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

/**
 * The number of cameras and its pricing tier: ⌈sq ft ÷ density(building type)⌉ + entry points +
 * (floors − 1), at least one per entry point and named area, at most 200, then fitted to a tier.
 */
export function cameraCount(n: NormalizedDesignInput, tiers: TieredPricing): { cameras: number; tier: TierRange } {
  const base = Math.ceil(n.squareFootage / SQFT_PER_CAMERA[n.buildingType]) + n.entries.length + (n.floors - 1);
  const wanted = Math.min(MAX_CAMERAS, Math.max(base, n.entries.length + n.areas.length));
  return fitToTier(wanted, tierRanges(tiers));
}

// ─── camera placement ───────────────────────────────────────────────────────────────────────────

const OUTDOOR =
  /parking|driveway|garage door|\blot\b|perimeter|fence|gate|yard|loading|dock|alley|street|exterior|outside|outdoor|pool|patio|deck|side of|entrance path|walkway|sidewalk|roof/i;
const INDOOR =
  /lobby|hall|corridor|reception|register|checkout|cash|aisle|office|classroom|cafeteria|kitchen|dining|waiting|pharmacy|stock|storage|server|inside|interior|stair|elevator|living|basement|nursery|bedroom|mail|gym|library|floor/i;
const WIDE_AREA = /yard|loading|dock|parking|\blot\b|field|campus/i;

/** The floor a location's name points to (1 when it names none), within 1..floors. */
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

/** A named area's camera kind and floor (outdoor areas are floor 0). */
function kindOfArea(text: string, n: NormalizedDesignInput): { kind: CameraKind; floor: number } {
  if (OUTDOOR.test(text)) {
    const wide =
      WIDE_AREA.test(text) && (n.buildingType === 'warehouse' || n.buildingType === 'school' || n.squareFootage >= PHASED_FROM_SQFT);
    return { kind: wide ? 'ptz' : 'bullet', floor: 0 };
  }
  if (INDOOR.test(text)) return { kind: 'dome', floor: floorOf(text, n.floors) };
  return { kind: 'turret', floor: floorOf(text, n.floors) };
}

/** One standard location sized to the site: one slot, or one slot per floor. */
function slotsOf(t: SlotTemplate, n: NormalizedDesignInput): Slot[] {
  switch (t.place) {
    case 'outdoor':
      return [
        {
          location: t.location,
          priority: 'Medium',
          kind: t.wide && n.squareFootage >= PHASED_FROM_SQFT ? 'ptz' : 'bullet',
          floor: 0,
          reason: t.reason,
          coverage: t.coverage,
        },
      ];
    case 'per-floor':
      return Array.from({ length: n.floors }, (_, i) => ({
        location: n.floors > 1 ? `${t.location} (floor ${i + 1})` : t.location,
        priority: 'Medium' as const,
        kind: 'dome' as const,
        floor: i + 1,
        reason: t.reason,
        coverage: t.coverage,
      }));
    case 'indoor':
      return [{ location: t.location, priority: 'Medium', kind: t.kind, floor: t.floor, reason: t.reason, coverage: t.coverage }];
  }
}

/** The building type's standard locations that take the remaining cameras (Medium priority). */
function standardSlots(n: NormalizedDesignInput): Slot[] {
  return STANDARD_SLOTS[n.buildingType].flatMap((t) => slotsOf(t, n));
}

/** Words too general to say two locations are the same place. */
const GENERIC_WORDS = new Set([
  'room',
  'area',
  'areas',
  'floor',
  'main',
  'front',
  'back',
  'rear',
  'side',
  'door',
  'doors',
  'entrance',
  'exit',
  'the',
  'and',
]);

/** A location's distinctive words, singular ("Server / IT room" → server; "Hallways (floor 2)" → hallway). */
export function locationKeywords(location: string): Set<string> {
  return new Set(
    location
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 4 && !GENERIC_WORDS.has(w))
      .map((w) => (w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
  );
}

/**
 * The named area a standard location repeats: the same name, or a distinctive word in common
 * ("Server / IT room" repeats "Server room", "Reception & lobby" repeats "Reception").
 */
function repeatedArea(location: string, areas: ReadonlyMap<string, Slot[]>): Slot[] | undefined {
  const exact = areas.get(location.toLowerCase());
  if (exact) return exact;
  const words = locationKeywords(location);
  for (const [name, bucket] of areas) {
    for (const w of locationKeywords(name)) if (words.has(w)) return bucket;
  }
  return undefined;
}

/**
 * Places exactly `cameras` cameras: entry points first (Critical), named areas (High), then the
 * standard locations round-robin (Medium). Quantities sum to `cameras`, and every location appears
 * once (case-insensitively): a standard location the visitor already named, by its name or a
 * distinctive word of it (issue 21: no "Server room" beside "Server / IT room"), adds its cameras
 * to the named one.
 *
 * @returns `buckets`: one list of slots per location (its length is the location's camera count);
 *   `omitted`: the entry points and named areas left without a camera (more were named than
 *   `cameras`), in the order named
 */
export function placeCameras(n: NormalizedDesignInput, cameras: number): { buckets: Slot[][]; omitted: Slot[] } {
  const isHome = RESIDENTIAL_TYPES.has(n.buildingType);
  const named: Slot[] = [
    ...n.entries.map((e, i): Slot => ({
      location: e,
      priority: 'Critical',
      kind: isHome && i === 0 && n.buildingType === 'residential' ? 'doorbell' : 'turret',
      floor: floorOf(e, n.floors),
      reason: 'Entry point: identify everyone who comes in or out',
      coverage: 'Face-level view of the door and its approach',
    })),
    ...n.areas.map((a): Slot => {
      const { kind, floor } = kindOfArea(a, n);
      return {
        location: a,
        priority: 'High',
        kind,
        floor,
        reason: 'Area you asked us to monitor',
        coverage: kind === 'ptz' ? 'Wide area with pan-tilt-zoom tracking' : `${a} in full view`,
      };
    }),
  ];
  // each chosen location is a list of slots so a location may receive several cameras
  const placed: Slot[][] = named.slice(0, cameras).map((s) => [s]);
  const byName = new Map(placed.map((b) => [b[0]!.location.toLowerCase(), b]));
  const namedAreas = new Map(placed.filter((b) => b[0]!.priority === 'High').map((b) => [b[0]!.location.toLowerCase(), b]));
  let remaining = cameras - placed.length;
  const fillers = standardSlots(n);
  const fillerBuckets: Slot[][] = [];
  for (let i = 0; remaining > 0; i++, remaining--) {
    const idx = i % fillers.length;
    const slot = fillers[idx]!;
    const chosen = byName.get(slot.location.toLowerCase()) ?? repeatedArea(slot.location, namedAreas);
    if (chosen) chosen.push(chosen[0]!);
    else (fillerBuckets[idx] ??= []).push(slot);
  }
  return { buckets: [...placed, ...fillerBuckets.filter((b) => b.length > 0)], omitted: named.slice(cameras) };
}
