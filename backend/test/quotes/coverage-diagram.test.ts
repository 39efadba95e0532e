/**
 * The coverage diagram (issue 21 point 3): a camera's cone angle from its lens, DORI distances of
 * EN 62676-4 from its resolution, every camera placed with a geometry, one SVG per floor with one
 * `camera-cone` per camera, uncovered places marked, text escaped, accessible markup.
 */
import {
  DORI_PX_PER_M,
  doriDistancesFt,
  doriDistancesM,
  floorOutline,
  horizontalFovDeg,
  inCone,
  parseHorizontalPixels,
  parseLensMm,
  aiRecommendationSchema,
  type AiRecommendation,
} from '@ironclad/contracts';
import { coverageDiagram, designOptions, designSystem, escapeXml, type DesignInput } from '../../src/modules/quotes/design-engine/index.js';
import { seedDesignConfig } from '../support/design-config.js';

const seedConfig = seedDesignConfig;

const home: DesignInput = { buildingType: 'residential', squareFootage: 4500, floors: 2, entryPoints: 'Front door, back door' };
const office: DesignInput = {
  buildingType: 'office',
  squareFootage: 50_000,
  floors: 3,
  entryPoints: 'Main entrance, rear exit, loading door, parking garage door',
  specificAreas: 'Server room, reception, parking lot',
};

/** Occurrences of `needle` in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** Checks that every tag is closed in order (a small well-formedness check of the SVG). */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g)) {
    const [, close, name, , self] = m;
    if (self) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0;
}

/** The angle at the apex of a cone path "M cx cy L ax ay A r r 0 f 1 bx by Z", degrees. */
function apexAngle(d: string): number {
  const n = d.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
  const [cx, cy, ax, ay] = n as [number, number, number, number];
  const [bx, by] = [n[n.length - 2]!, n[n.length - 1]!];
  const a = Math.atan2(ay - cy, ax - cx);
  const b = Math.atan2(by - cy, bx - cx);
  let diff = Math.abs(((b - a) * 180) / Math.PI) % 360;
  if (diff > 180) diff = 360 - diff;
  return diff;
}

describe('coverage geometry (contracts)', () => {
  it('cone angle from the lens: 2·atan(sensor width ÷ 2f)', () => {
    expect(horizontalFovDeg(2.8, 5.6)).toBeCloseTo(90, 6);
    // the default 1/1.8" sensor (7.18 mm): a 2.8 mm lens sees about 104° (the seeded turret says 105°)
    expect(horizontalFovDeg(2.8)).toBeCloseTo(104.1, 1);
    expect(horizontalFovDeg(12)).toBeCloseTo(33.3, 1);
    // a longer lens is always narrower
    expect(horizontalFovDeg(6)).toBeLessThan(horizontalFovDeg(4));
    expect(() => horizontalFovDeg(0)).toThrow(RangeError);
  });

  it('DORI distances from resolution: pixels ÷ (px/m × 2·tan(fov/2))', () => {
    const m = doriDistancesM(3840, 90); // scene width = 2 m per metre of distance
    expect(m.identify).toBeCloseTo(3840 / (250 * 2), 9);
    expect(m.recognise).toBeCloseTo(15.36, 9);
    expect(m.observe).toBeCloseTo(3840 / (62 * 2), 9);
    expect(m.detect).toBeCloseTo(76.8, 9);
    expect(DORI_PX_PER_M).toEqual({ identify: 250, recognise: 125, observe: 62, detect: 25 });
    // twice the pixels → twice the distance; in feet
    expect(doriDistancesM(1920, 90).identify * 2).toBeCloseTo(m.identify, 9);
    expect(doriDistancesFt(3840, 90).identify).toBe(25.2);
  });

  it('reads lenses and resolutions from catalogue text', () => {
    expect(parseLensMm('2.8 mm fixed')).toEqual({ min: 2.8, max: 2.8 });
    expect(parseLensMm('2.8-12 mm motorised varifocal')).toEqual({ min: 2.8, max: 12 });
    expect(parseLensMm('wide')).toBeNull();
    expect(parseHorizontalPixels('8MP (3840x2160)')).toBe(3840);
    expect(parseHorizontalPixels('2K (2560x1920)')).toBe(2560);
    expect(parseHorizontalPixels('4MP')).toBe(2667);
    expect(parseHorizontalPixels('1080p')).toBe(1920);
    expect(parseHorizontalPixels(undefined)).toBeNull();
  });

  it('a floor outline has the floor area; points in and out of a cone', () => {
    const o = floorOutline(4500, 2);
    expect(o.widthFt * o.depthFt).toBeCloseTo(2250, -1);
    const cam = { x: 0, y: 0, headingDeg: 90, fovDeg: 60 };
    expect(inCone(cam, 10, { x: 0, y: 9 })).toBe(true);
    expect(inCone(cam, 10, { x: 0, y: 11 })).toBe(false); // beyond the range
    expect(inCone(cam, 10, { x: 6, y: 5 })).toBe(false); // outside the angle (50° off the heading)
    expect(inCone({ ...cam, headingDeg: 350 }, 10, { x: 5, y: 0.5 })).toBe(true); // across 0°
  });
});

describe('design geometry (engine)', () => {
  it('every camera has a position on its floor, a heading, lens, field of view and DORI from its catalogue item', () => {
    const r = designSystem(office, seedConfig());
    expect(aiRecommendationSchema.parse(r)).toEqual(r);
    const cams = r.cameras!;
    expect(cams).toHaveLength(r.projectDetails.totalCameras);
    expect(cams.map((c) => c.id)).toEqual(cams.map((_, i) => i + 1));
    const plan = r.plan!;
    for (const c of cams) {
      expect(c.fovDeg).toBeCloseTo(horizontalFovDeg(c.lensMm), 0);
      expect(c.doriFt).toEqual(doriDistancesFt(c.horizontalPixels, horizontalFovDeg(c.lensMm)));
      expect(c.floor).toBeGreaterThanOrEqual(1);
      expect(c.floor).toBeLessThanOrEqual(3);
      // indoor cameras inside the outline, outdoor ones on its walls
      expect(c.x).toBeGreaterThanOrEqual(-0.05);
      expect(c.x).toBeLessThanOrEqual(plan.widthFt + 0.05);
      expect(c.y).toBeGreaterThanOrEqual(-0.05);
      expect(c.y).toBeLessThanOrEqual(plan.depthFt + 0.05);
    }
    // the seeded turret (default camera, entry points of an office): 2.8 mm, 3840 px
    const entry = cams.find((c) => c.location === 'Main entrance')!;
    expect(entry).toMatchObject({ lensMm: 2.8, horizontalPixels: 3840, model: '4K Turret IP Camera' });
    // the perimeter's bullet camera is set to 6 mm on its varifocal lens: narrower and longer-reaching
    const perimeter = cams.find((c) => c.location === 'Building perimeter')!;
    expect(perimeter).toMatchObject({ outdoor: true, lensMm: 6, model: '4K Bullet IP Camera (Varifocal)' });
    expect(perimeter.fovDeg).toBeLessThan(entry.fovDeg);
    expect(perimeter.doriFt.identify).toBeGreaterThan(entry.doriFt.identify);
    // the large site's parking lot has a PTZ camera, at the wide end of its zoom (no lens stated: 4.8 mm)
    expect(cams.find((c) => c.location === 'Parking lot')).toMatchObject({ outdoor: true, lensMm: 4.8, horizontalPixels: 2560 });
    // every place of the plan is covered: its point is in a camera's cone within the observe distance
    for (const p of plan.places) {
      expect(p.covered).toBe(r.cameras!.some((c) => c.floor === p.floor && inCone(c, c.doriFt.observe, p)));
      expect(p.covered).toBe(true);
    }
    expect(r.notCovered).toEqual([]);
  });

  it('a catalogue lens change changes the cone: a 4 mm dome is narrower than a 2.8 mm one', () => {
    const c = seedConfig();
    c.inventory = c.inventory.map((i) =>
      i.sku === 'CAM-DOME-4MP' ? { ...i, specifications: { ...i.specifications, lens: '4 mm fixed' } } : i,
    );
    const wide = designSystem(office, seedConfig()).cameras!.find((x) => x.model.includes('Dome'))!;
    const narrow = designSystem(office, c).cameras!.find((x) => x.model.includes('Dome'))!;
    expect(narrow.fovDeg).toBeLessThan(wide.fovDeg);
    expect(narrow.doriFt.identify).toBeGreaterThan(wide.doriFt.identify);
  });
  it('puts outdoor places on the side their name gives: front yard and driveway at the front (street side), backyard at the back, clear of the doors', () => {
    const r = designSystem(home, seedConfig());
    const plan = r.plan!;
    const place = (name: string) => plan.places.find((p) => p.name === name)!;
    // the front is the bottom of the plan (y beyond the depth), the back the top (y below 0)
    expect(place('Driveway & front yard').y).toBeGreaterThan(plan.depthFt);
    expect(place('Backyard').y).toBeLessThan(0);
    const doors = plan.places.filter((p) => p.kind === 'entry');
    for (const c of r.cameras!.filter((c) => c.outdoor))
      for (const door of doors) expect(Math.hypot(c.x - door.x, c.y - door.y)).toBeGreaterThan(0.1 * plan.widthFt);
  });
});

describe('coverage diagram (SVG)', () => {
  const diagrams = (r: AiRecommendation, input: DesignInput) => coverageDiagram(r, input, seedConfig());

  it('draws every floor, one camera-cone per camera, with accessible markup', () => {
    for (const input of [home, office]) {
      const r = designSystem(input, seedConfig());
      const d = diagrams(r, input);
      expect(d.map((f) => f.floor)).toEqual(Array.from({ length: r.plan!.floors }, (_, i) => i + 1));
      let cones = 0;
      for (const f of d) {
        expect(f.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img" aria-labelledby="([^" ]+) ([^"]+)"/);
        const [, titleId, descId] = f.svg.match(/aria-labelledby="([^" ]+) ([^"]+)"/)!;
        expect(f.svg).toContain(`<title id="${titleId}">`);
        expect(f.svg).toContain(`<desc id="${descId}">`);
        expect(balanced(f.svg)).toBe(true);
        expect(count(f.svg, 'class="camera-cone"')).toBe(f.cameras);
        expect(count(f.svg, 'class="camera"')).toBe(f.cameras);
        expect(count(f.svg, 'class="dori-band dori-identify"')).toBe(f.cameras);
        expect(f.svg).toContain('class="scale-bar"');
        expect(f.svg).toContain('class="legend"');
        expect(f.svg).toContain('class="floor-outline"');
        cones += f.cameras;
      }
      expect(cones).toBe(r.projectDetails.totalCameras);
    }
  });

  it('each cone opens at its camera’s field-of-view angle', () => {
    const r = designSystem(office, seedConfig());
    const d = diagrams(r, office);
    for (const f of d) {
      for (const m of f.svg.matchAll(/<path class="camera-cone" data-camera="(\d+)" d="([^"]+)"/g)) {
        const cam = r.cameras!.find((c) => c.id === Number(m[1]))!;
        expect(apexAngle(m[2]!)).toBeCloseTo(cam.fovDeg, 0);
      }
    }
  });

  it('names the areas and entry points, and marks those left uncovered with the reason listed', () => {
    const input: DesignInput = {
      buildingType: 'residential',
      squareFootage: 1500,
      floors: 1,
      entryPoints: 'Front door, back door, garage door, patio door',
      specificAreas: 'Pool, basement, nursery, office',
    };
    const o = designOptions(input, seedConfig());
    const essential = o.essential;
    expect(essential.notCovered!.length).toBeGreaterThan(0);
    for (const n of essential.notCovered!) expect(n.reason).toMatch(/Essential|Partly covered/);
    const d = diagrams(essential, input);
    const uncovered = d.flatMap((f) => f.uncovered);
    // the places left without a camera are the ones drawn uncovered, and each has its reason
    const omitted = essential.notCovered!.filter((n) => /^Not in the Essential design/.test(n.reason)).map((n) => n.name);
    expect(omitted.length).toBeGreaterThan(0);
    expect(new Set(uncovered)).toEqual(new Set(omitted));
    const all = d.map((f) => f.svg).join('');
    expect(count(all, 'uncovered"')).toBe(uncovered.length);
    expect(all).toContain('Not covered');
    for (const name of uncovered) expect(all).toContain(`data-name="${escapeXml(name)}"`);
    // the recommended design covers every place
    expect(diagrams(o.recommended, input).flatMap((f) => f.uncovered)).toEqual([]);
  });

  it("clips an indoor camera's coverage to the building's outline; an outdoor camera's reaches the site", () => {
    const r = designSystem(home, seedConfig());
    const all = diagrams(r, home)
      .map((f) => f.svg)
      .join('');
    for (const c of r.cameras!) {
      const group = new RegExp(`<g class="camera-coverage" data-camera="${c.id}"([^>]*)>`).exec(all)![1]!;
      if (c.outdoor) expect(group).not.toContain('clip-path');
      else expect(group).toMatch(/clip-path="url\(#cd-[\w-]+-inside\)"/);
    }
    expect(r.cameras!.some((c) => c.outdoor)).toBe(true);
    expect(r.cameras!.some((c) => !c.outdoor)).toBe(true);
  });

  it('escapes text from the visitor', () => {
    const input: DesignInput = { ...home, specificAreas: 'Bob\'s <script>alert("x")</script>' };
    const r = designSystem(input, seedConfig());
    const all = diagrams(r, input)
      .map((f) => f.svg)
      .join('');
    expect(all).not.toContain('<script>');
    expect(all).toContain('&lt;script&gt;');
    expect(all).toContain('Driveway &amp; front yard');
    expect(all).toContain('Bob&#39;s');
  });

  it('draws a quote stored before geometry existed by laying it out again at its camera count', () => {
    const r = designSystem(home, seedConfig());
    const { cameras: _c, plan: _p, notCovered: _n, ...old } = r;
    const d = diagrams(old, home);
    expect(d.reduce((a, f) => a + count(f.svg, 'class="camera-cone"'), 0)).toBe(r.projectDetails.totalCameras);
  });
});
