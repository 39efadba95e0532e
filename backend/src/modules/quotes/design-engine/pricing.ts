/**
 * Pricing (decisions.md §10; public-site.md §3 `equipmentList`, `pricing`): the configuration in
 * whole dollars, camera models and equipment lines from the inventory and component_pricing
 * (cameras, NVR, wiring, rack, PoE switches, UPS), additional-feature lines, labour, the promotion
 * and the totals. Every amount is a non-negative integer number of US dollars; inventory prices
 * arrive in integer cents.
 */
import type { EquipmentCategory, EquipmentLine, RecommendationPricing } from '@ironclad/contracts';
import { RESIDENTIAL_TYPES, clamp } from './common.js';
import type { CameraKind, DesignConfig, EngineInventoryItem, NormalizedDesignInput, Slot, TierRange } from './types.js';
import { CATEGORY_LABELS, monitoringNote, surveyNote } from './wording.js';

// ─── configuration ──────────────────────────────────────────────────────────────────────────────

/** A configuration amount as whole dollars: rounded to the nearest dollar; negative or non-finite → 0. */
const wholeDollars = (v: number) => (Number.isFinite(v) ? Math.max(0, Math.round(v)) : 0);

/**
 * The configuration with every AI-configuration amount in whole dollars (the records' schemas
 * accept fractions, e.g. 249.99 → 250), so that every quote amount is an integer.
 */
export function wholeDollarConfig(config: DesignConfig): DesignConfig {
  const round = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? wholeDollars(v) : v])) as T;
  const tier = (t: DesignConfig['tiers']['low']) => ({ ...t, avgPerDeviceCost: wholeDollars(t.avgPerDeviceCost) });
  const a = config.additional;
  return {
    ...config,
    tiers: { low: tier(config.tiers.low), medium: tier(config.tiers.medium), high: tier(config.tiers.high) },
    components: round(config.components),
    additional: {
      access_control_system: round(a.access_control_system),
      video_intercom_system: round(a.video_intercom_system),
      professional_monitoring: round(a.professional_monitoring),
    },
  };
}

// ─── inventory lookups ──────────────────────────────────────────────────────────────────────────

const KIND_PATTERN: Record<CameraKind, RegExp> = {
  turret: /turret/i,
  bullet: /bullet/i,
  dome: /dome/i,
  ptz: /ptz|pan[- ]tilt/i,
  doorbell: /doorbell/i,
};

/** Whole dollars of an inventory price in cents. */
const centsToDollars = (cents: number) => Math.max(0, Math.round(cents / 100));

/**
 * The first inventory item of `category` whose name or description matches; items in `used` are
 * skipped and the one found is added to it, so that one item never prices two different lines.
 */
function findItem(
  inv: readonly EngineInventoryItem[],
  category: string,
  pattern: RegExp,
  used?: Set<EngineInventoryItem>,
): EngineInventoryItem | undefined {
  const found = inv.find((i) => i.category === category && !used?.has(i) && (pattern.test(i.name) || pattern.test(i.description ?? '')));
  if (found) used?.add(found);
  return found;
}

/** An equipment line before its quantity (unit price in whole dollars). */
export interface PricedItem {
  item: string;
  description: string;
  unitPrice: number;
}

/** The default camera: its name from the inventory, its price from component_pricing.camera_unit_price. */
function defaultCamera(config: DesignConfig): PricedItem {
  const cams = config.inventory.filter((i) => i.category === 'cameras');
  const found = cams.find((i) => KIND_PATTERN.turret.test(i.name)) ?? [...cams].sort((a, b) => a.unitPriceCents - b.unitPriceCents)[0];
  return {
    item: found?.name ?? '4K IP Camera',
    description: found?.description ?? '4K IP security camera with night vision.',
    unitPrice: config.components.camera_unit_price,
  };
}

/** The camera model of a kind: the first matching inventory camera at its price, else the default camera. */
export function cameraFor(kind: CameraKind, config: DesignConfig): PricedItem {
  if (kind === 'turret') return defaultCamera(config);
  const found = findItem(config.inventory, 'cameras', KIND_PATTERN[kind]);
  if (!found) return defaultCamera(config);
  return { item: found.name, description: found.description ?? '', unitPrice: centsToDollars(found.unitPriceCents) };
}

const line = (p: PricedItem, quantity: number): EquipmentLine => ({ ...p, quantity, total: quantity * p.unitPrice });

function named(
  config: DesignConfig,
  category: string,
  pattern: RegExp,
  fallback: { item: string; description: string },
  unitPrice: number,
  used?: Set<EngineInventoryItem>,
): PricedItem {
  const found = findItem(config.inventory, category, pattern, used);
  return { item: found?.name ?? fallback.item, description: found?.description ?? fallback.description, unitPrice };
}

// ─── the priced design ──────────────────────────────────────────────────────────────────────────

/** A design's equipment and prices. */
export interface PricedDesign {
  /** Cameras, NVR Systems, Installation & Infrastructure, then Additional Features if any. */
  equipmentList: EquipmentCategory[];
  /** The recorders: how many, and channels each (8, 16 or 32). */
  nvr: { qty: number; ch: number };
  /** Notes of the additional features (monitoring's monthly cost, features priced at the survey). */
  featureNotes: string[];
  /** Whole dollars; `july4Discount` only with a promotion. */
  pricing: RecommendationPricing;
}

/**
 * Prices a placed design with a whole-dollar configuration ({@link wholeDollarConfig}).
 *
 * @param buckets          the placed cameras, one list of slots per location
 * @param totalProjectDays business days, for the labour floor (days × installation_day_rate)
 */
export function priceDesign(
  n: NormalizedDesignInput,
  config: DesignConfig,
  cameras: number,
  tier: TierRange,
  buckets: readonly Slot[][],
  totalProjectDays: number,
): PricedDesign {
  const { components: cp, additional: ac } = config;
  /** Inventory items already pricing a line of the installation or features categories. */
  const used = new Set<EngineInventoryItem>();

  // equipment
  const cameraLines = new Map<string, EquipmentLine>();
  for (const b of buckets) {
    const p = cameraFor(b[0]!.kind, config);
    const prev = cameraLines.get(p.item);
    cameraLines.set(p.item, line(p, (prev?.quantity ?? 0) + b.length));
  }
  const nvr =
    cameras <= 8
      ? { qty: 1, ch: 8, price: cp.nvr_8ch }
      : cameras <= 16
        ? { qty: 1, ch: 16, price: cp.nvr_16ch }
        : { qty: Math.ceil(cameras / 32), ch: 32, price: cp.nvr_32ch };
  const nvrItem = named(
    config,
    'nvr',
    new RegExp(`\\b${nvr.ch}[- ]?(ch|channel)`, 'i'),
    { item: `${nvr.ch}-Channel NVR`, description: `Network video recorder for up to ${nvr.ch} cameras.` },
    nvr.price,
  );
  const infra: EquipmentLine[] = [
    line(
      named(
        config,
        'installation',
        /wiring|cat6|cabl/i,
        { item: 'Cat6 Wiring (per camera)', description: 'Cabling, conduit and terminations for one camera.' },
        cp.wiring_per_camera,
        used,
      ),
      cameras,
    ),
    line(
      named(
        config,
        'installation',
        /rack/i,
        { item: 'Equipment Rack & Accessories', description: 'Rack, patch panel and cable management.' },
        cp.rack_accessories,
        used,
      ),
      1,
    ),
  ];
  if (cameras > 16) {
    const sw = findItem(config.inventory, 'installation', /poe.*switch|switch/i, used);
    if (sw)
      infra.push(
        line({ item: sw.name, description: sw.description ?? '', unitPrice: centsToDollars(sw.unitPriceCents) }, Math.ceil(cameras / 16)),
      );
  }
  if (!RESIDENTIAL_TYPES.has(n.buildingType)) {
    const ups = findItem(config.inventory, 'installation', /\bups\b|battery backup/i, used);
    if (ups) infra.push(line({ item: ups.name, description: ups.description ?? '', unitPrice: centsToDollars(ups.unitPriceCents) }, 1));
  }

  // additional features
  const doors = n.entries.length;
  const featureLines: EquipmentLine[] = [];
  const featureNotes: string[] = [];
  for (const f of n.features) {
    switch (f) {
      case 'Access Control System':
        featureLines.push(
          line(
            named(
              config,
              'features',
              /access control/i,
              { item: 'Access Control System (per door)', description: ac.access_control_system.description },
              ac.access_control_system.perDoor,
              used,
            ),
            doors,
          ),
        );
        break;
      case 'Video Intercom':
        featureLines.push(
          line(
            named(
              config,
              'features',
              /intercom/i,
              { item: 'Video Intercom System (per door)', description: ac.video_intercom_system.description },
              ac.video_intercom_system.perDoor,
              used,
            ),
            doors,
          ),
        );
        break;
      case 'Professional Monitoring':
        featureLines.push(
          line(
            named(
              config,
              'features',
              /monitoring/i,
              { item: 'Professional Monitoring Setup (per camera)', description: ac.professional_monitoring.description },
              ac.professional_monitoring.setupPerCamera,
              used,
            ),
            cameras,
          ),
        );
        featureNotes.push(monitoringNote(ac.professional_monitoring.monthlyPerCamera, cameras));
        break;
      case 'Remote Monitoring':
      case 'Mobile App Access':
        featureLines.push({
          item: f,
          description: 'Included with every system: live view and playback on your phone and computer.',
          quantity: 1,
          unitPrice: 0,
          total: 0,
        });
        break;
      default: {
        const pattern = f === 'Alarm System Integration' ? /alarm/i : f === 'Cloud Storage' ? /cloud/i : /smart home/i;
        const found = findItem(config.inventory, 'features', pattern, used) ?? findItem(config.inventory, 'services', pattern, used);
        if (found)
          featureLines.push(
            line({ item: found.name, description: found.description ?? '', unitPrice: centsToDollars(found.unitPriceCents) }, 1),
          );
        else featureNotes.push(surveyNote(f));
      }
    }
  }

  const equipmentList: EquipmentCategory[] = [
    { category: CATEGORY_LABELS.cameras, items: [...cameraLines.values()] },
    { category: CATEGORY_LABELS.nvr, items: [line(nvrItem, nvr.qty)] },
    { category: CATEGORY_LABELS.installation, items: infra },
  ];
  if (featureLines.length > 0) equipmentList.push({ category: CATEGORY_LABELS.features, items: featureLines });

  // totals
  const sum = (lines: readonly EquipmentLine[]) => lines.reduce((a, l) => a + l.total, 0);
  const equipmentSubtotal = equipmentList.filter((c) => c.category !== CATEGORY_LABELS.features).reduce((a, c) => a + sum(c.items), 0);
  const additionalCosts = sum(featureLines);
  const laborPerCamera = Math.max(
    cp.installation_per_camera + cp.programming_per_camera,
    tier.avgPerDeviceCost - cp.camera_unit_price - cp.wiring_per_camera,
  );
  const laborCost = Math.round(Math.max(cameras * laborPerCamera, totalProjectDays * cp.installation_day_rate));
  const gross = equipmentSubtotal + laborCost + additionalCosts;
  const promo = config.promotion;
  const savings = promo ? Math.round((gross * clamp(promo.percent, 0, 100)) / 100) : 0;
  const totalProjectCost = gross - savings;

  return {
    equipmentList,
    nvr: { qty: nvr.qty, ch: nvr.ch },
    featureNotes,
    pricing: {
      equipmentSubtotal,
      laborCost,
      additionalCosts,
      ...(promo
        ? {
            july4Discount: {
              code: promo.code,
              percent: promo.percent,
              savings,
              validUntil: promo.validUntil,
              finalPrice: totalProjectCost,
            },
          }
        : {}),
      totalProjectCost,
    },
  };
}
