/**
 * Design rules (issue 21 point 2): no location appears twice, also when a standard location
 * repeats an area the visitor named in other words.
 */
import {
  ADDITIONAL_COSTS_DEFAULTS,
  COMPONENT_PRICING_DEFAULTS,
  TIERED_PRICING_DEFAULTS,
} from '../../src/modules/quotes/ai-config/ai-config.defaults.js';
import { INVENTORY_SEED } from '../../src/app/seed/inventory.data.js';
import { designSystem, type DesignConfig } from '../../src/modules/quotes/design-engine/index.js';
import { locationKeywords } from '../../src/modules/quotes/design-engine/placement.js';

const config: DesignConfig = {
  tiers: structuredClone(TIERED_PRICING_DEFAULTS),
  components: { ...COMPONENT_PRICING_DEFAULTS },
  additional: structuredClone(ADDITIONAL_COSTS_DEFAULTS),
  inventory: INVENTORY_SEED.filter((i) => i.isActive).map((i) => ({
    sku: i.sku,
    category: i.category,
    name: i.name,
    description: i.description,
    unitPriceCents: i.unitPrice,
    specifications: i.specifications,
  })),
  promotion: null,
};

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
