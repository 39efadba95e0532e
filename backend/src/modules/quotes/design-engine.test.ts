import fc from 'fast-check';
import { BUDGET_VALUES, TIMELINE_VALUES, WIZARD_BUILDING_TYPES, WIZARD_FEATURES, WIZARD_FLOORS, aiRecommendationSchema, type AiRecommendation } from '@ironclad/contracts';
import { ADDITIONAL_COSTS_DEFAULTS, COMPONENT_PRICING_DEFAULTS, TIERED_PRICING_DEFAULTS } from '../../database/seed/ai-config.defaults.js';
import { INVENTORY_SEED } from '../../database/seed/inventory.data.js';
import { CATEGORY_LABELS, designSystem, fitToTier, normalizeDesignInput, parseTierRange, tierRanges, type DesignConfig, type DesignInput } from './design-engine.js';

const seedConfig = (over: Partial<DesignConfig> = {}): DesignConfig => ({
  tiers: structuredClone(TIERED_PRICING_DEFAULTS),
  components: { ...COMPONENT_PRICING_DEFAULTS },
  additional: structuredClone(ADDITIONAL_COSTS_DEFAULTS),
  inventory: INVENTORY_SEED.filter((i) => i.isActive).map((i) => ({ category: i.category, name: i.name, description: i.description, unitPriceCents: i.unitPrice, specifications: i.specifications })),
  promotion: null,
  ...over,
});

const home: DesignInput = {
  buildingType: 'residential',
  squareFootage: '4500',
  floors: '2',
  entryPoints: 'Front door, back door',
  specificAreas: '',
  budget: '10k-25k',
  timeline: 'asap',
  additionalFeatures: [],
};
const office: DesignInput = {
  buildingType: 'office',
  squareFootage: 50000,
  floors: '3',
  entryPoints: 'Main entrance, rear exit, loading door, parking garage door',
  specificAreas: 'Server room, reception, parking lot',
  budget: '50k-plus',
  timeline: '1-month',
  additionalFeatures: ['Access Control System'],
};

const cameraCount = (r: AiRecommendation) => r.cameraLocations.reduce((a, l) => a + l.quantity, 0);

describe('design engine — calibration on the spec samples (decisions §10)', () => {
  it('a 4,500 sq ft home → 8 cameras, 2-day install', () => {
    const r = designSystem(home, seedConfig());
    expect(r.projectDetails.totalCameras).toBe(8);
    expect(r.projectDetails.totalProjectDays).toBe(2);
    expect(r.projectDetails.wiringDays + r.projectDetails.programmingDays).toBe(2);
    expect(r.projectDetails.phased).toBe(false);
    expect(r.projectDetails.estimateType).toBe('medium');
    expect(cameraCount(r)).toBe(8);
    expect(aiRecommendationSchema.parse(r)).toEqual(r);
  });

  it('a 50,000 sq ft office → a phased install of about a week', () => {
    const r = designSystem(office, seedConfig());
    expect(r.projectDetails.phased).toBe(true);
    expect(r.projectDetails.totalProjectDays).toBeGreaterThanOrEqual(5);
    expect(r.projectDetails.totalProjectDays).toBeLessThanOrEqual(7);
    expect(r.projectDetails.totalCameras).toBeGreaterThanOrEqual(21);
    expect(r.projectDetails.estimateType).toBe('high');
    expect(r.timeline).toMatch(/^Phased installation over \d business days \(about 1 week\)/);
    // entry points are Critical, named areas High
    expect(r.cameraLocations.filter((l) => l.priority === 'Critical').map((l) => l.location)).toEqual(['Main entrance', 'Rear exit', 'Loading door', 'Parking garage door']);
    expect(r.cameraLocations.filter((l) => l.priority === 'High').map((l) => l.location)).toEqual(['Server room', 'Reception', 'Parking lot']);
    // access control: per door = 4 entry points at $1,200
    const features = r.equipmentList.find((c) => c.category === CATEGORY_LABELS.features)!;
    expect(features.items).toEqual([expect.objectContaining({ quantity: 4, unitPrice: 1200, total: 4800 })]);
    expect(r.pricing.additionalCosts).toBe(4800);
  });
});

describe('design engine — prices from the configuration and inventory', () => {
  it('is deterministic: same inputs and configuration → same quote', () => {
    expect(designSystem(office, seedConfig())).toEqual(designSystem(structuredClone(office), seedConfig()));
  });

  it('prices the home sample from the seeded defaults', () => {
    const r = designSystem(home, seedConfig());
    // 8 cameras ≤ 8 channels → the 8-channel NVR at nvr_8ch
    const nvr = r.equipmentList.find((c) => c.category === CATEGORY_LABELS.nvr)!.items;
    expect(nvr).toEqual([expect.objectContaining({ item: '8-Channel PoE NVR (2 TB)', quantity: 1, unitPrice: 1386, total: 1386 })]);
    const infra = r.equipmentList.find((c) => c.category === CATEGORY_LABELS.installation)!.items;
    expect(infra).toContainEqual(expect.objectContaining({ item: 'Cat6 Wiring (per camera)', quantity: 8, unitPrice: 200, total: 1600 }));
    expect(infra).toContainEqual(expect.objectContaining({ item: 'Equipment Rack & Accessories', quantity: 1, unitPrice: 500 }));
    // front door of a home gets the doorbell camera at its inventory price ($199)
    const cams = r.equipmentList.find((c) => c.category === CATEGORY_LABELS.cameras)!.items;
    expect(cams).toContainEqual(expect.objectContaining({ item: 'Video Doorbell Camera', quantity: 1, unitPrice: 199 }));
    // medium tier: labour per camera = max(350 + 150, 1140 − 250 − 200) = 690
    expect(r.pricing.laborCost).toBe(8 * 690);
    expect(r.pricing.july4Discount).toBeUndefined();
    expect(r.pricing.totalProjectCost).toBe(r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts);
  });

  it('a staff change to a component price, a tier or an inventory item changes the next quote', () => {
    const before = designSystem(home, seedConfig());
    const c = seedConfig();
    c.components.nvr_8ch = 2000;
    expect(designSystem(home, c).pricing.equipmentSubtotal).toBe(before.pricing.equipmentSubtotal + 614);

    const t = seedConfig();
    t.tiers.medium.avgPerDeviceCost = 1500;
    expect(designSystem(home, t).pricing.laborCost).toBe(8 * (1500 - 450));

    const inv = seedConfig();
    inv.inventory = inv.inventory.map((i) => (i.name === 'Video Doorbell Camera' ? { ...i, unitPriceCents: 29_900 } : i));
    expect(designSystem(home, inv).pricing.equipmentSubtotal).toBe(before.pricing.equipmentSubtotal + 100);

    const tiers = seedConfig();
    tiers.tiers.low.range = '10-12';
    tiers.tiers.medium.range = '13-20';
    expect(designSystem(home, tiers).projectDetails.totalCameras).toBe(10);
  });

  it('applies a valid promotion as the july4Discount line', () => {
    const r = designSystem(home, seedConfig({ promotion: { code: 'JULY4', percent: 25, validUntil: '2030-07-31' } }));
    const gross = r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts;
    expect(r.pricing.july4Discount).toEqual({ code: 'JULY4', percent: 25, savings: Math.round(gross * 0.25), validUntil: '2030-07-31', finalPrice: gross - Math.round(gross * 0.25) });
    expect(r.pricing.totalProjectCost).toBe(r.pricing.july4Discount!.finalPrice);
  });

  it('works without any inventory (names and prices from the AI configuration)', () => {
    const r = designSystem({ ...office, additionalFeatures: ['Alarm System Integration'] }, seedConfig({ inventory: [] }));
    expect(r.equipmentList[0]!.items).toEqual([expect.objectContaining({ item: '4K IP Camera', unitPrice: 250 })]);
    expect(r.notes).toContain('Alarm System Integration is priced at the free site survey.');
  });
});

describe('design engine — input parsing', () => {
  it('normalises form values and the spec defaults', () => {
    expect(normalizeDesignInput({ squareFootage: '4,500 sq ft', floors: '4+', entryPoints: '3' })).toMatchObject({
      buildingType: 'residential',
      squareFootage: 4500,
      floors: 4,
      entries: ['Front door', 'Entry point 2', 'Entry point 3'],
    });
    expect(normalizeDesignInput({}).squareFootage).toBe(2000);
    expect(normalizeDesignInput({ entryPoints: '2 doors' }).entries).toHaveLength(2);
    expect(normalizeDesignInput({ specificAreas: 'driveway and backyard\n- pool; driveway' }).areas).toEqual(['Driveway', 'Backyard', 'Pool']);
  });

  it('parses tier ranges and fits counts into them', () => {
    expect(parseTierRange('4-6')).toEqual({ min: 4, max: 6 });
    expect(parseTierRange('21+')).toEqual({ min: 21, max: 200 });
    expect(parseTierRange('many')).toBeNull();
    const ranges = tierRanges(TIERED_PRICING_DEFAULTS);
    expect(fitToTier(2, ranges)).toMatchObject({ cameras: 4 });
    expect(fitToTier(7, ranges).tier.key).toBe('medium');
    expect(fitToTier(80, ranges)).toMatchObject({ cameras: 50 });
  });
});

// ─── property tests ─────────────────────────────────────────────────────────────────────────────

const textArb = fc.oneof(fc.constant(''), fc.string({ maxLength: 300 }), fc.array(fc.constantFrom('front door', 'back door', 'garage', 'parking lot', 'lobby', '2nd floor hallway', 'loading dock', 'cash register', 'pool'), { maxLength: 25 }).map((a) => a.join(', ')));
const inputArb: fc.Arbitrary<DesignInput> = fc.record({
  buildingType: fc.constantFrom(...WIZARD_BUILDING_TYPES),
  squareFootage: fc.oneof(fc.integer({ min: 100, max: 1_000_000 }), fc.integer({ min: 100, max: 1_000_000 }).map(String)),
  floors: fc.constantFrom(...WIZARD_FLOORS),
  entryPoints: fc.oneof(fc.integer({ min: 1, max: 20 }), textArb),
  specificAreas: textArb,
  budget: fc.constantFrom(...BUDGET_VALUES),
  timeline: fc.constantFrom(...TIMELINE_VALUES),
  additionalFeatures: fc.subarray([...WIZARD_FEATURES]),
});
const dollarsArb = fc.integer({ min: 0, max: 20_000 });
const configArb: fc.Arbitrary<DesignConfig> = fc
  .record({
    camera: dollarsArb,
    wiring: dollarsArb,
    install: dollarsArb,
    programming: dollarsArb,
    dayRate: dollarsArb,
    nvr: fc.tuple(dollarsArb, dollarsArb, dollarsArb),
    rack: dollarsArb,
    avg: fc.tuple(dollarsArb, dollarsArb, dollarsArb),
    perDoor: fc.tuple(dollarsArb, dollarsArb),
    promo: fc.option(fc.integer({ min: 0, max: 100 })),
    priceFactor: fc.integer({ min: 0, max: 5 }),
  })
  .map((v) => {
    const c = seedConfig();
    Object.assign(c.components, { camera_unit_price: v.camera, wiring_per_camera: v.wiring, installation_per_camera: v.install, programming_per_camera: v.programming, installation_day_rate: v.dayRate, nvr_8ch: v.nvr[0], nvr_16ch: v.nvr[1], nvr_32ch: v.nvr[2], rack_accessories: v.rack });
    c.tiers.low.avgPerDeviceCost = v.avg[0];
    c.tiers.medium.avgPerDeviceCost = v.avg[1];
    c.tiers.high.avgPerDeviceCost = v.avg[2];
    c.additional.access_control_system.perDoor = v.perDoor[0];
    c.additional.video_intercom_system.perDoor = v.perDoor[1];
    c.inventory = c.inventory.map((i) => ({ ...i, unitPriceCents: i.unitPriceCents * v.priceFactor + 49 }));
    c.promotion = v.promo === null ? null : { code: 'PROMO', percent: v.promo, validUntil: '2099-12-31' };
    return c;
  });

describe('design engine — invariants (property tests)', () => {
  it('line totals, subtotals, total, tier ranges, days; never negative or NaN', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, config) => {
        const r = designSystem(input, config);
        aiRecommendationSchema.parse(r); // non-negative integers everywhere (no NaN)
        const lines = r.equipmentList.flatMap((c) => c.items);
        for (const l of lines) expect(l.total).toBe(l.quantity * l.unitPrice);
        const featureSum = r.equipmentList.filter((c) => c.category === CATEGORY_LABELS.features).flatMap((c) => c.items).reduce((a, l) => a + l.total, 0);
        expect(r.pricing.equipmentSubtotal + r.pricing.additionalCosts).toBe(lines.reduce((a, l) => a + l.total, 0));
        expect(r.pricing.additionalCosts).toBe(featureSum);
        const discount = r.pricing.july4Discount?.savings ?? 0;
        expect(r.pricing.totalProjectCost).toBe(r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts - discount);
        expect(r.pricing.totalProjectCost).toBeGreaterThanOrEqual(0);
        expect(Boolean(r.pricing.july4Discount)).toBe(config.promotion !== null);
        const tier = tierRanges(config.tiers).find((t) => t.key === r.projectDetails.estimateType)!;
        expect(r.projectDetails.totalCameras).toBeGreaterThanOrEqual(tier.min);
        expect(r.projectDetails.totalCameras).toBeLessThanOrEqual(tier.max);
        expect(cameraCount(r)).toBe(r.projectDetails.totalCameras);
        expect(r.equipmentList[0]!.items.reduce((a, l) => a + l.quantity, 0)).toBe(r.projectDetails.totalCameras);
        expect(r.projectDetails.totalProjectDays).toBe(r.projectDetails.wiringDays + r.projectDetails.programmingDays);
        expect(r.projectDetails.wiringDays).toBeGreaterThanOrEqual(1);
        expect(JSON.stringify(r)).not.toMatch(/NaN|Infinity|undefined/);
      }),
      { numRuns: 400 },
    );
  });

  it('more square feet never means fewer cameras (same building otherwise)', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 100, max: 500_000 }), fc.integer({ min: 0, max: 500_000 }), (input, a, extra) => {
        const small = designSystem({ ...input, squareFootage: a }, seedConfig());
        const big = designSystem({ ...input, squareFootage: a + extra }, seedConfig());
        expect(big.projectDetails.totalCameras).toBeGreaterThanOrEqual(small.projectDetails.totalCameras);
      }),
      { numRuns: 200 },
    );
  });
});
