/**
 * Pricing (public-site.md §9, which every quote tool shares; decisions.md §3, §10; public-site.md
 * §3 `equipmentList`, `pricing`): the configuration in whole dollars, the §9 rates of the stored
 * configuration and inventory ({@link projectRates}), and the design priced through the contracts'
 * `priceProject`, with the names and descriptions of the active inventory items of
 * QUOTE_ENGINE_SKUS on its lines (and their SKU). Every amount is a non-negative integer number of
 * US dollars; inventory prices arrive in integer cents.
 */
import {
  QUOTE_ENGINE_SKUS,
  SECTION_9_RATES,
  priceProject,
  RECORDING_GB_PER_CAMERA_DAY,
  type BreakdownLine,
  type DesignStorage,
  type EquipmentCategory,
  type EquipmentLine,
  type Project,
  type ProjectPrice,
  type ProjectRates,
  type RecommendationPricing,
} from '@ironclad/contracts';
import { RESIDENTIAL_TYPES, clamp } from './common.js';
import type { CameraKind, DesignConfig, EngineInventoryItem, NormalizedDesignInput, Slot } from './types.js';
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

/**
 * The catalogue item a camera of `kind` is (its specifications give the lens and resolution of
 * the coverage diagram): the kind's active item, else the default camera's; undefined without either.
 */
export function cameraItem(kind: CameraKind, config: DesignConfig): EngineInventoryItem | undefined {
  return itemBySku(config, KIND_SKU[kind]) ?? itemBySku(config, QUOTE_ENGINE_SKUS.defaultCamera);
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

// ─── rates ──────────────────────────────────────────────────────────────────────────────────────

/** Whole dollars of the active catalogue item `sku`, else `fallback` (a whole-dollar configuration amount). */
const rate = (config: DesignConfig, sku: string, fallback: number) => {
  const found = itemBySku(config, sku);
  return found ? centsToDollars(found.unitPriceCents) : fallback;
};

/**
 * The §9 formulas' rates of the stored configuration and inventory (whole dollars; pass a
 * {@link wholeDollarConfig}): the default camera, the 8/16/32-channel recorders, the rack and
 * accessories, access control and intercom per door and monitoring set-up per camera from their
 * active catalogue items, else from component_pricing / additional_costs; wiring per camera,
 * installation per group of 8 and the recorder above 32 cameras from §9 (no stored counterpart).
 * With the seeded configuration these are exactly the §9 constants (SECTION_9_RATES).
 */
export function projectRates(config: DesignConfig): ProjectRates {
  const cp = config.components;
  const ac = config.additional;
  const S = QUOTE_ENGINE_SKUS;
  return {
    camera: rate(config, S.defaultCamera, cp.camera_unit_price),
    nvr: {
      upTo8: rate(config, S.nvr8, cp.nvr_8ch),
      upTo16: rate(config, S.nvr16, cp.nvr_16ch),
      upTo32: rate(config, S.nvr32, cp.nvr_32ch),
      above32: SECTION_9_RATES.nvr.above32,
    },
    accessories: rate(config, S.rack, cp.rack_accessories),
    wiringPerCamera: { ...SECTION_9_RATES.wiringPerCamera },
    installationPerGroup: { ...SECTION_9_RATES.installationPerGroup },
    accessControlPerEntryPoint: rate(config, S.accessControl, ac.access_control_system.perDoor),
    videoIntercomPerEntryPoint: rate(config, S.videoIntercom, ac.video_intercom_system.perDoor),
    monitoringPerCamera: rate(config, S.monitoringSetup, ac.professional_monitoring.setupPerCamera),
  };
}

/** The §9 project of a design: what the calculator would be given for the same building. */
export function projectOfDesign(n: NormalizedDesignInput, cameras: number): Project {
  return {
    sqft: n.squareFootage,
    cameras,
    entryPoints: n.entries.length,
    buildingComplexity: n.finish,
    hasAccessControl: n.features.includes('Access Control System'),
    hasVideoIntercom: n.features.includes('Video Intercom'),
    hasMonitoring: n.features.includes('Professional Monitoring'),
  };
}

// ─── the priced design ──────────────────────────────────────────────────────────────────────────

// ─── storage ────────────────────────────────────────────────────────────────────────────────────

/** Built-in TB of a recorder without a catalogue item (or whose item states none), by channels. */
const BUILT_IN_TB: Record<number, number> = { 8: 2, 16: 4, 32: 8, 64: 16 };
/** TB of an extra drive whose catalogue item states none. */
const DEFAULT_DRIVE_TB = 4;

/** TB stated by a catalogue item's `specifications.storage` ("2 TB", "500 GB", 4), else null. */
export function statedTb(item: EngineInventoryItem | undefined): number | null {
  const v = item?.specifications?.['storage'];
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? v : null;
  if (typeof v !== 'string') return null;
  const m = v.replace(/,/g, '').match(/(\d+(?:\.\d+)?)\s*(TB|GB)?/i);
  if (!m) return null;
  const n = Number(m[1]) / (m[2]?.toUpperCase() === 'GB' ? 1000 : 1);
  return n > 0 ? n : null;
}

/** Whole days `tb` terabytes record `cameras` cameras (RECORDING_GB_PER_CAMERA_DAY each). */
export function retentionDays(tb: number, cameras: number): number {
  return Math.floor((tb * 1000) / (Math.max(1, cameras) * RECORDING_GB_PER_CAMERA_DAY));
}

/** Extra drives of `driveTb` so that `builtInTb` plus them record `cameras` cameras for `days` days. */
export function drivesForRetention(builtInTb: number, driveTb: number, cameras: number, days: number): number {
  if (days <= 0 || driveTb <= 0) return 0;
  const neededTb = (Math.max(1, cameras) * RECORDING_GB_PER_CAMERA_DAY * days) / 1000;
  return Math.max(0, Math.ceil((neededTb - builtInTb - 1e-9) / driveTb));
}

/** What a design asks of pricing beyond its cameras and features. */
export interface PricingPlan {
  /** Days of recording the storage must hold (extra drives are added for it); 0 = the recorder's own drives. */
  retentionTargetDays: number;
}

/** A design's equipment and prices. */
export interface PricedDesign {
  /** Cameras, NVR Systems, Installation & Infrastructure, then Additional Features if any. */
  equipmentList: EquipmentCategory[];
  /** The recorder: how many, and channels (8, 16, 32 or 64). */
  nvr: { qty: number; ch: number };
  /** The recorder's and extra drives' storage and its retention. */
  storage: DesignStorage;
  /** Notes of the additional features (monitoring's monthly cost, features priced at the survey). */
  featureNotes: string[];
  /** Whole dollars; `july4Discount` only with a promotion. */
  pricing: RecommendationPricing;
  /** The §9 pricing it comes from (priceProject): the calculator's total for the same project. */
  project: ProjectPrice;
}

/**
 * Prices a placed design with a whole-dollar configuration ({@link wholeDollarConfig}) through
 * `priceProject` (public-site.md §9), so the wizard and the calculator give one total for one
 * project:
 * - Security Cameras: one line per model at the §9 camera rate (the model is the installer's
 *   choice for the location; the calculator's "Security cameras" line);
 * - NVR Systems: the recorder of the §9 tier, then extra surveillance drives (catalogue item
 *   QUOTE_ENGINE_SKUS.storageDrive) when `plan.retentionTargetDays` asks for more recording than
 *   the recorder holds: an itemised extra of `priceProject` (in equipmentSubtotal; the calculator
 *   has no such line); Installation & Infrastructure: wiring per camera
 *   (§9, by finish) and accessories & infrastructure (flat); PoE switches and a UPS, when the
 *   design needs them, are itemised at $0, included in that flat line;
 * - labour: installation per group of 8 cameras (§9, by finish);
 * - Additional Features: access control and intercom per entry point, monitoring set-up per
 *   camera (the calculator's options), then what only the wizard offers, itemised: alarm
 *   integration, cloud storage, smart home (from the catalogue, else priced at the survey),
 *   remote monitoring and mobile app access ($0, included);
 * - a valid promotion takes its percent off the whole (the calculator's discount).
 *
 * @param buckets the placed cameras, one list of slots per location
 * @param plan retention target in days (0: the recorder's own drives, as the calculator prices)
 */
export function priceDesign(
  n: NormalizedDesignInput,
  config: DesignConfig,
  cameras: number,
  buckets: readonly Slot[][],
  plan: PricingPlan = { retentionTargetDays: 0 },
): PricedDesign {
  const { components: cp, additional: ac } = config;
  const rates = projectRates(config);
  const S = QUOTE_ENGINE_SKUS;

  // the recorder of the §9 tier
  const nvr =
    cameras <= 8
      ? { ch: 8, sku: S.nvr8 }
      : cameras <= 16
        ? { ch: 16, sku: S.nvr16 }
        : cameras <= 32
          ? { ch: 32, sku: S.nvr32 }
          : { ch: 64, sku: '' };
  const nvrCatalogued = itemBySku(config, nvr.sku);

  // storage: the recorder's drives, plus extra drives (itemised on the NVR line's category) for a retention target
  const builtInTb = statedTb(nvrCatalogued) ?? BUILT_IN_TB[nvr.ch]!;
  const driveItem = itemBySku(config, S.storageDrive);
  const driveTb = driveItem ? (statedTb(driveItem) ?? DEFAULT_DRIVE_TB) : 0;
  const extraDrives = driveItem ? drivesForRetention(builtInTb, driveTb, cameras, plan.retentionTargetDays) : 0;
  const storageLines: EquipmentLine[] = driveItem && extraDrives > 0 ? [line(fromItem(driveItem), extraDrives)] : [];

  // what only the wizard offers (itemised, on top of the calculator's lines)
  const extras: EquipmentLine[] = [];
  const included: EquipmentLine[] = [];
  const featureNotes: string[] = [];
  for (const f of n.features) {
    switch (f) {
      case 'Access Control System':
      case 'Video Intercom':
        break;
      case 'Professional Monitoring':
        featureNotes.push(monitoringNote(ac.professional_monitoring.monthlyPerCamera, cameras));
        break;
      case 'Remote Monitoring':
      case 'Mobile App Access':
        included.push({
          item: f,
          description: 'Included with every system: live view and playback on your phone and computer.',
          quantity: 1,
          unitPrice: 0,
          total: 0,
        });
        break;
      default: {
        const sku = f === 'Alarm System Integration' ? S.alarmIntegration : f === 'Cloud Storage' ? S.cloudStorage : S.smartHome;
        const found = itemBySku(config, sku);
        if (found) extras.push(line(fromItem(found), 1));
        else featureNotes.push(surveyNote(f));
      }
    }
  }
  if (plan.retentionTargetDays > 0 && !driveItem)
    featureNotes.push(`Recording storage for ${plan.retentionTargetDays} days is priced at the free site survey.`);
  const project = priceProject(projectOfDesign(n, cameras), rates, config.promotion?.percent ?? 0, [...storageLines, ...extras]);
  const q = (key: BreakdownLine) => project.lines.find((l) => l.key === key)!;

  // cameras: one line per model, each at the §9 camera rate
  const cameraLines = new Map<string, EquipmentLine>();
  for (const b of buckets) {
    const p = { ...cameraFor(b[0]!.kind, config), unitPrice: rates.camera };
    const key = p.sku ?? p.item;
    const prev = cameraLines.get(key);
    cameraLines.set(key, line(p, (prev?.quantity ?? 0) + b.length));
  }

  const nvrItem = {
    ...(nvrCatalogued
      ? fromItem(nvrCatalogued)
      : { item: `${nvr.ch}-Channel NVR`, description: `Network video recorder for up to ${nvr.ch} cameras.` }),
    unitPrice: q('nvr').unitPrice,
  };
  const totalTb = builtInTb + extraDrives * driveTb;
  const storage: DesignStorage = {
    recorder: nvrItem.item,
    channels: nvr.ch,
    builtInTb,
    extraDrives,
    extraDriveTb: extraDrives > 0 ? driveTb : 0,
    totalTb,
    retentionDays: retentionDays(totalTb, cameras),
    cloudBackup: n.features.includes('Cloud Storage'),
  };

  const infra: EquipmentLine[] = [
    line(
      {
        ...priced(
          config,
          S.wiring,
          { item: 'Cat6 Wiring (per camera)', description: 'Cabling, conduit and terminations for one camera.' },
          0,
        ),
        unitPrice: q('wiring').unitPrice,
      },
      cameras,
    ),
    line(
      priced(
        config,
        S.rack,
        { item: 'Equipment Rack & Accessories', description: 'Rack, patch panel and cable management.' },
        cp.rack_accessories,
      ),
      1,
    ),
  ];
  const includedInfra = (i: EngineInventoryItem, quantity: number): EquipmentLine => ({
    sku: i.sku,
    item: i.name,
    description: `${i.description ?? ''} Included in the rack & accessories price.`.trim(),
    quantity,
    unitPrice: 0,
    total: 0,
  });
  if (cameras > 16) {
    const sw = itemBySku(config, S.poeSwitch);
    if (sw) infra.push(includedInfra(sw, Math.ceil(cameras / 16)));
  }
  if (!RESIDENTIAL_TYPES.has(n.buildingType)) {
    const ups = itemBySku(config, S.ups);
    if (ups) infra.push(includedInfra(ups, 1));
  }

  // the calculator's options, then the wizard's own
  const featureLines: EquipmentLine[] = [];
  const option = (key: BreakdownLine, sku: string, fallback: { item: string; description: string }) => {
    const l = q(key);
    if (l.quantity > 0) featureLines.push(line({ ...priced(config, sku, fallback, l.unitPrice), unitPrice: l.unitPrice }, l.quantity));
  };
  option('accessControl', S.accessControl, { item: 'Access Control System (per door)', description: ac.access_control_system.description });
  option('videoIntercom', S.videoIntercom, { item: 'Video Intercom System (per door)', description: ac.video_intercom_system.description });
  option('monitoring', S.monitoringSetup, {
    item: 'Professional Monitoring Setup (per camera)',
    description: ac.professional_monitoring.description,
  });
  featureLines.push(...included, ...extras);

  const equipmentList: EquipmentCategory[] = [
    { category: CATEGORY_LABELS.cameras, items: distinctNames([...cameraLines.values()]) },
    { category: CATEGORY_LABELS.nvr, items: distinctNames([line(nvrItem, 1), ...storageLines]) },
    { category: CATEGORY_LABELS.installation, items: distinctNames(infra) },
  ];
  if (featureLines.length > 0) equipmentList.push({ category: CATEGORY_LABELS.features, items: distinctNames(featureLines) });

  // totals: the §9 breakdown
  const b = project.breakdown;
  const promo = config.promotion;
  const storageTotal = storageLines.reduce((a, l) => a + l.total, 0);
  return {
    equipmentList,
    nvr: { qty: 1, ch: nvr.ch },
    storage,
    featureNotes,
    project,
    pricing: {
      equipmentSubtotal: b.cameras + b.nvr + b.accessories + b.wiring + storageTotal,
      laborCost: b.installation,
      additionalCosts: b.accessControl + b.videoIntercom + b.monitoring + project.extrasTotal - storageTotal,
      ...(promo
        ? {
            july4Discount: {
              code: promo.code,
              percent: clamp(promo.percent, 0, 100),
              savings: b.discount,
              validUntil: promo.validUntil,
              finalPrice: b.total,
            },
          }
        : {}),
      totalProjectCost: b.total,
    },
  };
}
