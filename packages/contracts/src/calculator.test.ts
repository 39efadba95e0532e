/**
 * Worked examples pinning the §9 calculator pricing and timeline (public-site.md §5, §9;
 * decisions.md §7). Amounts in whole dollars.
 */
import {
  calculatorSpecsSchema,
  calculatorTimeline,
  formatUsd,
  installationGroups,
  nvrPrice,
  priceCalculator,
  type CalculatorSpecs,
} from './calculator.js';

const base: CalculatorSpecs = {
  buildingType: 'residential',
  sqft: 2_500,
  cameras: 8,
  entryPoints: 2,
  hasAccessControl: false,
  hasVideoIntercom: false,
  hasMonitoring: false,
  buildingComplexity: 'finished',
};
const specs = (over: Partial<CalculatorSpecs>): CalculatorSpecs => ({ ...base, ...over });

describe('recorder thresholds (8 / 16 / 32 cameras)', () => {
  it.each([
    [4, 1386],
    [8, 1386],
    [9, 1500],
    [16, 1500],
    [17, 2000],
    [32, 2000],
    [33, 2500],
    [50, 2500],
  ])('%i cameras → $%i', (cameras, price) => {
    expect(nvrPrice(cameras)).toBe(price);
    expect(priceCalculator(specs({ cameras }), 0).breakdown.nvr).toBe(price);
  });
});

describe('installation groups of 8 (rounded up, minimum 1)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [8, 1],
    [9, 2],
    [16, 2],
    [17, 3],
    [24, 3],
    [25, 4],
    [50, 7],
  ])('%i cameras → %i groups', (cameras, groups) => {
    expect(installationGroups(cameras)).toBe(groups);
  });
});

describe('worked examples', () => {
  it('8 cameras, finished building, no options, no promotion: $8,126 in 4 business days', () => {
    const e = priceCalculator(base, 0);
    expect(e.breakdown).toEqual({
      cameras: 2000,
      nvr: 1386,
      accessories: 500,
      wiring: 1640,
      installation: 2600,
      accessControl: 0,
      videoIntercom: 0,
      monitoring: 0,
      subtotal: 8126,
      discount: 0,
      total: 8126,
    });
    expect(e.timeline).toEqual({ businessDays: 4, unit: 'days', value: 4, label: '4 business days' });
    expect(e.lineItems.map((l) => l.key)).toEqual(['cameras', 'nvr', 'accessories', 'wiring', 'installation']);
    expect(e.lineItems.find((l) => l.key === 'wiring')).toMatchObject({ quantity: 8, unitPrice: 205, total: 1640 });
  });

  it('the same with a 25% promotion: discount rounded ($2,031.50 → $2,032), total $6,094', () => {
    const { breakdown } = priceCalculator(base, 25);
    expect(breakdown).toMatchObject({ subtotal: 8126, discount: 2032, total: 6094 });
  });

  it('9 cameras, new construction: second recorder tier, 2 installation groups, 5 days', () => {
    const e = priceCalculator(specs({ cameras: 9, buildingComplexity: 'new' }), 0);
    expect(e.breakdown).toMatchObject({ cameras: 2250, nvr: 1500, wiring: 1350, installation: 3600, subtotal: 9200, total: 9200 });
    expect(e.timeline.label).toBe('5 business days');
  });

  it('16 cameras finished vs new', () => {
    expect(priceCalculator(specs({ cameras: 16 }), 0).breakdown).toMatchObject({ wiring: 3280, installation: 5200, subtotal: 14480 });
    expect(priceCalculator(specs({ cameras: 16, buildingComplexity: 'new' }), 0).breakdown).toMatchObject({
      wiring: 2400,
      installation: 3600,
      subtotal: 12000,
    });
    expect(calculatorTimeline({ cameras: 16, sqft: 2500, buildingComplexity: 'finished' }).businessDays).toBe(8);
    expect(calculatorTimeline({ cameras: 16, sqft: 2500, buildingComplexity: 'new' }).businessDays).toBe(6);
  });

  it('17 cameras, new: third recorder tier, 3 groups, 8 days', () => {
    const e = priceCalculator(specs({ cameras: 17, buildingComplexity: 'new' }), 0);
    expect(e.breakdown).toMatchObject({ cameras: 4250, nvr: 2000, wiring: 2550, installation: 5400, subtotal: 14700 });
    expect(e.timeline.businessDays).toBe(8);
  });

  it('32 cameras finished ($27,460, 16 days) and 33 new ($25,200, 14 days)', () => {
    const a = priceCalculator(specs({ cameras: 32 }), 0);
    expect(a.breakdown).toMatchObject({ nvr: 2000, wiring: 6560, installation: 10400, subtotal: 27460 });
    expect(a.timeline.businessDays).toBe(16);
    const b = priceCalculator(specs({ cameras: 33, buildingComplexity: 'new' }), 0);
    expect(b.breakdown).toMatchObject({ nvr: 2500, wiring: 4950, installation: 9000, subtotal: 25200 });
    expect(b.timeline.businessDays).toBe(14);
  });

  it('options: access control 1200 and intercom 3000 per entry point, monitoring 100 per camera', () => {
    const e = priceCalculator(specs({ entryPoints: 3, hasAccessControl: true, hasVideoIntercom: true, hasMonitoring: true }), 0);
    expect(e.breakdown).toMatchObject({ accessControl: 3600, videoIntercom: 9000, monitoring: 800, subtotal: 8126 + 3600 + 9000 + 800 });
    expect(e.lineItems.find((l) => l.key === 'videoIntercom')).toMatchObject({ quantity: 3, unitPrice: 3000, total: 9000 });
  });

  it('building type does not change the price', () => {
    expect(priceCalculator(specs({ buildingType: 'commercial' }), 0).breakdown).toEqual(priceCalculator(base, 0).breakdown);
  });
});

describe('range limits', () => {
  it('the smallest configuration: 4 cameras, new, 1,000 sq ft, 1 entry point: $5,286 in 2 days', () => {
    const e = priceCalculator(specs({ cameras: 4, buildingComplexity: 'new', sqft: 1000, entryPoints: 1 }), 0);
    expect(e.breakdown).toMatchObject({
      cameras: 1000,
      nvr: 1386,
      accessories: 500,
      wiring: 600,
      installation: 1800,
      subtotal: 5286,
      total: 5286,
    });
    expect(e.timeline.label).toBe('2 business days');
  });

  it('a half day is a day: 4 cameras finished = 1.5 + 1 → 3 business days', () => {
    expect(priceCalculator(specs({ cameras: 4 }), 0).timeline.label).toBe('3 business days');
  });

  it('the largest configuration: 50 cameras, finished, 100,000 sq ft, 10 entry points, everything, 25%', () => {
    const e = priceCalculator(
      {
        buildingType: 'commercial',
        sqft: 100_000,
        cameras: 50,
        entryPoints: 10,
        hasAccessControl: true,
        hasVideoIntercom: true,
        hasMonitoring: true,
        buildingComplexity: 'finished',
      },
      25,
    );
    expect(e.breakdown).toEqual({
      cameras: 12500,
      nvr: 2500,
      accessories: 500,
      wiring: 10250,
      installation: 18200,
      accessControl: 12000,
      videoIntercom: 30000,
      monitoring: 5000,
      subtotal: 90950,
      discount: 22738,
      total: 68212,
    });
    // ceil(50/4) = 13 × 1.5 = 19.5 + 7 groups = 26.5 → 27 days → ceil(27/5) = 6 weeks.
    expect(e.timeline).toEqual({ businessDays: 27, unit: 'weeks', value: 6, label: '6 weeks' });
  });

  it.each([
    ['cameras 3', { cameras: 3 }, 'cameras'],
    ['cameras 51', { cameras: 51 }, 'cameras'],
    ['cameras 4.5', { cameras: 4.5 }, 'cameras'],
    ['sqft 999', { sqft: 999 }, 'sqft'],
    ['sqft 100,500', { sqft: 100_500 }, 'sqft'],
    ['sqft off the 500 step', { sqft: 1_250 }, 'sqft'],
    ['entry points 0', { entryPoints: 0 }, 'entryPoints'],
    ['entry points 11', { entryPoints: 11 }, 'entryPoints'],
    ['unknown building type', { buildingType: 'industrial' as never }, 'buildingType'],
    ['unknown complexity', { buildingComplexity: 'old' as never }, 'buildingComplexity'],
  ])('rejects %s (schema and function)', (_n, over, field) => {
    const r = calculatorSpecsSchema.safeParse(specs(over));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual([field]);
    expect(() => priceCalculator(specs(over), 0)).toThrow(RangeError);
  });

  it('accepts the bounds themselves', () => {
    for (const over of [{ cameras: 4 }, { cameras: 50 }, { sqft: 1000 }, { sqft: 100_000 }, { entryPoints: 1 }, { entryPoints: 10 }]) {
      expect(calculatorSpecsSchema.safeParse(specs(over)).success).toBe(true);
    }
  });

  it.each([-1, 101, Number.NaN])('rejects a discount percent of %p', (p) => {
    expect(() => priceCalculator(base, p)).toThrow(RangeError);
  });
});

describe('the 50,000 sq ft switch to weeks', () => {
  it('49,500 sq ft stays in business days; 50,000 shows weeks, at least 5', () => {
    expect(calculatorTimeline({ cameras: 8, sqft: 49_500, buildingComplexity: 'finished' })).toEqual({
      businessDays: 4,
      unit: 'days',
      value: 4,
      label: '4 business days',
    });
    expect(calculatorTimeline({ cameras: 8, sqft: 50_000, buildingComplexity: 'finished' })).toEqual({
      businessDays: 4,
      unit: 'weeks',
      value: 5,
      label: '5 weeks',
    });
  });

  it('beyond 25 days the weeks grow: 48 cameras finished = 18 + 6 = 24 days → 5 weeks; 50 → 6 weeks', () => {
    expect(calculatorTimeline({ cameras: 48, sqft: 60_000, buildingComplexity: 'finished' })).toMatchObject({ businessDays: 24, value: 5 });
    expect(calculatorTimeline({ cameras: 50, sqft: 60_000, buildingComplexity: 'finished' })).toMatchObject({ businessDays: 27, value: 6 });
  });
});

it('formats whole dollars as $12,345', () => {
  expect(formatUsd(68212)).toBe('$68,212');
  expect(formatUsd(0)).toBe('$0');
});
