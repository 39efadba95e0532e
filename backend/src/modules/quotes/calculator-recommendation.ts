/**
 * The stored form of a calculator quote (public-site.md §3 "AI recommendation" shape, with
 * `projectDetails.estimateType = 'calculator'`), built from `priceCalculator`'s result.
 */
import {
  ESTIMATE_WARRANTY,
  type CalculatorEstimate,
  type CalculatorLineItem,
  type CalculatorRecommendation,
  type Promotion,
} from '@ironclad/contracts';

const EQUIPMENT = new Set(['cameras', 'nvr', 'accessories']);
const LABOR = new Set(['wiring', 'installation']);

const sum = (items: CalculatorLineItem[]) => items.reduce((s, i) => s + i.total, 0);
const strip = ({ item, description, quantity, unitPrice, total }: CalculatorLineItem) => ({
  item,
  description,
  quantity,
  unitPrice,
  total,
});

/**
 * @param estimate `priceCalculator(specs, promotion?.percent ?? 0)`.
 * @param promotion the promotion whose percent was applied, or null (no discount line).
 * Amounts in whole dollars.
 */
export function calculatorRecommendation(estimate: CalculatorEstimate, promotion: Promotion | null): CalculatorRecommendation {
  const { specs, breakdown, lineItems, timeline } = estimate;
  const equipment = lineItems.filter((l) => EQUIPMENT.has(l.key));
  const labor = lineItems.filter((l) => LABOR.has(l.key));
  const options = lineItems.filter((l) => !EQUIPMENT.has(l.key) && !LABOR.has(l.key));
  const sqft = `${specs.sqft.toLocaleString('en-US')} sq ft`;
  return {
    summary: `${specs.cameras}-camera system for a ${sqft} ${specs.buildingType} ${specs.buildingComplexity === 'new' ? 'new construction' : 'finished building'}`,
    description: 'Cost calculator estimate, priced by the server from the configuration.',
    timeline: timeline.label,
    warranty: ESTIMATE_WARRANTY,
    notes: promotion ? `${promotion.code}: ${promotion.percent}% off until ${promotion.validUntil}.` : '',
    pricing: {
      equipmentSubtotal: sum(equipment),
      laborCost: sum(labor),
      additionalCosts: sum(options),
      july4Discount:
        promotion && breakdown.discount > 0
          ? { code: promotion.code, savings: breakdown.discount, validUntil: promotion.validUntil, finalPrice: breakdown.total }
          : null,
      totalProjectCost: breakdown.total,
    },
    projectDetails: {
      totalCameras: specs.cameras,
      installationDays: timeline.businessDays,
      buildingSize: sqft,
      buildingComplexity: specs.buildingComplexity,
      estimateType: 'calculator',
    },
    equipmentList: [
      { category: 'Equipment', items: equipment.map(strip) },
      { category: 'Labor', items: labor.map(strip) },
      { category: 'Options', items: options.map(strip) },
    ].filter((c) => c.items.length > 0),
    breakdown,
    lineItems,
    specs,
    discountPercent: estimate.discountPercent,
  };
}
