/**
 * Coverage geometry of a camera design (issue 21 point 3): a camera's horizontal field of view
 * from its lens, its DORI distances (EN 62676-4: detect, observe, recognise, identify) from its
 * resolution and field of view, the floor outline of a building, and the shapes of the coverage
 * diagram (cones, point-in-cone). Pure functions and the zod shapes the design result carries.
 *
 * Units: lengths on a plan in **feet**, DORI distances in **metres** and **feet** (named so),
 * angles in **degrees**, focal lengths and sensor widths in **millimetres**, resolution in
 * horizontal **pixels**. Plan coordinates: x to the right (east), y down (south, the building's
 * front), origin at the outline's top-left corner; a heading of 0° looks along +x and grows
 * clockwise on the drawing (90° looks down, towards the front).
 */
import { z } from 'zod';

/** Pixels per metre of the four DORI levels of EN 62676-4, best first. */
export const DORI_PX_PER_M = { identify: 250, recognise: 125, observe: 62, detect: 25 } as const;
export const DORI_LEVELS = ['identify', 'recognise', 'observe', 'detect'] as const;
export type DoriLevel = (typeof DORI_LEVELS)[number];

export const FEET_PER_METRE = 3.28084;
/**
 * Width of the image sensor when a catalogue item states none, mm: a 1/1.8" sensor (7.18 mm × 4.04 mm),
 * usual on 4K cameras; with a 2.8 mm lens it sees about 104° (the seeded turret states 105°).
 */
export const DEFAULT_SENSOR_WIDTH_MM = 7.18;
/** Horizontal pixels when a catalogue item states no resolution (1080p). */
export const DEFAULT_HORIZONTAL_PIXELS = 1920;
/** Width ÷ depth of a drawn floor outline (a plain rectangle of the floor's area). */
export const FLOOR_ASPECT = 1.5;

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

/**
 * Horizontal angle of view of a rectilinear lens: 2·atan(sensor width ÷ (2 × focal length)), degrees.
 *
 * @param focalMm focal length, mm (> 0)
 * @param sensorWidthMm sensor width, mm (default {@link DEFAULT_SENSOR_WIDTH_MM})
 * @throws RangeError for a focal length or sensor width that is not a positive number
 */
export function horizontalFovDeg(focalMm: number, sensorWidthMm: number = DEFAULT_SENSOR_WIDTH_MM): number {
  if (!(focalMm > 0) || !Number.isFinite(focalMm)) throw new RangeError(`focal length must be a positive number of mm, got ${focalMm}`);
  if (!(sensorWidthMm > 0) || !Number.isFinite(sensorWidthMm))
    throw new RangeError(`sensor width must be a positive number of mm, got ${sensorWidthMm}`);
  return deg(2 * Math.atan(sensorWidthMm / (2 * focalMm)));
}

/** Distances of the four DORI levels. */
export interface DoriDistances {
  identify: number;
  recognise: number;
  observe: number;
  detect: number;
}

/**
 * The DORI distances of EN 62676-4 in metres: the distance at which the scene width the camera
 * sees spreads its horizontal pixels at the level's density,
 * distance = horizontal pixels ÷ (px/m × 2·tan(fov ÷ 2)).
 *
 * @param horizontalPixels sensor width in pixels (> 0)
 * @param fovDeg horizontal field of view, degrees (0 < fov < 180)
 * @throws RangeError outside those ranges
 */
export function doriDistancesM(horizontalPixels: number, fovDeg: number): DoriDistances {
  if (!(horizontalPixels > 0) || !Number.isFinite(horizontalPixels))
    throw new RangeError(`pixels must be positive, got ${horizontalPixels}`);
  if (!(fovDeg > 0 && fovDeg < 180)) throw new RangeError(`field of view must be between 0 and 180 degrees, got ${fovDeg}`);
  const widthPerMetre = 2 * Math.tan(rad(fovDeg / 2));
  const at = (pxPerM: number) => horizontalPixels / (pxPerM * widthPerMetre);
  return {
    identify: at(DORI_PX_PER_M.identify),
    recognise: at(DORI_PX_PER_M.recognise),
    observe: at(DORI_PX_PER_M.observe),
    detect: at(DORI_PX_PER_M.detect),
  };
}

/** {@link doriDistancesM} in feet, rounded to 0.1 ft. */
export function doriDistancesFt(horizontalPixels: number, fovDeg: number): DoriDistances {
  const m = doriDistancesM(horizontalPixels, fovDeg);
  const ft = (v: number) => Math.round(v * FEET_PER_METRE * 10) / 10;
  return { identify: ft(m.identify), recognise: ft(m.recognise), observe: ft(m.observe), detect: ft(m.detect) };
}

/** Focal length range of a catalogue lens text ("2.8 mm fixed" → 2.8-2.8, "2.8-12 mm varifocal" → 2.8-12), else null. */
export function parseLensMm(text: unknown): { min: number; max: number } | null {
  if (typeof text === 'number') return text > 0 && Number.isFinite(text) ? { min: text, max: text } : null;
  if (typeof text !== 'string') return null;
  const m = text.match(/(\d+(?:\.\d+)?)\s*(?:(?:-|–|to)\s*(\d+(?:\.\d+)?))?\s*mm/i);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (!(a > 0) || !(b > 0)) return null;
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/**
 * Horizontal pixels of a catalogue resolution text: "8MP (3840x2160)" → 3840, "2K (2560x1920)" →
 * 2560, "4MP" → the 16:9 width of 4 million pixels (2667), "1080p" → 1920; else null.
 */
export function parseHorizontalPixels(text: unknown): number | null {
  if (typeof text === 'number') return text > 0 && Number.isFinite(text) ? Math.round(text) : null;
  if (typeof text !== 'string') return null;
  const dims = text.match(/(\d{3,5})\s*[x×]\s*(\d{3,5})/i);
  if (dims) return Number(dims[1]);
  const mp = text.match(/(\d+(?:\.\d+)?)\s*MP/i);
  if (mp && Number(mp[1]) > 0) return Math.round(Math.sqrt((Number(mp[1]) * 1e6 * 16) / 9));
  const p = text.match(/(\d{3,4})\s*p\b/i);
  if (p) return Math.round((Number(p[1]) * 16) / 9);
  if (/\b4K\b/i.test(text)) return 3840;
  return null;
}

/** The drawn outline of one floor: a rectangle of the floor's area (sq ft ÷ floors) at {@link FLOOR_ASPECT}, feet. */
export function floorOutline(squareFeet: number, floors: number): { widthFt: number; depthFt: number } {
  const area = Math.max(1, squareFeet) / Math.max(1, floors);
  const widthFt = Math.sqrt(area * FLOOR_ASPECT);
  return { widthFt: Math.round(widthFt * 10) / 10, depthFt: Math.round((area / widthFt) * 10) / 10 };
}

/** The point `distance` away from (x, y) along `headingDeg` (plan coordinates). */
export function pointAt(x: number, y: number, headingDeg: number, distance: number): { x: number; y: number } {
  return { x: pointAtX(x, headingDeg, distance), y: pointAtY(y, headingDeg, distance) };
}

/** The x of {@link pointAt}, without making a point object (hot loops). */
export const pointAtX = (x: number, headingDeg: number, distance: number): number => x + distance * Math.cos(rad(headingDeg));
/** The y of {@link pointAt}, without making a point object (hot loops). */
export const pointAtY = (y: number, headingDeg: number, distance: number): number => y + distance * Math.sin(rad(headingDeg));

/**
 * Whether a point is inside a camera's cone: within `range` of the camera and within half the
 * field of view of its heading (the camera's own position counts as inside).
 */
export function inCone(
  cam: { x: number; y: number; headingDeg: number; fovDeg: number },
  range: number,
  p: { x: number; y: number },
): boolean {
  const dx = p.x - cam.x;
  const dy = p.y - cam.y;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d > range) return false;
  if (d < 1e-9) return true;
  let off = Math.abs(deg(Math.atan2(dy, dx)) - cam.headingDeg) % 360;
  if (off > 180) off = 360 - off;
  return off <= cam.fovDeg / 2 + 1e-9;
}

/**
 * SVG path data of a cone (circular sector) from (x, y) along `headingDeg`, `fovDeg` wide and
 * `radius` long, in the units of the coordinates given (the diagram passes drawing units).
 */
export function conePath(x: number, y: number, headingDeg: number, fovDeg: number, radius: number): string {
  const a = pointAt(x, y, headingDeg - fovDeg / 2, radius);
  const b = pointAt(x, y, headingDeg + fovDeg / 2, radius);
  const r = (v: number) => Math.round(v * 100) / 100;
  return `M${r(x)} ${r(y)}L${r(a.x)} ${r(a.y)}A${r(radius)} ${r(radius)} 0 ${fovDeg > 180 ? 1 : 0} 1 ${r(b.x)} ${r(b.y)}Z`;
}

// ─── the shapes a design result carries ─────────────────────────────────────────────────────────

const feet = z.number().finite().describe('feet');

/** DORI distances in feet. */
export const doriFeetSchema = z.object({ identify: feet, recognise: feet, observe: feet, detect: feet });

/** One camera of a design on its floor plan (issue 21 point 3). */
export const cameraGeometrySchema = z.object({
  /** 1-based, in the order of `cameraLocations`. */
  id: z.number().int().positive(),
  /** The `cameraLocations` entry the camera belongs to. */
  location: z.string(),
  /** Plan floor it is drawn on (1-based; outdoor cameras are drawn on floor 1's site plan). */
  floor: z.number().int().positive(),
  outdoor: z.boolean(),
  /** Camera model (inventory item name). */
  model: z.string(),
  /** Position on the plan, feet (outdoor cameras sit on the outline's walls). */
  x: feet,
  y: feet,
  /** Degrees, 0 = +x (east), clockwise on the drawing. */
  headingDeg: z.number().finite(),
  /** Focal length the lens is set to, mm. */
  lensMm: z.number().positive(),
  /** Horizontal field of view, degrees. */
  fovDeg: z.number().positive(),
  horizontalPixels: z.number().int().positive(),
  /** DORI distances, feet. */
  doriFt: doriFeetSchema,
});
export type CameraGeometry = z.infer<typeof cameraGeometrySchema>;

/** A named place of the plan: an entry point, an area the visitor named, or a standard location. */
export const planPlaceSchema = z.object({
  name: z.string(),
  kind: z.enum(['entry', 'area', 'standard']),
  /** Plan floor (1-based). */
  floor: z.number().int().positive(),
  outdoor: z.boolean(),
  /** The place's point (door, or the centre of its area), feet. */
  x: feet,
  y: feet,
  /** The area's extent, feet (0 for a door). */
  w: feet,
  h: feet,
  /** True when a camera of the design sees the point within its observe range. */
  covered: z.boolean(),
});
export type PlanPlace = z.infer<typeof planPlaceSchema>;

/** The plan of a design: one outline repeated on every floor, the places and the site margin around it. */
export const floorPlanSchema = z.object({
  floors: z.number().int().positive(),
  widthFt: feet,
  depthFt: feet,
  /** Outdoor ground drawn around the outline on floor 1, feet. */
  siteMarginFt: feet,
  places: z.array(planPlaceSchema),
});
export type FloorPlan = z.infer<typeof floorPlanSchema>;

/** A named area or entry point the design does not cover, and why (issue 21 point 2). */
export const notCoveredSchema = z.object({ name: z.string(), reason: z.string() });
export type NotCovered = z.infer<typeof notCoveredSchema>;

/** The coverage diagram of one floor (server-generated SVG). */
export interface FloorDiagram {
  /** 1-based. */
  floor: number;
  /** "Floor 1 and site", "Floor 2"… */
  label: string;
  /** A standalone, accessible SVG document (role="img", <title>, <desc>); one `.camera-cone` per camera. */
  svg: string;
  /** Cameras drawn on this floor. */
  cameras: number;
  /** Names of the places of this floor no camera covers. */
  uncovered: string[];
}
