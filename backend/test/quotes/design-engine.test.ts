import fc from 'fast-check';
import {
  BUDGET_VALUES,
  TIMELINE_VALUES,
  WIZARD_BUILDING_TYPES,
  WIZARD_FEATURES,
  WIZARD_FLOORS,
  aiRecommendationSchema,
  createLeadSchema,
  QUOTE_ENGINE_SKUS,
  type AiRecommendation,
} from '@ironclad/contracts';
import {
  AI_CONFIG_SCHEMAS,
  COMPONENT_PRICING_DEFAULTS,
  TIERED_PRICING_DEFAULTS,
  USD_CONFIG_MAX,
} from '../../src/modules/quotes/ai-config/ai-config.defaults.js';
import {
  CATEGORY_LABELS,
  designSystem,
  fitToTier,
  normalizeDesignInput,
  parseTierRange,
  tierRanges,
  type DesignConfig,
  type DesignInput,
  type EngineInventoryItem,
} from '../../src/modules/quotes/design-engine/index.js';
import { WIZARD_LEAD_DEFAULTS, designInputOfLead } from '../../src/modules/quotes/quotes.service.js';
import { seedDesignConfig } from '../support/design-config.js';

const seedConfig = seedDesignConfig;

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
  // issue 21: the §9 calculator timeline wins over the sample's "2-day install":
  // ⌈8 ÷ 4⌉ × 1.5 (finished) = 3 wiring days + 1 installation group = 4 business days
  it('a 4,500 sq ft home → 8 cameras, 4 business days by the §9 timeline', () => {
    const r = designSystem(home, seedConfig());
    expect(r.projectDetails.totalCameras).toBe(8);
    expect(r.projectDetails.totalProjectDays).toBe(4);
    expect(r.projectDetails.wiringDays + r.projectDetails.programmingDays).toBe(4);
    expect(r.projectDetails.phased).toBe(false);
    expect(r.projectDetails.estimateType).toBe('medium');
    expect(cameraCount(r)).toBe(8);
    expect(aiRecommendationSchema.parse(r)).toEqual(r);
  });

  // issue 21: the §9 timeline wins over the sample's "1-week phased install": 31 cameras finished →
  // ⌈31 ÷ 4⌉ × 1.5 = 12 + 4 groups = 16 business days; from 50,000 sq ft shown as max(5, ⌈16 ÷ 5⌉) = 5 weeks
  it('a 50,000 sq ft office → a phased install, 16 business days shown as 5 weeks (§9)', () => {
    const r = designSystem(office, seedConfig());
    expect(r.projectDetails.phased).toBe(true);
    expect(r.projectDetails.totalCameras).toBe(31);
    expect(r.projectDetails.totalProjectDays).toBe(16);
    expect(r.projectDetails.estimateType).toBe('high');
    expect(r.timeline).toMatch(/^Phased installation over 16 business days \(about 5 weeks\)/);
    // entry points are Critical, named areas High
    expect(r.cameraLocations.filter((l) => l.priority === 'Critical').map((l) => l.location)).toEqual([
      'Main entrance',
      'Rear exit',
      'Loading door',
      'Parking garage door',
    ]);
    expect(r.cameraLocations.filter((l) => l.priority === 'High').map((l) => l.location)).toEqual([
      'Server room',
      'Reception',
      'Parking lot',
    ]);
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
    expect(nvr).toEqual([
      expect.objectContaining({ sku: QUOTE_ENGINE_SKUS.nvr8, item: '8-Channel PoE NVR (2 TB)', quantity: 1, unitPrice: 1386, total: 1386 }),
    ]);
    const infra = r.equipmentList.find((c) => c.category === CATEGORY_LABELS.installation)!.items;
    // issue 21: §9 wiring per camera in a finished building ($205)
    expect(infra).toContainEqual(expect.objectContaining({ item: 'Cat6 Wiring (per camera)', quantity: 8, unitPrice: 205, total: 1640 }));
    expect(infra).toContainEqual(expect.objectContaining({ item: 'Equipment Rack & Accessories', quantity: 1, unitPrice: 500 }));
    // issue 21: the front door of a home gets the doorbell camera, priced like every camera at the
    // §9 camera rate (the default camera's price, $250), as the calculator prices it
    const cams = r.equipmentList.find((c) => c.category === CATEGORY_LABELS.cameras)!.items;
    expect(cams).toContainEqual(expect.objectContaining({ item: 'Video Doorbell Camera', quantity: 1, unitPrice: 250 }));
    expect(cams.reduce((a, l) => a + l.total, 0)).toBe(2000);
    // issue 21: labour = §9 installation, one group of 8 cameras in a finished building ($2,600)
    expect(r.pricing.laborCost).toBe(2600);
    // the calculator's total for 8 cameras and no options: 2000 + 1386 + 500 + 1640 + 2600
    expect(r.pricing.totalProjectCost).toBe(8126);
    expect(r.pricing.july4Discount).toBeUndefined();
    expect(r.pricing.totalProjectCost).toBe(r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts);
  });

  it('a staff change to a component price, a tier or an inventory item changes the next quote', () => {
    const before = designSystem(home, seedConfig());
    // the catalogue's 8-channel NVR prices its line; its component price only when it is missing or deactivated
    const nvrItem = seedConfig();
    nvrItem.inventory = nvrItem.inventory.map((i) => (i.sku === QUOTE_ENGINE_SKUS.nvr8 ? { ...i, unitPriceCents: 200_000 } : i));
    expect(designSystem(home, nvrItem).pricing.equipmentSubtotal).toBe(before.pricing.equipmentSubtotal + 614);
    const c = seedConfig();
    c.components.nvr_8ch = 2000;
    c.inventory = c.inventory.filter((i) => i.sku !== QUOTE_ENGINE_SKUS.nvr8);
    const noNvrItem = designSystem(home, c);
    expect(noNvrItem.pricing.equipmentSubtotal).toBe(before.pricing.equipmentSubtotal + 614);
    expect(noNvrItem.equipmentList.find((l) => l.category === CATEGORY_LABELS.nvr)!.items).toEqual([
      expect.objectContaining({ item: '8-Channel NVR', unitPrice: 2000, total: 2000 }),
    ]);
    const stillListed = seedConfig();
    stillListed.components.nvr_8ch = 2000;
    expect(designSystem(home, stillListed).pricing.equipmentSubtotal).toBe(before.pricing.equipmentSubtotal);

    // issue 21: §9 labour (installation per group of 8) no longer reads the tier's average price
    const t = seedConfig();
    t.tiers.medium.avgPerDeviceCost = 1500;
    expect(designSystem(home, t).pricing.laborCost).toBe(2600);

    // issue 21: every camera is priced at the default camera's price (the §9 camera rate)
    const inv = seedConfig();
    inv.inventory = inv.inventory.map((i) => (i.sku === QUOTE_ENGINE_SKUS.defaultCamera ? { ...i, unitPriceCents: 35_000 } : i));
    expect(designSystem(home, inv).pricing.equipmentSubtotal).toBe(before.pricing.equipmentSubtotal + 8 * 100);

    // a deactivated item (absent from the active catalogue) is not proposed
    const noDoorbell = seedConfig();
    noDoorbell.inventory = noDoorbell.inventory.filter((i) => i.sku !== QUOTE_ENGINE_SKUS.doorbellCamera);
    const cams = designSystem(home, noDoorbell).equipmentList.find((l) => l.category === CATEGORY_LABELS.cameras)!.items;
    expect(cams.map((l) => l.item)).not.toContain('Video Doorbell Camera');
    expect(cams.reduce((a, l) => a + l.quantity, 0)).toBe(before.projectDetails.totalCameras);

    const tiers = seedConfig();
    tiers.tiers.low.range = '10-12';
    tiers.tiers.medium.range = '13-20';
    expect(designSystem(home, tiers).projectDetails.totalCameras).toBe(10);
  });

  it('applies a valid promotion as the july4Discount line', () => {
    const r = designSystem(home, seedConfig({ promotion: { code: 'JULY4', percent: 25, validUntil: '2030-07-31' } }));
    const gross = r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts;
    expect(r.pricing.july4Discount).toEqual({
      code: 'JULY4',
      percent: 25,
      savings: Math.round(gross * 0.25),
      validUntil: '2030-07-31',
      finalPrice: gross - Math.round(gross * 0.25),
    });
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
    expect(normalizeDesignInput({ specificAreas: 'driveway and backyard\n- pool; driveway' }).areas).toEqual([
      'Driveway',
      'Backyard',
      'Pool',
    ]);
  });

  it('takes no prototype property of its lookup tables for a form value ("constructor", "valueOf", "__proto__")', () => {
    const r = designSystem({ ...home, buildingType: 'constructor', budget: 'valueOf', timeline: 'constructor' }, seedConfig());
    expect(normalizeDesignInput({ buildingType: '__proto__' }).buildingType).toBe('residential');
    expect(r.notes).not.toMatch(/undefined|budget/);
    expect(r.timeline).not.toMatch(/function|native code/);
    expect(r.projectDetails.totalCameras).toBe(8);
  });

  it('names each camera location once: a repeated area or a standard location the visitor named adds to it', () => {
    const r = designSystem({ ...home, entryPoints: 'Front door, garage', specificAreas: 'front door, Backyard, garage' }, seedConfig());
    const names = r.cameraLocations.map((l) => l.location);
    expect(names.filter((n) => /^garage$/i.test(n))).toEqual(['Garage']);
    expect(names.filter((n) => /^backyard$/i.test(n))).toEqual(['Backyard']);
    expect(r.cameraLocations.find((l) => l.location === 'Garage')).toMatchObject({ priority: 'Critical' });
    expect(r.cameraLocations.find((l) => l.location === 'Backyard')).toMatchObject({ priority: 'High' });
    expect(cameraCount(r)).toBe(r.projectDetails.totalCameras);
  });

  it('rounds fractional dollar amounts of the configuration to whole dollars', () => {
    // without a catalogue, so that the configuration prices the camera and the wiring
    const c = seedConfig({ inventory: [] });
    c.components.camera_unit_price = 249.6;
    // issue 21: wiring is the §9 rate; the rack & accessories line is priced by the configuration
    c.components.rack_accessories = 499.5;
    const r = designSystem({ ...home, entryPoints: '3' }, c);
    const cams = r.equipmentList[0]!.items.find((i) => i.item !== 'Video Doorbell Camera')!;
    expect(cams.unitPrice).toBe(250);
    expect(r.equipmentList[2]!.items[1]).toMatchObject({ unitPrice: 500 });
    expect(aiRecommendationSchema.parse(r)).toEqual(r);
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
//
// The inputs span everything POST /api/leads accepts for a wizard lead (createLeadSchema: texts up
// to their maximum lengths, numbers up to their maximum values, unknown building types, budgets,
// timelines and feature labels), after the server's wizard defaults and designInputOfLead, i.e.
// exactly what the engine can receive in production. The configurations span what the AI
// configuration schemas accept (any non-negative dollar amount up to their maximum, fractions
// included; any range text) and any active inventory.

const PLACES = [
  'front door',
  'Back door',
  'garage',
  'Garage',
  'parking lot',
  'Parking lot',
  'lobby',
  '2nd floor hallway',
  'loading dock',
  'cash register',
  'pool',
  'Backyard',
  'Driveway & front yard',
  'Reception & lobby',
  'Corridors',
  'Hallways',
  'Kitchen',
  'Dining room',
  'Stockroom',
  'Building perimeter',
];
/** Free text of up to `max` characters: random characters, or lists of place names (duplicates, any case). */
const textArb = (max: number) =>
  fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: max }),
    fc
      .tuple(fc.array(fc.constantFrom(...PLACES), { maxLength: 40 }), fc.constantFrom(', ', '\n', ' and ', '; ', ' & ', '\n- '))
      .map(([a, sep]) => a.join(sep)),
    fc.array(fc.constantFrom(...PLACES), { minLength: 1, maxLength: 400 }).map((a) => a.join(', ').slice(0, max)),
    fc.string({ minLength: max - 20, maxLength: max }),
  );
const numberArb = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true }));
const leadArb = fc.record(
  {
    buildingInfo: fc.record(
      {
        type: fc.oneof(fc.constantFrom(...WIZARD_BUILDING_TYPES, 'commercial', 'home', '', 'RESIDENTIAL'), fc.string({ maxLength: 100 })),
        squareFootage: fc.oneof(
          numberArb(10_000_000),
          fc.string({ maxLength: 20 }),
          fc.integer({ min: 0, max: 10_000_000 }).map((n) => n.toLocaleString('en-US')),
          fc.constantFrom('', '4,500 sq ft', '1e9', '-5', '0'),
        ),
        floors: fc.oneof(fc.constantFrom(...WIZARD_FLOORS), numberArb(1_000_000), textArb(2000)),
        entryPoints: fc.oneof(
          numberArb(1_000_000),
          textArb(2000),
          fc.integer({ min: 0, max: 1_000_000 }).map((n) => `${n} doors`),
        ),
        specificAreas: textArb(5000),
      },
      { requiredKeys: [] },
    ),
    specificAreas: textArb(5000),
    budget: fc.oneof(fc.constantFrom(...BUDGET_VALUES), fc.string({ maxLength: 100 })),
    timeline: fc.oneof(fc.constantFrom(...TIMELINE_VALUES), fc.string({ maxLength: 100 })),
    additionalFeatures: fc.array(fc.oneof(fc.constantFrom(...WIZARD_FEATURES), fc.string({ maxLength: 100 })), { maxLength: 20 }),
  },
  { requiredKeys: ['buildingInfo'] },
);
/** A raw wizard payload as the API validates it, then as the lead service hands it to the engine. */
const inputArb: fc.Arbitrary<DesignInput> = leadArb
  .map((raw) => createLeadSchema.safeParse({ email: 'prop@example.com', source: 'ai_shopping', ...raw }))
  .filter((r) => r.success)
  .map((r) => {
    const lead = r.data!;
    return designInputOfLead(lead, { ...WIZARD_LEAD_DEFAULTS, ...lead.buildingInfo });
  });

const dollarsArb = fc.oneof(
  fc.integer({ min: 0, max: 20_000 }),
  fc.double({ min: 0, max: USD_CONFIG_MAX, noNaN: true, noDefaultInfinity: true }),
);
const rangeArb = fc.oneof(
  fc.constantFrom('4-6', '7-20', '21-50', '1-3', '21+', '10', '0-0', '5-3', '300-400', '2 to 9', 'many', '50+', '1-1000'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const INVENTORY_NAMES = {
  cameras: ['4K Turret Camera', '4K Bullet Camera', '4K Dome Camera', 'PTZ Camera 25x', 'Video Doorbell Camera', 'Fisheye Camera'],
  nvr: ['8-Channel NVR', '16 Channel NVR', '32-ch NVR', 'NVR 64 channel'],
  installation: ['Cat6 Wiring Kit', 'Equipment Rack & Cat6 Cabling', '24-Port PoE Switch', 'UPS Battery Backup', 'Rack and switch bundle'],
  features: [
    'Access Control Reader',
    'Video Intercom Station',
    'Alarm Panel',
    'Cloud Storage Plan',
    'Smart Home Hub',
    'Professional Monitoring Setup',
    'Cloud monitoring and alarm bundle',
  ],
  services: ['Alarm Monitoring Service', 'Smart Home Integration Service'],
} as const;
/** SKUs of generated catalogues: every item the engine prices from, and items it never reads. */
const ARB_SKUS = [...Object.values(QUOTE_ENGINE_SKUS), 'OTHER-1', 'OTHER-2', 'OTHER-3'];
const inventoryArb: fc.Arbitrary<EngineInventoryItem[]> = fc.oneof(
  fc.constant(seedConfig().inventory as EngineInventoryItem[]),
  fc
    .uniqueArray(
      fc.record({
        sku: fc.constantFrom(...ARB_SKUS),
        // names may repeat across SKUs: staff may give two models one name
        item: fc.constantFrom(...Object.entries(INVENTORY_NAMES).flatMap(([category, names]) => names.map((name) => ({ category, name })))),
      }),
      { maxLength: ARB_SKUS.length, selector: (i) => i.sku },
    )
    .chain((items) =>
      fc
        .tuple(
          ...items.map(() =>
            fc.record({ cents: fc.integer({ min: 0, max: 10_000_000 }), description: fc.option(fc.string({ maxLength: 40 })) }),
          ),
        )
        .map((extra) =>
          items.map((i, k) => ({
            sku: i.sku,
            ...i.item,
            description: extra[k]!.description,
            unitPriceCents: extra[k]!.cents,
            specifications: null,
          })),
        ),
    ),
);
const configArb: fc.Arbitrary<DesignConfig> = fc
  .record({
    components: fc.record(
      Object.fromEntries(Object.keys(COMPONENT_PRICING_DEFAULTS).map((k) => [k, dollarsArb])) as Record<
        keyof typeof COMPONENT_PRICING_DEFAULTS,
        fc.Arbitrary<number>
      >,
    ),
    ranges: fc.tuple(rangeArb, rangeArb, rangeArb),
    avg: fc.tuple(dollarsArb, dollarsArb, dollarsArb),
    perDoor: fc.tuple(dollarsArb, dollarsArb),
    monitoring: fc.tuple(dollarsArb, dollarsArb),
    inventory: inventoryArb,
    promo: fc.option(fc.integer({ min: 0, max: 100 })),
  })
  .map((v) => {
    const c = seedConfig();
    c.components = v.components;
    (['low', 'medium', 'high'] as const).forEach((k, i) => {
      c.tiers[k].range = v.ranges[i]!;
      c.tiers[k].avgPerDeviceCost = v.avg[i]!;
    });
    c.additional.access_control_system.perDoor = v.perDoor[0];
    c.additional.video_intercom_system.perDoor = v.perDoor[1];
    c.additional.professional_monitoring.setupPerCamera = v.monitoring[0];
    c.additional.professional_monitoring.monthlyPerCamera = v.monitoring[1];
    c.inventory = v.inventory;
    c.promotion = v.promo === null ? null : { code: 'PROMO', percent: v.promo, validUntil: '2099-12-31' };
    // every configuration generated is one the stored-record schemas accept
    AI_CONFIG_SCHEMAS.tiered_pricing.parse(c.tiers);
    AI_CONFIG_SCHEMAS.component_pricing.parse(c.components);
    AI_CONFIG_SCHEMAS.additional_costs.parse(c.additional);
    return c;
  });

describe('design engine — invariants (property tests)', () => {
  it('over every accepted input and configuration: line totals, subtotals, total, tier ranges, days, unique names; never negative or NaN', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, config) => {
        const r = designSystem(input, config);
        aiRecommendationSchema.parse(r); // non-negative integers everywhere (no NaN, no fractions)
        const lines = r.equipmentList.flatMap((c) => c.items);
        for (const l of lines) expect(l.total).toBe(l.quantity * l.unitPrice);
        const featureSum = r.equipmentList
          .filter((c) => c.category === CATEGORY_LABELS.features)
          .flatMap((c) => c.items)
          .reduce((a, l) => a + l.total, 0);
        expect(r.pricing.equipmentSubtotal + r.pricing.additionalCosts).toBe(lines.reduce((a, l) => a + l.total, 0));
        expect(r.pricing.additionalCosts).toBe(featureSum);
        const discount = r.pricing.july4Discount?.savings ?? 0;
        expect(r.pricing.totalProjectCost).toBe(r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts - discount);
        expect(r.pricing.totalProjectCost).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(r.pricing.totalProjectCost * 100)).toBe(true); // stored as integer cents
        expect(Boolean(r.pricing.july4Discount)).toBe(config.promotion !== null);
        const tier = tierRanges(config.tiers).find((t) => t.key === r.projectDetails.estimateType)!;
        expect(r.projectDetails.totalCameras).toBeGreaterThanOrEqual(Math.max(1, tier.min));
        expect(r.projectDetails.totalCameras).toBeLessThanOrEqual(tier.max);
        expect(cameraCount(r)).toBe(r.projectDetails.totalCameras);
        expect(r.equipmentList[0]!.items.reduce((a, l) => a + l.quantity, 0)).toBe(r.projectDetails.totalCameras);
        expect(r.projectDetails.totalProjectDays).toBe(r.projectDetails.wiringDays + r.projectDetails.programmingDays);
        expect(r.projectDetails.wiringDays).toBeGreaterThanOrEqual(1);
        // what the quote page lists once per row: camera locations, and items within a category
        const locationNames = r.cameraLocations.map((l) => l.location.toLowerCase());
        expect(new Set(locationNames).size).toBe(locationNames.length);
        for (const c of r.equipmentList) expect(new Set(c.items.map((i) => i.item)).size).toBe(c.items.length);
        // the engine's own wording (location names may repeat whatever the visitor typed)
        const prose = [
          r.summary,
          r.description,
          r.timeline,
          r.warranty,
          r.notes,
          r.projectDetails.coverage,
          r.projectDetails.buildingSize,
        ].join('\n');
        expect(prose).not.toMatch(/NaN|Infinity|undefined|null|\[object|function/);
      }),
      { numRuns: 500 },
    );
  });

  it('raising any price never lowers a quote, and lowering one never raises it', () => {
    /** Every price of the configuration space: AI configuration amounts (dollars) and inventory prices (cents). */
    type PriceRise = { path: readonly [string, ...string[]]; by: number } | { sku: string; byCents: number };
    const dollarPaths: (readonly [string, ...string[]])[] = [
      ...Object.keys(COMPONENT_PRICING_DEFAULTS).map((k) => ['components', k] as const),
      ...(['low', 'medium', 'high'] as const).map((k) => ['tiers', k, 'avgPerDeviceCost'] as const),
      ['additional', 'access_control_system', 'perDoor'],
      ['additional', 'video_intercom_system', 'perDoor'],
      ['additional', 'professional_monitoring', 'setupPerCamera'],
      ['additional', 'professional_monitoring', 'monthlyPerCamera'],
    ];
    const riseArb: fc.Arbitrary<PriceRise> = fc.oneof(
      fc.record({
        path: fc.constantFrom(...dollarPaths),
        by: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: USD_CONFIG_MAX })),
      }),
      fc.record({ sku: fc.constantFrom(...ARB_SKUS), byCents: fc.integer({ min: 1, max: 10_000_000 }) }),
    );
    const raise = (config: DesignConfig, rises: readonly PriceRise[]): DesignConfig => {
      const c = structuredClone(config) as DesignConfig & Record<string, unknown>;
      for (const r of rises) {
        if ('sku' in r) {
          c.inventory = c.inventory.map((i) => (i.sku === r.sku ? { ...i, unitPriceCents: i.unitPriceCents + r.byCents } : i));
          continue;
        }
        let o = c as Record<string, unknown>;
        for (const k of r.path.slice(0, -1)) o = o[k] as Record<string, unknown>;
        const last = r.path[r.path.length - 1]!;
        o[last] = (o[last] as number) + r.by;
      }
      return c;
    };
    fc.assert(
      fc.property(inputArb, configArb, fc.array(riseArb, { minLength: 1, maxLength: 4 }), (input, config, rises) => {
        const cheaper = designSystem(input, config);
        const dearer = designSystem(input, raise(config, rises));
        // the same design (prices never move the camera count or the schedule) …
        expect(dearer.projectDetails).toEqual(cheaper.projectDetails);
        // … is never cheaper with a higher price (read the other way: a lower price never raises it)
        expect(dearer.pricing.totalProjectCost).toBeGreaterThanOrEqual(cheaper.pricing.totalProjectCost);
        const gross = (r: AiRecommendation) => r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts;
        expect(gross(dearer)).toBeGreaterThanOrEqual(gross(cheaper));
        expect(dearer.pricing.additionalCosts).toBeGreaterThanOrEqual(cheaper.pricing.additionalCosts);
      }),
      { numRuns: 1_000 },
    );
  });

  it('raising the default camera price no longer lowers the home quote (it did when labour subtracted it)', () => {
    const base = seedConfig();
    const dearer = seedConfig();
    dearer.components.camera_unit_price = 450;
    dearer.inventory = dearer.inventory.map((i) => (i.sku === QUOTE_ENGINE_SKUS.defaultCamera ? { ...i, unitPriceCents: 45_000 } : i));
    const wizard = { ...home, specificAreas: 'Driveway', additionalFeatures: ['Mobile App Access', 'Professional Monitoring'] };
    expect(designSystem(wizard, dearer).pricing.totalProjectCost).toBeGreaterThanOrEqual(
      designSystem(wizard, base).pricing.totalProjectCost,
    );
    const onlyConfig = seedConfig();
    onlyConfig.components.camera_unit_price = 450;
    expect(designSystem(wizard, onlyConfig).pricing.totalProjectCost).toBe(designSystem(wizard, base).pricing.totalProjectCost);
  });

  it('the same input and configuration always give the same quote', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, config) => {
        expect(designSystem(structuredClone(input), structuredClone(config))).toEqual(designSystem(input, config));
      }),
      { numRuns: 100 },
    );
  });

  it('more square feet never means fewer cameras (same building otherwise)', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 5_000_000 }), (input, a, extra) => {
        const small = designSystem({ ...input, squareFootage: a }, seedConfig());
        const big = designSystem({ ...input, squareFootage: a + extra }, seedConfig());
        expect(big.projectDetails.totalCameras).toBeGreaterThanOrEqual(small.projectDetails.totalCameras);
      }),
      { numRuns: 200 },
    );
  });
});
