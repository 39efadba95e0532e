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
import type { CameraKind, NamedSlot, NormalizedDesignInput, Slot, SlotTemplate, TierKey, TierRange } from './types.js';

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
 * (floors − 1), at least what the entry points and named areas need ({@link sizeNeed}: one each,
 * more for stairwells, exits and parking by their size), at most 200, then fitted to a tier.
 */
export function cameraCount(n: NormalizedDesignInput, tiers: TieredPricing): { cameras: number; tier: TierRange } {
  const base = Math.ceil(n.squareFootage / SQFT_PER_CAMERA[n.buildingType]) + n.entries.length + (n.floors - 1);
  const needs = namedSlots(n).reduce((a, s) => a + s.need, 0);
  const wanted = Math.min(MAX_CAMERAS, Math.max(base, needs));
  return fitToTier(wanted, tierRanges(tiers));
}

// ─── size needs ─────────────────────────────────────────────────────────────────────────────────

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** "two stairwell exits", "3 loading docks", "4 parking levels": a count before a countable place (up to two words between). */
const COUNTED =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:[a-z/-]+\s+){0,2}?(stairwells?|stairways?|staircases?|stairs|exits?|doors?|doorways?|entrances?|docks?|bays?|gates?|levels?|lots?|decks?|garages?|elevators?|hallways?|corridors?|registers?|aisles?)\b/i;
const STAIRS = /stair/i;
const PARKING = /parking|car park|\blot\b|parking garage|parking deck/i;
const PLURAL_EXITS = /\b(exits|entrances|doors|docks|gates)\b/i;
/** Most cameras one named place gets for its size. */
const MAX_NEED = 10;
/** Lot area a wide parking camera watches, sq ft (about 60 spaces). */
const PARKING_SQFT_PER_CAMERA = 20_000;
/** Parking area as a share of the building's floor area, by building type (a home's driveway is one camera). */
const PARKING_RATIO: Record<WizardBuildingType, number> = {
  residential: 0,
  apartment: 0.6,
  office: 1,
  retail: 1.2,
  warehouse: 0.3,
  restaurant: 1,
  medical: 1,
  school: 0.8,
};

/**
 * The cameras a named place needs for its size (issue 21 point 2), 1-10:
 * - a count in its name before a countable place: "two stairwell exits" → 2, "3 loading docks" → 3;
 * - a stairwell: one camera per floor it serves (the building's floors, 1-4);
 * - parking: ⌈parking area ÷ 20,000 sq ft⌉ (at most 6), the parking area being the building's
 *   floor area × a ratio of its type (office 1, retail 1.2…; a home's driveway 1 camera);
 * - exits, entrances, doors, docks or gates in the plural: 2;
 * - anything else: 1.
 */
export function sizeNeed(name: string, n: Pick<NormalizedDesignInput, 'buildingType' | 'squareFootage' | 'floors'>): number {
  const counted = name.match(COUNTED);
  if (counted) {
    const word = counted[1]!.toLowerCase();
    const v = NUMBER_WORDS[word] ?? Number(word);
    if (v >= 1) return Math.min(MAX_NEED, v);
  }
  if (STAIRS.test(name)) return clamp(n.floors, 1, 4);
  if (PARKING.test(name) && !/\bdoor\b/i.test(name)) {
    const lot = n.squareFootage * PARKING_RATIO[n.buildingType];
    return clamp(Math.ceil(lot / PARKING_SQFT_PER_CAMERA), 1, 6);
  }
  if (PLURAL_EXITS.test(name)) return 2;
  return 1;
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
    case 'upper-floors':
      return Array.from({ length: Math.max(0, n.floors - 1) }, (_, i) => ({
        location: `${t.location} (floor ${i + 2})`,
        priority: 'Medium' as const,
        kind: 'dome' as const,
        floor: i + 2,
        reason: t.reason,
        coverage: t.coverage,
      }));
    case 'indoor':
      return [
        {
          location: t.location,
          priority: 'Medium',
          kind: t.kind,
          floor: clamp(t.floor, 1, n.floors),
          reason: t.reason,
          coverage: t.coverage,
        },
      ];
  }
}

/** The building type's standard locations that take the remaining cameras (Medium priority). */
function standardSlots(n: NormalizedDesignInput): readonly Slot[] {
  // worked out once per normalised input (its `derived`, shared by the three options' copies); only read
  return (n.derived.standardSlots ??= STANDARD_SLOTS[n.buildingType].flatMap((t) => slotsOf(t, n)));
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

/**
 * The lower-case name and {@link locationKeywords} of the standard locations, kept: their names
 * come from placement-slots.data.ts (with a floor number), so this holds a bounded set.
 */
const standardNames = new Map<string, { key: string; words: Set<string> }>();

function standardName(location: string): { key: string; words: Set<string> } {
  let name = standardNames.get(location);
  if (!name) standardNames.set(location, (name = { key: location.toLowerCase(), words: locationKeywords(location) }));
  return name;
}

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
 * The named place a standard location repeats: the same name, or a distinctive word in common
 * with a named area ("Server / IT room" repeats "Server room", "Reception & lobby" repeats
 * "Reception"). `named` maps the placed named places' lower-case names to their cameras,
 * `areaWords` holds each placed named area's {@link locationKeywords}.
 */
function repeatedPlace(
  location: string,
  named: ReadonlyMap<string, Slot[]>,
  areaWords: ReadonlyArray<readonly [Set<string>, Slot[]]>,
): Slot[] | undefined {
  const { key, words } = standardName(location);
  const exact = named.get(key);
  if (exact) return exact;
  for (const [keywords, bucket] of areaWords) {
    for (const w of keywords) if (words.has(w)) return bucket;
  }
  return undefined;
}

/** Share of the cameras after the entry points that watch the outside, by building type. */
const OUTDOOR_SHARE: Record<WizardBuildingType, number> = {
  residential: 0.35,
  apartment: 0.25,
  office: 0.2,
  retail: 0.25,
  warehouse: 0.4,
  restaurant: 0.3,
  medical: 0.2,
  school: 0.35,
};

/** The entry points (Critical) and the named areas (High) with their size needs, in the order named. */
function namedSlots(n: NormalizedDesignInput): readonly NamedSlot[] {
  return (n.derived.namedSlots ??= buildNamedSlots(n));
}

function buildNamedSlots(n: NormalizedDesignInput): NamedSlot[] {
  const isHome = RESIDENTIAL_TYPES.has(n.buildingType);
  const named = (slot: Slot): NamedSlot => ({
    slot,
    need: sizeNeed(slot.location, n),
    key: slot.location.toLowerCase(),
    words: slot.priority === 'High' ? locationKeywords(slot.location) : null,
  });
  return [
    ...n.entries.map((e, i) =>
      named({
        location: e,
        priority: 'Critical',
        kind: isHome && i === 0 && n.buildingType === 'residential' ? 'doorbell' : 'turret',
        floor: floorOf(e, n.floors),
        reason: 'Entry point: identify everyone who comes in or out',
        coverage: 'Face-level view of the door and its approach',
      }),
    ),
    ...n.areas.map((a) => {
      const { kind, floor } = kindOfArea(a, n);
      return named({
        location: a,
        priority: 'High',
        kind,
        floor,
        reason: 'Area you asked us to monitor',
        coverage: kind === 'ptz' ? 'Wide area with pan-tilt-zoom tracking' : `${a} in full view`,
      });
    }),
  ];
}

/** A named place that got fewer cameras than its size needs. */
export interface ShortPlace {
  location: string;
  need: number;
  got: number;
}

/** Splits `total` over `weights` by largest remainder (ties to the earlier index). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, v) => a + v, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k]!.i]!++;
  return out;
}

/**
 * Places exactly `cameras` cameras (issue 21 point 2):
 * 1. the entry points (Critical) and named areas (High), one camera each in the order named,
 *    then up to what each one's size needs ({@link sizeNeed}); those left without a camera are
 *    `omitted`, those with fewer than they need are `short`;
 * 2. the rest over the zones — outdoors (floor 0) and each floor — so that each floor's cameras
 *    (its entry points' and its share of the rest) follow its area and entry points: outdoors
 *    takes the building type's share of the cameras after the entry points, the floors (of
 *    equal area) share the remainder equally, every floor gets a camera when there are enough;
 * 3. each zone's quota goes round-robin to its standard locations (placement-slots.data.ts),
 *    skipping one the visitor already named (by name or a distinctive word: issue 21, no
 *    "Server room" beside "Server / IT room"); a floor without standard locations gets "Open areas".
 * Quantities sum to `cameras`, and every location appears once (case-insensitively).
 *
 * @returns `buckets`: one list of slots per location (its length is the location's camera count);
 *   `omitted`: entry points and named areas left without a camera; `short`: those with fewer
 *   cameras than their size needs
 */
export function placeCameras(n: NormalizedDesignInput, cameras: number): { buckets: Slot[][]; omitted: Slot[]; short: ShortPlace[] } {
  const named = namedSlots(n);
  const got = new Array<number>(named.length).fill(0);
  let left = cameras;
  for (let i = 0; i < named.length && left > 0; i++, left--) got[i] = 1;
  for (let i = 0; i < named.length && left > 0; i++) {
    const more = Math.min(left, named[i]!.need - got[i]!);
    if (more > 0 && got[i]! > 0) {
      got[i]! += more;
      left -= more;
    }
  }
  // a location's cameras share its one slot (slots are only read)
  const placed: Slot[][] = [];
  const omitted: Slot[] = [];
  const short: ShortPlace[] = [];
  const namedBuckets = new Map<string, Slot[]>();
  const namedAreaWords: (readonly [Set<string>, Slot[]])[] = [];
  for (let i = 0; i < named.length; i++) {
    const { slot, need, key, words } = named[i]!;
    const count = got[i]!;
    if (count === 0) {
      omitted.push(slot);
      continue;
    }
    const bucket = new Array<Slot>(count).fill(slot);
    placed.push(bucket);
    namedBuckets.set(key, bucket);
    if (words) namedAreaWords.push([words, bucket]);
    if (count < need) short.push({ location: slot.location, need, got: count });
  }
  if (left <= 0) return { buckets: placed, omitted, short };

  // zones: 0 = outdoors, 1…floors
  const zones = n.floors + 1;
  const namedIn = new Array<number>(zones).fill(0);
  let entryCameras = 0;
  named.forEach(({ slot }, i) => {
    namedIn[slot.floor]! += got[i]!;
    if (slot.priority === 'Critical') entryCameras += got[i]!;
  });
  const rest = Math.max(0, cameras - entryCameras);
  const outdoor = Math.round(rest * OUTDOOR_SHARE[n.buildingType]);
  const perFloor = apportion(
    rest - outdoor,
    Array.from({ length: n.floors }, () => 1),
  );
  const target = [outdoor, ...perFloor];
  // entry points count towards their own floor
  named.forEach(({ slot }, i) => {
    if (slot.priority === 'Critical') target[slot.floor]! += got[i]!;
  });
  const quota = target.map((t, z) => Math.max(0, t - namedIn[z]!));
  // zones whose named places took more than their share give it back from the largest quotas
  for (let over = quota.reduce((a, q) => a + q, 0) - left; over > 0; over--) {
    let z = 0;
    for (let k = 1; k < zones; k++) if (quota[k]! > quota[z]!) z = k;
    quota[z]!--;
  }
  // every floor gets a camera when another zone can spare one
  for (let f = 1; f <= n.floors; f++) {
    if (namedIn[f]! + quota[f]! > 0) continue;
    let donor = -1;
    for (let z = 0; z < zones; z++)
      if (z !== f && quota[z]! > 0 && (z === 0 || namedIn[z]! + quota[z]! > 1) && (donor < 0 || quota[z]! > quota[donor]!)) donor = z;
    if (donor < 0) break;
    quota[donor]!--;
    quota[f]!++;
  }

  // fill each zone round-robin over its standard locations
  const repeatsNamed = (loc: string) => repeatedPlace(loc, namedBuckets, namedAreaWords);
  const standard = standardSlots(n);
  const fillers: Slot[][] = [];
  for (let z = 0; z < zones; z++) {
    if (quota[z]! <= 0) continue;
    const own = standard.filter((s) => s.floor === z);
    let pool = own.filter((s) => !repeatsNamed(s.location));
    if (pool.length === 0 && z > 0)
      pool = [
        {
          location: n.floors > 1 ? `Open areas (floor ${z})` : 'Open areas',
          priority: 'Medium',
          kind: 'dome',
          floor: z,
          reason: 'General coverage of the floor',
          coverage: 'Open areas and circulation',
        },
      ];
    if (pool.length === 0 && own.length > 0) {
      // every standard outdoor location repeats a named place: their cameras go to it
      const to = own.map((s) => repeatsNamed(s.location)!);
      for (let k = 0; k < quota[z]!; k++) to[k % to.length]!.push(to[k % to.length]![0]!);
      continue;
    }
    if (pool.length === 0)
      pool = [
        {
          location: 'Building exterior',
          priority: 'Medium',
          kind: 'bullet',
          floor: 0,
          reason: 'Approaches to the building',
          coverage: 'Walls and approaches',
        },
      ];
    // round-robin: the first (quota mod pool) locations get one camera more
    const each = Math.floor(quota[z]! / pool.length);
    const extra = quota[z]! % pool.length;
    for (let k = 0; k < pool.length; k++) {
      const count = each + (k < extra ? 1 : 0);
      if (count > 0) fillers.push(new Array<Slot>(count).fill(pool[k]!));
    }
  }
  return { buckets: [...placed, ...fillers], omitted, short };
}
