/**
 * Design rules (issue 21 point 2): no location appears twice, also when a standard location
 * repeats an area the visitor named in other words; cameras spread over every floor in
 * proportion to its area and entry points; every named area and entry point covered or listed
 * as not covered with the reason; stairwells, exits and parking get the cameras their size needs.
 */
import fc from 'fast-check';
import { WIZARD_BUILDING_TYPES, WIZARD_FLOORS, type AiRecommendation } from '@ironclad/contracts';
import { designSystem, normalizeDesignInput, type DesignConfig, type DesignInput } from '../../src/modules/quotes/design-engine/index.js';
import { locationKeywords, sizeNeed } from '../../src/modules/quotes/design-engine/placement.js';
import { seedDesignConfig } from '../support/design-config.js';

const config: DesignConfig = seedDesignConfig();

describe('design rules: every location once', () => {
  it('distinctive words of a location name', () => {
    expect(locationKeywords('Server / IT room')).toEqual(new Set(['server']));
    expect(locationKeywords('Reception & lobby')).toEqual(new Set(['reception', 'lobby']));
    expect(locationKeywords('Hallways (floor 2)')).toEqual(new Set(['hallway']));
    expect(locationKeywords('Main entrance')).toEqual(new Set());
  });

  it('the spec office sample: "Server room" and "Reception" are not listed again as "Server / IT room" or "Reception & lobby"', () => {
    const r = designSystem(
      {
        buildingType: 'office',
        squareFootage: 50_000,
        floors: 3,
        entryPoints: 'Main entrance, rear exit, loading door, parking garage door',
        specificAreas: 'Server room, reception, parking lot',
      },
      config,
    );
    const names = r.cameraLocations.map((l) => l.location);
    expect(names).toContain('Server room');
    expect(names).toContain('Reception');
    expect(names).not.toContain('Server / IT room');
    expect(names).not.toContain('Reception & lobby');
    for (const a of names) for (const b of names) if (a !== b) expect(a.toLowerCase()).not.toBe(b.toLowerCase());
    // the repeated standard locations' cameras go to the named areas
    expect(r.cameraLocations.find((l) => l.location === 'Server room')!.quantity).toBeGreaterThanOrEqual(1);
    expect(r.cameraLocations.reduce((a, l) => a + l.quantity, 0)).toBe(r.projectDetails.totalCameras);
  });
});

/** Cameras per floor: index 0 = outdoors, 1… = floors. */
const perFloor = (r: AiRecommendation, floors: number) => {
  const out = Array.from({ length: floors + 1 }, () => 0);
  for (const l of r.cameraLocations) out[l.floor]! += l.quantity;
  return out;
};
const quantity = (r: AiRecommendation, location: string) => r.cameraLocations.find((l) => l.location === location)?.quantity;

describe('design rules: cameras on every floor, by area and entry points', () => {
  it('the spec home: 4,500 sq ft, 2 floors, 2 doors → 8 cameras, 2 of them on floor 2', () => {
    const r = designSystem({ buildingType: 'residential', squareFootage: 4500, floors: 2, entryPoints: 'Front door, back door' }, config);
    expect(r.projectDetails.totalCameras).toBe(8);
    // rest after the 2 doors = 6: outdoors round(6 × 35 %) = 2, floors 2 + 2; the doors are on floor 1
    expect(perFloor(r, 2)).toEqual([2, 4, 2]);
    expect(r.cameraLocations.filter((l) => l.floor === 2).map((l) => l.location)).toEqual([
      'Main hallway & stairs (floor 2)',
      'Upstairs landing (floor 2)',
    ]);
  });

  it('the spec office: 50,000 sq ft, 3 floors, 4 entrances → 31 cameras, floors 12 / 7 / 7 and 5 outdoors', () => {
    const r = designSystem(
      {
        buildingType: 'office',
        squareFootage: 50_000,
        floors: 3,
        entryPoints: 'Main entrance, rear exit, loading door, parking garage door',
        specificAreas: 'Server room, reception, parking lot',
      },
      config,
    );
    expect(r.projectDetails.totalCameras).toBe(31);
    // rest after the 4 entrances = 27: outdoors round(27 × 20 %) = 5, floors 8 / 7 / 7 (+ the 4 entrances on floor 1)
    expect(perFloor(r, 3)).toEqual([5, 12, 7, 7]);
    // the parking lot of a 50,000 sq ft office: ⌈50,000 ÷ 20,000⌉ = 3 cameras
    expect(quantity(r, 'Parking lot')).toBe(3);
    expect(r.notCovered).toEqual([]);
  });

  it('a tall building with nothing named: the floors (equal areas) get equal shares, each floor at least one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WIZARD_BUILDING_TYPES),
        fc.integer({ min: 100, max: 400_000 }),
        fc.constantFrom(...WIZARD_FLOORS),
        fc.integer({ min: 1, max: 6 }),
        (buildingType, squareFootage, floors, doors) => {
          const input: DesignInput = { buildingType, squareFootage, floors, entryPoints: doors };
          const n = normalizeDesignInput(input);
          const r = designSystem(input, config);
          const counts = perFloor(r, n.floors);
          // entry points are on floor 1; the rest of each floor differs by at most one camera between floors
          const rest = counts.slice(1).map((c, i) => c - (i === 0 ? n.entries.length : 0));
          expect(Math.max(...rest) - Math.min(...rest)).toBeLessThanOrEqual(1);
          if (r.projectDetails.totalCameras >= n.entries.length + n.floors) for (const c of counts.slice(1)) expect(c).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('design rules: sizes of stairwells, exits and parking', () => {
  const home = { buildingType: 'residential' as const, squareFootage: 4500, floors: 2 };
  const office = { buildingType: 'office' as const, squareFootage: 50_000, floors: 3 };
  it('counts in the name, stairwells per floor, parking by lot area, plural exits', () => {
    expect(sizeNeed('Two stairwell exits', home)).toBe(2);
    expect(sizeNeed('3 loading docks', office)).toBe(3);
    expect(sizeNeed('four parking levels', office)).toBe(4);
    expect(sizeNeed('2nd floor hallway', office)).toBe(1);
    expect(sizeNeed('Stairwell', office)).toBe(3);
    expect(sizeNeed('Stairs', { ...home, floors: 1 })).toBe(1);
    expect(sizeNeed('Parking lot', office)).toBe(3);
    expect(sizeNeed('Parking lot', { ...office, squareFootage: 10_000 })).toBe(1);
    expect(sizeNeed('Parking lot', { ...office, squareFootage: 1_000_000 })).toBe(6);
    expect(sizeNeed('Parking garage door', office)).toBe(1);
    expect(sizeNeed('Fire exits', office)).toBe(2);
    expect(sizeNeed('Fire exit', office)).toBe(1);
    expect(sizeNeed('Kitchen', office)).toBe(1);
  });

  it('"two stairwell exits" gets 2 cameras; a stairwell of a 3-floor office 3; the engine design keeps every need', () => {
    const r = designSystem({ ...home, entryPoints: 'Front door, back door', specificAreas: 'two stairwell exits' }, config);
    expect(quantity(r, 'Two stairwell exits')).toBe(2);
    expect(r.projectDetails.totalCameras).toBe(8);
    const o = designSystem({ ...office, entryPoints: '2', specificAreas: 'Stairwell, fire exits, parking lot' }, config);
    expect([quantity(o, 'Stairwell'), quantity(o, 'Fire exits'), quantity(o, 'Parking lot')]).toEqual([3, 2, 3]);
  });

  it('the count grows to what the named places need (a small shop with many counted places)', () => {
    const r = designSystem(
      { buildingType: 'retail', squareFootage: 1000, floors: 1, entryPoints: 'Front door', specificAreas: 'six registers, 4 aisles' },
      config,
    );
    // base ⌈1,000 ÷ 1,000⌉ + 1 = 2 < needs 1 + 6 + 4 = 11 → 11 (within the 7-20 tier)
    expect(r.projectDetails.totalCameras).toBe(11);
    expect([quantity(r, 'Six registers'), quantity(r, '4 aisles')]).toEqual([6, 4]);
  });
});

describe('design rules: every entry point and named area covered, or listed with the reason', () => {
  it('a tier too small for what was named: the rest are listed as not covered, with the reason', () => {
    const small = structuredClone(config);
    small.tiers.low.range = '1-3';
    small.tiers.medium.range = '4-5';
    small.tiers.high.range = '6-6';
    const r = designSystem(
      {
        buildingType: 'residential',
        squareFootage: 1000,
        entryPoints: 'Front door, back door',
        specificAreas: 'Pool, shed, garden, patio, two stairwell exits',
      },
      small,
    );
    expect(r.projectDetails.totalCameras).toBe(6);
    const names = r.cameraLocations.map((l) => l.location);
    expect(names).toEqual(['Front door', 'Back door', 'Pool', 'Shed', 'Garden', 'Patio']);
    expect(r.notCovered).toEqual([
      {
        name: 'Two stairwell exits',
        reason: 'More entry points and areas were named than the 6 cameras of this design; it is reviewed at the free site survey.',
      },
    ]);
  });

  it('past the first 20 areas: listed as not covered', () => {
    const areas = Array.from({ length: 23 }, (_, i) => `Room ${String.fromCharCode(65 + i)}`).join(', ');
    const r = designSystem({ buildingType: 'office', squareFootage: 100_000, entryPoints: '1', specificAreas: areas }, config);
    expect(r.notCovered!.map((x) => x.name)).toEqual(['Room U', 'Room V', 'Room W']);
    expect(r.notCovered![0]!.reason).toMatch(/first 20/);
  });

  it('over many inputs: each entry point and named area has a camera location or a not-covered line; no name twice', () => {
    const PLACES = [
      'Front door',
      'back door',
      'two stairwell exits',
      'Parking lot',
      'Stairwell',
      'fire exits',
      'Lobby',
      '2nd floor office',
      'Pool',
      'Loading docks',
      'Server room',
      'Reception',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...WIZARD_BUILDING_TYPES),
        fc.integer({ min: 100, max: 300_000 }),
        fc.constantFrom(...WIZARD_FLOORS),
        fc.subarray(PLACES, { minLength: 1 }),
        fc.subarray(PLACES),
        fc.constantFrom('4-6', '1-3', '2-2', '30-40'),
        (buildingType, squareFootage, floors, doors, areas, low) => {
          const c = structuredClone(config);
          c.tiers.low.range = low;
          const input: DesignInput = {
            buildingType,
            squareFootage,
            floors,
            entryPoints: doors.join(', '),
            specificAreas: areas.join(', '),
          };
          const n = normalizeDesignInput(input);
          const r = designSystem(input, c);
          const located = new Set(r.cameraLocations.map((l) => l.location.toLowerCase()));
          const listed = new Set(r.notCovered!.map((x) => x.name.toLowerCase()));
          for (const name of [...n.entries, ...n.areas])
            expect(located.has(name.toLowerCase()) || listed.has(name.toLowerCase())).toBe(true);
          for (const x of r.notCovered!) expect(x.reason.length).toBeGreaterThan(10);
          expect(located.size).toBe(r.cameraLocations.length);
          expect(r.cameraLocations.reduce((a, l) => a + l.quantity, 0)).toBe(r.projectDetails.totalCameras);
        },
      ),
      { numRuns: 300 },
    );
  });
});
