/**
 * Three options (issue 21 point 5): Essential, Recommended and Complete differ in cameras, storage
 * and features; Recommended is the engine's design; every option is priced through the §9
 * `priceProject` path at the stored rates, so the calculator given an option's cameras and §9
 * options prices its §9 lines, and the rest are itemised extras.
 */
import fc from 'fast-check';
import {
  DESIGN_OPTION_KEYS,
  QUOTE_ENGINE_SKUS,
  RECORDING_GB_PER_CAMERA_DAY,
  WIZARD_BUILDING_TYPES,
  WIZARD_FEATURES,
  WIZARD_FLOORS,
  designOptionsSchema,
  priceProject,
  type AiRecommendation,
} from '@ironclad/contracts';
import {
  CATEGORY_LABELS,
  COMPLETE_RETENTION_DAYS,
  designOptions,
  designSystem,
  normalizeDesignInput,
  type DesignInput,
} from '../../src/modules/quotes/design-engine/index.js';
import { projectOfDesign, projectRates, wholeDollarConfig } from '../../src/modules/quotes/design-engine/pricing.js';
import { seedDesignConfig } from '../support/design-config.js';

const seedConfig = seedDesignConfig;

const home: DesignInput = {
  buildingType: 'residential',
  squareFootage: 4500,
  floors: 2,
  entryPoints: 'Front door, back door',
  additionalFeatures: ['Cloud Storage', 'Mobile App Access', 'Access Control System'],
};
const office: DesignInput = {
  buildingType: 'office',
  squareFootage: 50_000,
  floors: 3,
  entryPoints: 'Main entrance, rear exit, loading door, parking garage door',
  specificAreas: 'Server room, reception, parking lot',
  additionalFeatures: ['Access Control System'],
};

const features = (r: AiRecommendation) =>
  (r.equipmentList.find((c) => c.category === CATEGORY_LABELS.features)?.items ?? []).map((i) => i.item);

describe('design options: Essential, Recommended, Complete', () => {
  it('Recommended is exactly the engine design; each option says which it is and fits the contract', () => {
    for (const input of [home, office]) {
      const o = designOptions(input, seedConfig());
      expect(designOptionsSchema.parse(o)).toEqual(o);
      expect(o.recommended).toEqual(designSystem(input, seedConfig()));
      for (const k of DESIGN_OPTION_KEYS) expect(o[k].option).toBe(k);
    }
  });

  it('the home sample: 5 / 8 / 10 cameras, storage from the recorder to 30 days, features from none to monitoring, alarm and cloud', () => {
    const o = designOptions(home, seedConfig());
    expect([o.essential, o.recommended, o.complete].map((r) => r.projectDetails.totalCameras)).toEqual([5, 8, 10]);
    // Essential keeps the door hardware the visitor chose and the included app, not the paid cloud plan
    expect(features(o.essential)).toEqual(['Access Control System (per door)', 'Mobile App Access']);
    expect(o.essential.notes).toContain('Essential leaves out Cloud Storage; the Recommended design includes it.');
    // the catalogue has no cloud-storage plan: it is priced at the survey in Recommended and Complete
    expect(o.recommended.notes).toContain('Cloud Storage is priced at the free site survey.');
    expect(o.complete.notes).toContain('Cloud Storage is priced at the free site survey.');
    // Complete adds monitoring set-up per camera and the alarm integration item
    expect(features(o.complete)).toEqual(
      expect.arrayContaining(['Professional Monitoring Setup (per camera)', 'Alarm System Integration', 'Mobile App Access']),
    );
    expect(o.complete.pricing.additionalCosts).toBeGreaterThan(o.recommended.pricing.additionalCosts);

    // storage: the 8-channel recorder's 2 TB hold 2,000 GB ÷ (cameras × 20 GB) days
    expect(RECORDING_GB_PER_CAMERA_DAY).toBe(20);
    expect(o.essential.storage).toMatchObject({ channels: 8, builtInTb: 2, extraDrives: 0, retentionDays: 20, cloudBackup: false });
    expect(o.recommended.storage).toMatchObject({ channels: 8, builtInTb: 2, extraDrives: 0, retentionDays: 12, cloudBackup: true });
    // Complete: 10 cameras → the 16-channel recorder (4 TB); 30 days × 10 × 20 GB = 6 TB → one extra 4 TB drive
    expect(o.complete.storage).toMatchObject({
      channels: 16,
      builtInTb: 4,
      extraDrives: 1,
      extraDriveTb: 4,
      totalTb: 8,
      retentionDays: 40,
    });
    expect(o.complete.storage!.retentionDays).toBeGreaterThanOrEqual(COMPLETE_RETENTION_DAYS);
    const nvr = o.complete.equipmentList.find((c) => c.category === CATEGORY_LABELS.nvr)!.items;
    expect(nvr[1]).toMatchObject({ sku: QUOTE_ENGINE_SKUS.storageDrive, quantity: 1, unitPrice: 180, total: 180 });

    // cheapest first
    expect(o.essential.pricing.totalProjectCost).toBeLessThan(o.recommended.pricing.totalProjectCost);
    expect(o.recommended.pricing.totalProjectCost).toBeLessThan(o.complete.pricing.totalProjectCost);
  });

  it('the office sample: Essential keeps every entry point, Complete stays within the top tier', () => {
    const o = designOptions(office, seedConfig());
    expect([o.essential, o.recommended, o.complete].map((r) => r.projectDetails.totalCameras)).toEqual([19, 31, 39]);
    expect(o.essential.cameraLocations.filter((l) => l.priority === 'Critical')).toHaveLength(4);
    expect(o.complete.projectDetails.estimateType).toBe('high');
    expect(o.complete.storage).toMatchObject({ channels: 64 });
    expect(o.complete.storage!.retentionDays).toBeGreaterThanOrEqual(30);
  });

  it('a one-camera-tier site still gets three different designs (Essential never above Recommended, Complete never below)', () => {
    const c = seedConfig();
    c.tiers.low.range = '1-3';
    const o = designOptions({ buildingType: 'residential', squareFootage: 100, entryPoints: '1' }, c);
    expect(o.essential.projectDetails.totalCameras).toBeLessThanOrEqual(o.recommended.projectDetails.totalCameras);
    expect(o.complete.projectDetails.totalCameras).toBeGreaterThan(o.recommended.projectDetails.totalCameras);
    expect(o.complete.storage!.retentionDays).toBeGreaterThanOrEqual(30);
  });

  it('every option, over many sites and feature sets, is the §9 price of its own project plus its itemised extras', () => {
    const inputArb = fc.record({
      buildingType: fc.constantFrom(...WIZARD_BUILDING_TYPES),
      squareFootage: fc.integer({ min: 100, max: 300_000 }),
      floors: fc.constantFrom(...WIZARD_FLOORS),
      entryPoints: fc.integer({ min: 1, max: 10 }),
      specificAreas: fc.constantFrom('', 'Parking lot', 'Server room, stairwell', 'two stairwell exits, lobby, pool'),
      additionalFeatures: fc.subarray([...WIZARD_FEATURES]),
      buildingComplexity: fc.constantFrom('new', 'finished'),
    });
    fc.assert(
      fc.property(inputArb, fc.option(fc.integer({ min: 0, max: 100 })), (input, promo) => {
        const config = seedConfig();
        config.promotion = promo === null ? null : { code: 'P', percent: promo, validUntil: '2099-01-01' };
        const o = designOptions(input, config);
        const rates = projectRates(wholeDollarConfig(config));
        const n = normalizeDesignInput(input);
        for (const k of DESIGN_OPTION_KEYS) {
          const r = o[k];
          const priced = r.equipmentList.flatMap((c) => c.items);
          const camerasAndSection9 = priceProject(
            {
              ...projectOfDesign(n, r.projectDetails.totalCameras),
              hasAccessControl: features(r).includes('Access Control System (per door)'),
              hasVideoIntercom: features(r).includes('Video Intercom System (per door)'),
              hasMonitoring: features(r).includes('Professional Monitoring Setup (per camera)'),
            },
            rates,
            config.promotion?.percent ?? 0,
          );
          // the option's extras: its lines beyond the §9 ones (drives, alarm, cloud, smart home)
          const section9 = camerasAndSection9.breakdown.subtotal;
          const gross = r.pricing.equipmentSubtotal + r.pricing.laborCost + r.pricing.additionalCosts;
          const extras = gross - section9;
          expect(extras).toBeGreaterThanOrEqual(0);
          const sumLines = priced.reduce((a, l) => a + l.total, 0) + r.pricing.laborCost;
          expect(sumLines).toBe(gross);
          const pct = config.promotion?.percent ?? 0;
          expect(r.pricing.totalProjectCost).toBe(gross - Math.round((gross * pct) / 100));
          expect(r.projectDetails.totalProjectDays).toBe(camerasAndSection9.timeline.businessDays);
        }
        const cams = DESIGN_OPTION_KEYS.map((k) => o[k].projectDetails.totalCameras);
        expect(cams[0]).toBeLessThanOrEqual(cams[1]!);
        expect(cams[1]).toBeLessThanOrEqual(cams[2]!);
        expect(o.complete.storage!.retentionDays).toBeGreaterThanOrEqual(30);
        expect(o.essential.pricing.totalProjectCost).toBeLessThanOrEqual(o.recommended.pricing.totalProjectCost);
        expect(o.recommended.pricing.totalProjectCost).toBeLessThanOrEqual(o.complete.pricing.totalProjectCost);
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic', () => {
    expect(designOptions(office, seedConfig())).toEqual(designOptions(structuredClone(office), seedConfig()));
  });
});
