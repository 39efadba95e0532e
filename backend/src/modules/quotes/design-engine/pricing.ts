/**
 * Pricing (decisions.md §10; public-site.md §3 `equipmentList`, `pricing`): the configuration in
 * whole dollars, equipment lines from the active inventory items of QUOTE_ENGINE_SKUS (cameras,
 * NVR, wiring, rack, PoE switches, UPS, features: the item's name, description and unit price,
 * and its SKU on the line), with component_pricing / additional_costs pricing a line whose item is
 * missing or deactivated; labour, the promotion and the totals. Every amount is a non-negative integer number of US dollars; inventory prices
 * arrive in integer cents.
 */
import { QUOTE_ENGINE_SKUS, type EquipmentCategory, type EquipmentLine, type RecommendationPricing } from '@ironclad/contracts';
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

/** The catalogue item of each camera kind (turret = the default camera). */
const KIND_SKU: Record<CameraKind, string> = {
  turret: QUOTE_ENGINE_SKUS.defaultCamera,
  bullet: QUOTE_ENGINE_SKUS.bulletCamera,
  dome: QUOTE_ENGINE_SKUS.domeCamera,
  ptz: QUOTE_ENGINE_SKUS.ptzCamera,
  doorbell: QUOTE_ENGINE_SKUS.doorbellCamera,
};

/** Whole dollars of an inventory price in cents. */
const centsToDollars = (cents: number) => Math.max(0, Math.round(cents / 100));

/** Index by SKU of each inventory list seen (a list is built once per catalogue version and shared). */
const skuIndexes = new WeakMap<readonly EngineInventoryItem[], Map<string, EngineInventoryItem>>();

/** The active inventory item with `sku`, if the catalogue has one. */
export function itemBySku(config: DesignConfig, sku: string): EngineInventoryItem | undefined {
  let index = skuIndexes.get(config.inventory);
  if (!index) {
    index = new Map(config.inventory.map((i) => [i.sku, i]));
    skuIndexes.set(config.inventory, index);
  }
  return index.get(sku);
}

/** An equipment line before its quantity (unit price in whole dollars; `sku` when a catalogue item priced it). */
export interface PricedItem {
  sku?: string;
  item: string;
  description: string;
  unitPrice: number;
}

/** The line of a catalogue item: its SKU, name, description and price. */
const fromItem = (i: EngineInventoryItem): PricedItem => ({
  sku: i.sku,
  item: i.name,
  description: i.description ?? '',
  unitPrice: centsToDollars(i.unitPriceCents),
});

/**
 * The line priced by the catalogue item `sku` when it is active, else by the configuration
 * (`fallback` name and description at `unitPrice` whole dollars).
 */
function priced(config: DesignConfig, sku: string, fallback: { item: string; description: string }, unitPrice: number): PricedItem {
  const found = itemBySku(config, sku);
  return found ? fromItem(found) : { ...fallback, unitPrice };
}

/** The default camera: the catalogue's default camera, else a generic one at component_pricing.camera_unit_price. */
function defaultCamera(config: DesignConfig): PricedItem {
  return priced(
    config,
    QUOTE_ENGINE_SKUS.defaultCamera,
    { item: '4K IP Camera', description: '4K IP security camera with night vision.' },
    config.components.camera_unit_price,
  );
}

/** The camera model of a kind: its active catalogue item, else the default camera. */
export function cameraFor(kind: CameraKind, config: DesignConfig): PricedItem {
  if (kind === 'turret') return defaultCamera(config);
  const found = itemBySku(config, KIND_SKU[kind]);
  return found ? fromItem(found) : defaultCamera(config);
}

const line = (p: PricedItem, quantity: number): EquipmentLine => ({ ...p, quantity, total: quantity * p.unitPrice });

/**
 * The lines with a name each: catalogue items that share a name (staff may name two models
 * alike) get their SKU after it, so the quote never lists one name twice in a category.
 */
function distinctNames(lines: EquipmentLine[]): EquipmentLine[] {
  const count = new Map<string, number>();
  for (const l of lines) count.set(l.item, (count.get(l.item) ?? 0) + 1);
  return lines.map((l, k) => (count.get(l.item)! > 1 ? { ...l, item: `${l.item} (${l.sku ?? k + 1})` } : l));
}

// ─── labour ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Labour in whole dollars: the largest of
 * - the crew's work per camera: cameras × (installation_per_camera + programming_per_camera);
 * - the crew's days: total project days × installation_day_rate;
 * - the tier's all-in price per camera (avgPerDeviceCost covers camera, wiring, labour and
 *   programming) less what the quote already charges for the cameras and their wiring:
 *   cameras × avgPerDeviceCost − (camera lines + wiring line).
 *
 * The third term is the only one that falls when a price rises, and only by what the same rise
 * adds to the camera or wiring lines, so equipment + labour never falls when any price rises
 * (equipment + labour = max(equipment + work, equipment + days, cameras × average + the other
 * equipment lines), each term non-decreasing in every price) and never rises when one falls.
 *
 * @param perCameraCharged total of the camera lines and the wiring line, whole dollars
 */
export function labourCost(
  config: DesignConfig,
  cameras: number,
  tier: TierRange,
  perCameraCharged: number,
  totalProjectDays: number,
): number {
  const cp = config.components;
  return Math.max(
    cameras * (cp.installation_per_camera + cp.programming_per_camera),
    totalProjectDays * cp.installation_day_rate,
    cameras * tier.avgPerDeviceCost - perCameraCharged,
  );
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

  // equipment
  const cameraLines = new Map<string, EquipmentLine>();
  for (const b of buckets) {
    const p = cameraFor(b[0]!.kind, config);
    const key = p.sku ?? p.item;
    const prev = cameraLines.get(key);
    cameraLines.set(key, line(p, (prev?.quantity ?? 0) + b.length));
  }
  const nvr =
    cameras <= 8
      ? { qty: 1, ch: 8, price: cp.nvr_8ch, sku: QUOTE_ENGINE_SKUS.nvr8 }
      : cameras <= 16
        ? { qty: 1, ch: 16, price: cp.nvr_16ch, sku: QUOTE_ENGINE_SKUS.nvr16 }
        : { qty: Math.ceil(cameras / 32), ch: 32, price: cp.nvr_32ch, sku: QUOTE_ENGINE_SKUS.nvr32 };
  const nvrItem = priced(
    config,
    nvr.sku,
    { item: `${nvr.ch}-Channel NVR`, description: `Network video recorder for up to ${nvr.ch} cameras.` },
    nvr.price,
  );
  const wiringLine = line(
    priced(
      config,
      QUOTE_ENGINE_SKUS.wiring,
      { item: 'Cat6 Wiring (per camera)', description: 'Cabling, conduit and terminations for one camera.' },
      cp.wiring_per_camera,
    ),
    cameras,
  );
  const infra: EquipmentLine[] = [
    wiringLine,
    line(
      priced(
        config,
        QUOTE_ENGINE_SKUS.rack,
        { item: 'Equipment Rack & Accessories', description: 'Rack, patch panel and cable management.' },
        cp.rack_accessories,
      ),
      1,
    ),
  ];
  if (cameras > 16) {
    const sw = itemBySku(config, QUOTE_ENGINE_SKUS.poeSwitch);
    if (sw) infra.push(line(fromItem(sw), Math.ceil(cameras / 16)));
  }
  if (!RESIDENTIAL_TYPES.has(n.buildingType)) {
    const ups = itemBySku(config, QUOTE_ENGINE_SKUS.ups);
    if (ups) infra.push(line(fromItem(ups), 1));
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
            priced(
              config,
              QUOTE_ENGINE_SKUS.accessControl,
              { item: 'Access Control System (per door)', description: ac.access_control_system.description },
              ac.access_control_system.perDoor,
            ),
            doors,
          ),
        );
        break;
      case 'Video Intercom':
        featureLines.push(
          line(
            priced(
              config,
              QUOTE_ENGINE_SKUS.videoIntercom,
              { item: 'Video Intercom System (per door)', description: ac.video_intercom_system.description },
              ac.video_intercom_system.perDoor,
            ),
            doors,
          ),
        );
        break;
      case 'Professional Monitoring':
        featureLines.push(
          line(
            priced(
              config,
              QUOTE_ENGINE_SKUS.monitoringSetup,
              { item: 'Professional Monitoring Setup (per camera)', description: ac.professional_monitoring.description },
              ac.professional_monitoring.setupPerCamera,
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
        const sku =
          f === 'Alarm System Integration'
            ? QUOTE_ENGINE_SKUS.alarmIntegration
            : f === 'Cloud Storage'
              ? QUOTE_ENGINE_SKUS.cloudStorage
              : QUOTE_ENGINE_SKUS.smartHome;
        const found = itemBySku(config, sku);
        if (found) featureLines.push(line(fromItem(found), 1));
        else featureNotes.push(surveyNote(f));
      }
    }
  }

  const equipmentList: EquipmentCategory[] = [
    { category: CATEGORY_LABELS.cameras, items: distinctNames([...cameraLines.values()]) },
    { category: CATEGORY_LABELS.nvr, items: [line(nvrItem, nvr.qty)] },
    { category: CATEGORY_LABELS.installation, items: distinctNames(infra) },
  ];
  if (featureLines.length > 0) equipmentList.push({ category: CATEGORY_LABELS.features, items: distinctNames(featureLines) });

  // totals
  const sum = (lines: readonly EquipmentLine[]) => lines.reduce((a, l) => a + l.total, 0);
  const equipmentSubtotal = equipmentList.filter((c) => c.category !== CATEGORY_LABELS.features).reduce((a, c) => a + sum(c.items), 0);
  const additionalCosts = sum(featureLines);
  const laborCost = labourCost(config, cameras, tier, sum([...cameraLines.values()]) + wiringLine.total, totalProjectDays);
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
