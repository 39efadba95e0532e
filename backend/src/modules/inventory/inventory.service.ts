import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import {
  ErrorCode,
  INVENTORY_CATEGORIES,
  INVENTORY_COLUMNS,
  type InventoryDeleteResponse,
  type InventoryItem,
  type InventoryItemBody,
  type InventoryListQuery,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ConfigurationCache, type Versioned } from '../../platform/config/configuration-cache.js';
import { AuditLogService } from '../staff/index.js';
import { InventoryItemRecord } from './inventory-item.entity.js';
import { InventoryReferences } from './inventory-references.js';

/** Key of the active catalogue in the ConfigurationCache (and its row of configuration_versions). */
export const ACTIVE_CATALOGUE_KEY = 'inventory';

/** The active items (by id) and an index by SKU, as the quote tools read them. Never mutated. */
export interface ActiveCatalogue {
  items: readonly InventoryItemRecord[];
  bySku: ReadonlyMap<string, InventoryItemRecord>;
}

/** ORDER BY of the list: active first, then the §3 category order, then name. */
export const LIST_ORDER = `i.is_active DESC, array_position(ARRAY[${INVENTORY_CATEGORIES.map((c) => `'${c}'`).join(',')}]::varchar[], i.category), lower(i.name), i.id`;

/** The item's fields an update compares and the audit log records, with their export column. */
const TRACKED: readonly (keyof InventoryItemRecord & keyof typeof FIELD_COLUMN)[] = [
  'sku',
  'category',
  'name',
  'description',
  'manufacturer',
  'model',
  'unitPrice',
  'unitCostCents',
  'labourHours',
  'isActive',
  'specifications',
];
const FIELD_COLUMN = {
  sku: INVENTORY_COLUMNS.sku,
  category: INVENTORY_COLUMNS.category,
  name: INVENTORY_COLUMNS.name,
  description: INVENTORY_COLUMNS.description,
  manufacturer: INVENTORY_COLUMNS.manufacturer,
  model: INVENTORY_COLUMNS.model,
  unitPrice: INVENTORY_COLUMNS.unitPrice,
  unitCostCents: INVENTORY_COLUMNS.unitCost,
  labourHours: INVENTORY_COLUMNS.labourHours,
  isActive: INVENTORY_COLUMNS.isActive,
  specifications: INVENTORY_COLUMNS.specifications,
} as const;

/** The API shape of a stored item (money in integer cents). */
export function toInventoryItem(r: InventoryItemRecord): InventoryItem {
  return {
    id: r.id,
    sku: r.sku,
    category: r.category,
    name: r.name,
    description: r.description,
    manufacturer: r.manufacturer,
    model: r.model,
    unitPrice: r.unitPrice,
    unitCost: r.unitCostCents,
    labourHours: r.labourHours,
    isActive: r.isActive,
    specifications: r.specifications,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Whether two stored values are equal (JSON values compared structurally). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return canonicalJson(a) === canonicalJson(b);
}

/** JSON with object keys sorted, so key order never counts as a change. */
function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : value,
  );
}

const isUniqueViolation = (err: unknown) =>
  err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23505';

const skuTaken = (sku: string) =>
  new ApiError(409, ErrorCode.Conflict, `SKU ${sku} is already used by another item.`, {
    fieldErrors: { sku: [`SKU ${sku} is already used by another item.`] },
  });

/**
 * The equipment catalogue (staff-side.md §3 "inventory", §7): staff CRUD with audit entries, and
 * the active catalogue the quote tools price from, kept in the ConfigurationCache and bumped after
 * every committed change (so the next quote of every process sees it).
 */
@Injectable()
export class InventoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: ConfigurationCache,
    private readonly audit: AuditLogService,
    private readonly references: InventoryReferences,
  ) {}

  /** The active items by id, with an index by SKU (cached per process; never mutate them). */
  async catalogue(): Promise<ActiveCatalogue> {
    return (await this.versionedCatalogue()).value;
  }

  /** {@link catalogue} with the catalogue's configuration version. */
  versionedCatalogue(): Promise<Versioned<ActiveCatalogue>> {
    return this.cache.entry(ACTIVE_CATALOGUE_KEY, async (m) => {
      const items = await m.getRepository(InventoryItemRecord).find({ where: { isActive: true }, order: { id: 'ASC' } });
      return { items, bySku: new Map(items.map((i) => [i.sku, i])) };
    });
  }

  /** The active items, oldest first (the design engine's catalogue). */
  async active(): Promise<readonly InventoryItemRecord[]> {
    return (await this.catalogue()).items;
  }

  /** The active item with `sku` (upper-case), or undefined. */
  async activeBySku(sku: string): Promise<InventoryItemRecord | undefined> {
    return (await this.catalogue()).bySku.get(sku);
  }

  /** Tells every process that the catalogue changed (after the commit). */
  catalogueChanged(): Promise<void> {
    return this.cache.changed(ACTIVE_CATALOGUE_KEY);
  }

  /** GET /api/inventory: every item (or one category's), active first, then by category and name. */
  async list(q: InventoryListQuery): Promise<InventoryItem[]> {
    const qb = this.dataSource.getRepository(InventoryItemRecord).createQueryBuilder('i').orderBy(LIST_ORDER);
    if (q.category && q.category !== 'all') qb.where('i.category = :category', { category: q.category });
    return (await qb.getMany()).map(toInventoryItem);
  }

  /**
   * Creates an item; without `sku` one is generated from the category and the id
   * (`CAMERAS-000042`). Audited as `inventory.created`.
   * @throws 409 CONFLICT when the SKU is taken.
   */
  async create(body: InventoryItemBody, user: SessionUser | undefined): Promise<InventoryItem> {
    const saved = await this.write(async (m) => {
      const repo = m.getRepository(InventoryItemRecord);
      if (body.sku && (await repo.exists({ where: { sku: body.sku } }))) throw skuTaken(body.sku);
      const record = repo.create({
        sku: body.sku ?? `PENDING-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`.toUpperCase(),
        category: body.category,
        name: body.name,
        description: body.description ?? null,
        manufacturer: body.manufacturer ?? null,
        model: body.model ?? null,
        unitPrice: body.unitPrice,
        unitCostCents: body.unitCost ?? null,
        labourHours: body.labourHours ?? 0,
        isActive: body.isActive ?? true,
        specifications: body.specifications ?? null,
      });
      let item = await repo.save(record);
      if (!body.sku) {
        await repo.update({ id: item.id }, { sku: `${item.category.toUpperCase()}-${String(item.id).padStart(6, '0')}` });
        item = await repo.findOneByOrFail({ id: item.id });
      }
      await this.audit.record(m, user, 'inventory.created', 'inventory', item.id, {
        sku: item.sku,
        name: item.name,
        unitPrice: item.unitPrice,
      });
      return item;
    });
    await this.catalogueChanged();
    return toInventoryItem(saved);
  }

  /**
   * Replaces an item's fields (absent ones keep their value). Audited as `inventory.updated` with
   * each changed field's `{from, to}`.
   * @throws 404 when missing; 409 CONFLICT when the new SKU is taken.
   */
  async update(id: number, body: InventoryItemBody, user: SessionUser | undefined): Promise<InventoryItem> {
    const saved = await this.write(async (m) => {
      const repo = m.getRepository(InventoryItemRecord);
      const item = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!item) throw notFound(id);
      if (body.sku && body.sku !== item.sku && (await repo.exists({ where: { sku: body.sku } }))) throw skuTaken(body.sku);
      const next: Partial<InventoryItemRecord> = {
        sku: body.sku ?? item.sku,
        category: body.category,
        name: body.name,
        description: body.description === undefined ? item.description : body.description,
        manufacturer: body.manufacturer === undefined ? item.manufacturer : body.manufacturer,
        model: body.model === undefined ? item.model : body.model,
        unitPrice: body.unitPrice,
        unitCostCents: body.unitCost === undefined ? item.unitCostCents : body.unitCost,
        labourHours: body.labourHours ?? item.labourHours,
        isActive: body.isActive ?? item.isActive,
        specifications: body.specifications === undefined ? item.specifications : body.specifications,
      };
      const changes = changesBetween(item, next);
      if (Object.keys(changes).length === 0) return item;
      const saved = await repo.save(repo.merge(item, next));
      await this.audit.record(m, user, 'inventory.updated', 'inventory', id, { sku: saved.sku, changes });
      return saved;
    });
    await this.catalogueChanged();
    return toInventoryItem(saved);
  }

  /**
   * Deletes an unused item; an item stored quotes or leads refer to is deactivated instead
   * (`isActive: false`), never lost. Audited as `inventory.deleted` / `inventory.deactivated`.
   * @throws 404 when missing.
   */
  async remove(id: number, user: SessionUser | undefined): Promise<InventoryDeleteResponse> {
    const out = await this.write(async (m): Promise<InventoryDeleteResponse> => {
      const repo = m.getRepository(InventoryItemRecord);
      const item = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!item) throw notFound(id);
      const references = await this.references.count(m, { sku: item.sku, name: item.name });
      if (references > 0) {
        if (item.isActive) await repo.update({ id }, { isActive: false });
        await this.audit.record(m, user, 'inventory.deactivated', 'inventory', id, { sku: item.sku, name: item.name, references });
        return {
          outcome: 'deactivated',
          references,
          message: `${item.name} is part of ${references} stored ${references === 1 ? 'quote' : 'quotes'}, so it was deactivated instead of deleted.`,
        };
      }
      await repo.delete({ id });
      await this.audit.record(m, user, 'inventory.deleted', 'inventory', id, { sku: item.sku, name: item.name });
      return { outcome: 'deleted', references: 0, message: `${item.name} was deleted.` };
    });
    await this.catalogueChanged();
    return out;
  }

  /** Runs `fn` in a transaction; a unique violation (a SKU taken concurrently) becomes a 409. */
  private async write<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, ErrorCode.Conflict, 'That SKU is already used by another item.');
      throw err;
    }
  }
}

/** `{field: {from, to}}` of the tracked fields that differ. */
export function changesBetween(
  before: InventoryItemRecord,
  after: Partial<InventoryItemRecord>,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of TRACKED) {
    if (after[f] === undefined) continue;
    if (!sameValue(before[f], after[f])) out[f] = { from: before[f], to: after[f] };
  }
  return out;
}

/** The export column of a tracked field. */
export const columnOfField = (field: keyof typeof FIELD_COLUMN) => FIELD_COLUMN[field];

const notFound = (id: number) => new ApiError(404, ErrorCode.NotFound, `Inventory item ${id} not found`);
