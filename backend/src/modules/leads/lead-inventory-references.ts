import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InventoryReferences, type ItemIdentity } from '../inventory/index.js';

/**
 * Tells the catalogue how many leads' stored quotes (their `aiRecommendation.equipmentList`)
 * name an inventory item, by SKU or, for quotes made before SKUs, by item name. Both are
 * containment tests served by the GIN index IDX_leads_equipment_list.
 */
@Injectable()
export class LeadInventoryReferences implements OnModuleInit {
  constructor(private readonly references: InventoryReferences) {}

  onModuleInit(): void {
    this.references.register('leads', (m, item) => countLeadsReferring(m, item));
  }
}

/** Leads whose stored quote has a line with the item's SKU or name. */
export async function countLeadsReferring(m: EntityManager, item: ItemIdentity): Promise<number> {
  const rows: { n: number }[] = await m.query(
    `SELECT count(*)::int AS n FROM "leads"
      WHERE ("ai_recommendation" -> 'equipmentList') @> $1::jsonb OR ("ai_recommendation" -> 'equipmentList') @> $2::jsonb`,
    [JSON.stringify([{ items: [{ sku: item.sku }] }]), JSON.stringify([{ items: [{ item: item.name }] }])],
  );
  return rows[0]?.n ?? 0;
}
