/**
 * The design on a floor plan (issue 21 point 3): every camera gets a position (feet), a heading,
 * a lens and its field of view, its resolution and its DORI distances (EN 62676-4); every entry
 * point, named area and standard location gets a place on the plan, checked against the cameras'
 * cones. Pure and deterministic; the contracts' design/coverage.ts has the formulas.
 *
 * Layout (one rectangle of the floor's area, {@link floorOutline}, repeated on every floor):
 * - entry points sit on the outline's walls, spread evenly round it from the middle of the front
 *   (bottom) wall; each one's cameras are inside, up to 10 ft from the door, looking at it;
 * - outdoor locations (floor 0) are drawn on floor 1's site plan, on the side their name gives
 *   (front yard and driveway at the front, backyard and dock at the back, side yards at the
 *   sides; others where there are fewest): their cameras on that wall, clear of its doors,
 *   looking out, their area in the site margin beyond;
 * - the indoor locations of a floor share it in a grid of equal cells; a location's cameras are
 *   at its cell's corners, looking at its centre, no farther than 80 % of their observe range.
 * A place is covered when a camera of its floor sees its point within the observe distance.
 */
import {
  DEFAULT_HORIZONTAL_PIXELS,
  DEFAULT_SENSOR_WIDTH_MM,
  doriDistancesFt,
  floorOutline,
  horizontalFovDeg,
  inCone,
  parseHorizontalPixels,
  parseLensMm,
  pointAtX,
  pointAtY,
  type CameraGeometry,
  type FloorPlan,
  type PlanPlace,
} from '@ironclad/contracts';
import { cameraFor, cameraItem } from './pricing.js';
import type { CameraKind, DesignConfig, NormalizedDesignInput, Slot } from './types.js';

/** Focal length when the catalogue item states no lens, mm (a PTZ at its wide end, a doorbell's fisheye-like lens). */
const DEFAULT_LENS_MM: Record<CameraKind, number> = { turret: 2.8, bullet: 2.8, dome: 2.8, ptz: 4.8, doorbell: 1.7 };
/** Focal length a varifocal lens is set to for a wide outdoor area (parking, yard, dock), mm. */
const WIDE_AREA_LENS_MM = 6;
const WIDE_AREA = /parking|\blot\b|yard|dock|field|perimeter|fence|campus|loading|driveway/i;
/** Farthest an entry camera sits from its door, feet. */
const ENTRY_CAMERA_SETBACK_FT = 10;
/** Share of its observe distance an indoor camera may sit from its area's centre. */
const INDOOR_REACH = 0.8;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** A camera's model, lens, field of view, resolution and DORI distances. */
export type CameraOptics = Pick<CameraGeometry, 'model' | 'lensMm' | 'fovDeg' | 'horizontalPixels' | 'doriFt'>;

/** Lens, field of view, resolution and DORI of a camera kind at a location. */
export function cameraOptics(kind: CameraKind, location: string, outdoor: boolean, config: DesignConfig): CameraOptics {
  const item = cameraItem(kind, config);
  const specs = item?.specifications ?? {};
  const lens = parseLensMm(specs['lens']);
  const wanted = outdoor && WIDE_AREA.test(location) ? WIDE_AREA_LENS_MM : 0;
  const lensMm = lens ? Math.min(lens.max, Math.max(lens.min, wanted)) : DEFAULT_LENS_MM[kind];
  const sensor =
    typeof specs['sensorWidthMm'] === 'number' && specs['sensorWidthMm'] > 0 ? specs['sensorWidthMm'] : DEFAULT_SENSOR_WIDTH_MM;
  const fovDeg = horizontalFovDeg(lensMm, sensor);
  const horizontalPixels = parseHorizontalPixels(specs['resolution']) ?? DEFAULT_HORIZONTAL_PIXELS;
  return {
    model: cameraFor(kind, config).item,
    lensMm,
    fovDeg: round1(fovDeg),
    horizontalPixels,
    doriFt: doriDistancesFt(horizontalPixels, fovDeg),
  };
}

/** A point on the outline's perimeter at arc length `s` from the middle of the front (bottom) wall, going right. */
function perimeterPoint(s: number, w: number, d: number): { x: number; y: number; outwardDeg: number } {
  const p = 2 * (w + d);
  let t = ((s % p) + p) % p;
  if (t <= w / 2) return { x: w / 2 + t, y: d, outwardDeg: 90 };
  t -= w / 2;
  if (t <= d) return { x: w, y: d - t, outwardDeg: 0 };
  t -= d;
  if (t <= w) return { x: w - t, y: 0, outwardDeg: 270 };
  t -= w;
  if (t <= d) return { x: 0, y: t, outwardDeg: 180 };
  t -= d;
  return { x: t, y: d, outwardDeg: 90 };
}

/** A side of the building on the plan: the front (street side) is the bottom wall. */
type Side = 'front' | 'back' | 'left' | 'right';
const FRONT_PLACE = /\b(?:front|driveway|street|curb|main entrance)/i;
const BACK_PLACE = /\b(?:back|rear|garden|pool|patio|deck|loading|dock)/i;
const SIDE_PLACE = /\bsides?\b/i;

/** The side an outdoor place's name puts it on (the word named first wins), or null. */
function namedSide(name: string): Side | 'side' | null {
  const hits = [
    { side: 'front' as const, at: name.search(FRONT_PLACE) },
    { side: 'back' as const, at: name.search(BACK_PLACE) },
    { side: 'side' as const, at: name.search(SIDE_PLACE) },
  ].filter((h) => h.at >= 0);
  hits.sort((a, b) => a.at - b.at);
  return hits[0]?.side ?? null;
}

/** The point of a side's wall at fraction `t` (0-1, left to right or top to bottom) and its outward direction. */
function wallPoint(side: Side, t: number, w: number, d: number): { x: number; y: number; outwardDeg: number } {
  if (side === 'front') return { x: t * w, y: d, outwardDeg: 90 };
  if (side === 'back') return { x: t * w, y: 0, outwardDeg: 270 };
  if (side === 'right') return { x: w, y: t * d, outwardDeg: 0 };
  return { x: 0, y: t * d, outwardDeg: 180 };
}

/** The plan of a design and its cameras' geometry. */
export interface DesignLayout {
  plan: FloorPlan;
  /** In the order of the buckets (cameraLocations), ids 1…cameras. */
  cameras: CameraGeometry[];
}

/**
 * Lays a placed design out on its floor plan.
 *
 * @param buckets the placed cameras, one list of slots per location (placeCameras)
 * @param omitted entry points and named areas without a camera: drawn, not covered
 */
export function layoutDesign(
  n: NormalizedDesignInput,
  config: DesignConfig,
  buckets: readonly Slot[][],
  omitted: readonly Slot[],
): DesignLayout {
  const { widthFt: w, depthFt: d } = floorOutline(n.squareFootage, n.floors);
  const margin = round1(Math.min(120, Math.max(20, 0.35 * Math.max(w, d))));
  const perimeter = 2 * (w + d);
  const setback = Math.min(ENTRY_CAMERA_SETBACK_FT, d / 3, w / 3);

  type Item = { slots: readonly Slot[]; head: Slot; bucket: number };
  const items: Item[] = [
    ...buckets.map((b, i) => ({ slots: b, head: b[0]!, bucket: i })),
    ...omitted.map((s) => ({ slots: [] as Slot[], head: s, bucket: -1 })),
  ];
  const isEntry = (s: Slot) => s.priority === 'Critical';
  const entries = items.filter((i) => isEntry(i.head));
  const outdoor = items.filter((i) => !isEntry(i.head) && i.head.floor === 0);

  const places: PlanPlace[] = [];
  // cameras in the order of the buckets: bucket i's start, then its slots in order
  const firstOf: number[] = [];
  let total = 0;
  for (const b of buckets) {
    firstOf.push(total);
    total += b.length;
  }
  const cameras = new Array<CameraGeometry>(total);
  const kindOf = (s: Slot): PlanPlace['kind'] => (isEntry(s) ? 'entry' : s.priority === 'High' ? 'area' : 'standard');
  // a design has a handful of distinct optics (kind × indoor / outdoor / wide outdoor): worked out once each
  const opticsMemo = new Map<CameraKind, (CameraOptics | undefined)[]>();
  const optics = (kind: CameraKind, location: string, out: boolean): CameraOptics => {
    let byPlace = opticsMemo.get(kind);
    if (!byPlace) opticsMemo.set(kind, (byPlace = [undefined, undefined, undefined]));
    const at = out ? (WIDE_AREA.test(location) ? 2 : 1) : 0;
    return (byPlace[at] ??= cameraOptics(kind, location, out, config));
  };
  /** Camera `j` of an item's bucket. */
  const camera = (item: Item, j: number, slot: Slot, x: number, y: number, headingDeg: number, floor: number, out: boolean) => {
    const o = optics(slot.kind, item.head.location, out);
    const at = firstOf[item.bucket]! + j;
    // one literal with every field (a spread would grow the object past its literal's shape)
    cameras[at] = {
      id: at + 1,
      location: item.head.location,
      floor,
      outdoor: out,
      x: round1(x),
      y: round1(y),
      headingDeg: round1(((headingDeg % 360) + 360) % 360),
      model: o.model,
      lensMm: o.lensMm,
      fovDeg: o.fovDeg,
      horizontalPixels: o.horizontalPixels,
      doriFt: o.doriFt,
    };
  };

  // entry points: on the walls of their floor, evenly round the outline per floor
  for (let f = 1; f <= n.floors; f++) {
    const here = entries.filter((e) => e.head.floor === f);
    here.forEach((e, k) => {
      const p = perimeterPoint((k / here.length) * perimeter, w, d);
      places.push({
        name: e.head.location,
        kind: 'entry',
        floor: f,
        outdoor: false,
        x: round1(p.x),
        y: round1(p.y),
        w: 0,
        h: 0,
        covered: false,
      });
      e.slots.forEach((s, j) => {
        // inside, facing the door; several cameras of one door side by side along the wall
        const inward = p.outwardDeg + 180;
        const along = (j - (e.slots.length - 1) / 2) * 6;
        const bx = pointAtX(p.x, inward, setback);
        const by = pointAtY(p.y, inward, setback);
        const x = pointAtX(bx, p.outwardDeg + 90, along);
        const y = pointAtY(by, p.outwardDeg + 90, along);
        camera(e, j, s, x, y, Math.atan2(p.y - y, p.x - x) * (180 / Math.PI), f, false);
      });
    });
  }

  // outdoor locations: on the side their name gives (driveway and front yard at the front, the
  // street side; backyard, patio, loading dock at the back; side yards left and right), the others
  // on the side with the fewest; cameras on that wall looking out, clear of the doors; areas in the
  // site margin beyond
  const sideOf = new Map<Item, Side>();
  const onSide: Record<Side, Item[]> = { front: [], back: [], left: [], right: [] };
  let nextSide = 0;
  for (const o of outdoor) {
    const named = namedSide(o.head.location);
    const side: Side =
      named === 'side'
        ? onSide.right.length <= onSide.left.length
          ? 'right'
          : 'left'
        : (named ??
          (['right', 'left', 'back', 'front'] as const).reduce(
            (best, s) => (onSide[s].length < onSide[best].length ? s : best),
            (['right', 'left'] as const)[nextSide++ % 2]!,
          ));
    sideOf.set(o, side);
    onSide[side].push(o);
  }
  // the ground floor's doors on each wall, as fractions (0-1) along it
  const doorsOn: Record<Side, number[]> = { front: [], back: [], left: [], right: [] };
  for (const p of places) {
    if (p.kind !== 'entry' || p.floor !== 1) continue;
    if (p.y >= d) doorsOn.front.push(p.x / w);
    if (p.y <= 0) doorsOn.back.push(p.x / w);
    if (p.x >= w) doorsOn.right.push(p.y / d);
    if (p.x <= 0) doorsOn.left.push(p.y / d);
  }
  outdoor.forEach((o) => {
    const side = sideOf.get(o)!;
    const group = onSide[side];
    let t = (group.indexOf(o) + 1) / (group.length + 1);
    // clear of a door on that wall
    if (doorsOn[side].some((door) => Math.abs(door - t) < 0.12)) t = t <= 0.5 ? Math.max(0.12, t - 0.25) : Math.min(0.88, t + 0.25);
    const p = wallPoint(side, t, w, d);
    const centre = { x: pointAtX(p.x, p.outwardDeg, margin / 2), y: pointAtY(p.y, p.outwardDeg, margin / 2) };
    places.push({
      name: o.head.location,
      kind: kindOf(o.head),
      floor: 1,
      outdoor: true,
      x: round1(centre.x),
      y: round1(centre.y),
      w: round1(margin * 0.8),
      h: round1(margin * 0.8),
      covered: false,
    });
    o.slots.forEach((s, j) => {
      const along = (j - (o.slots.length - 1) / 2) * 12;
      const x = pointAtX(p.x, p.outwardDeg + 90, along);
      const y = pointAtY(p.y, p.outwardDeg + 90, along);
      camera(o, j, s, x, y, Math.atan2(centre.y - y, centre.x - x) * (180 / Math.PI), 1, true);
    });
  });

  // indoor locations: a grid of equal cells per floor
  for (let f = 1; f <= n.floors; f++) {
    const here = items.filter((i) => !isEntry(i.head) && i.head.floor === f);
    if (here.length === 0) continue;
    const cols = Math.max(1, Math.min(here.length, Math.round(Math.sqrt((here.length * w) / d))));
    const rows = Math.ceil(here.length / cols);
    const cw = w / cols;
    const ch = d / rows;
    here.forEach((a, k) => {
      const x0 = (k % cols) * cw;
      const y0 = Math.floor(k / cols) * ch;
      const cx = x0 + cw / 2;
      const cy = y0 + ch / 2;
      places.push({
        name: a.head.location,
        kind: kindOf(a.head),
        floor: f,
        outdoor: false,
        x: round1(cx),
        y: round1(cy),
        w: round1(cw),
        h: round1(ch),
        covered: false,
      });
      const inset = Math.min(1.5, cw / 4, ch / 4);
      a.slots.forEach((s, j) => {
        const o = optics(s.kind, a.head.location, false);
        // the cell's corners in turn: top left, bottom right, top right, bottom left
        const corner = j % 4;
        const kx = corner === 0 || corner === 3 ? x0 + inset : x0 + cw - inset;
        const ky = corner === 0 || corner === 2 ? y0 + inset : y0 + ch - inset;
        // further cameras of a location: the corners again, a quarter of the way to the centre
        const step = Math.floor(j / 4);
        let x = kx + (cx - kx) * Math.min(0.75, step * 0.25);
        let y = ky + (cy - ky) * Math.min(0.75, step * 0.25);
        const dist = Math.sqrt((cx - x) ** 2 + (cy - y) ** 2);
        const reach = INDOOR_REACH * o.doriFt.observe;
        if (dist > reach) {
          x = cx - ((cx - x) * reach) / dist;
          y = cy - ((cy - y) * reach) / dist;
        }
        camera(a, j, s, x, y, Math.atan2(cy - y, cx - x) * (180 / Math.PI), f, false);
      });
    });
  }

  // a place is covered when a camera drawn on its floor sees its point within the observe distance
  for (const p of places) {
    for (const c of cameras) {
      if (c.floor === p.floor && inCone(c, c.doriFt.observe, p)) {
        p.covered = true;
        break;
      }
    }
  }
  return { plan: { floors: n.floors, widthFt: w, depthFt: d, siteMarginFt: margin, places }, cameras };
}
