import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What identifies an item in a stored quote: its SKU, and its name for quotes made before SKUs. */
export interface ItemIdentity {
  sku: string;
  name: string;
}

/** Counts the stored records of one feature that refer to an item (in the caller's transaction). */
export type ReferenceCounter = (manager: EntityManager, item: ItemIdentity) => Promise<number>;

/**
 * Who refers to inventory items. Features that store quotes (leads, …) register a counter at
 * start-up, so the catalogue can tell "in use, deactivate it" from "unused, delete it" without
 * importing them (they depend on the catalogue, not the reverse).
 */
@Injectable()
export class InventoryReferences {
  private readonly counters = new Map<string, ReferenceCounter>();

  /** Registers (or replaces) the counter of feature `name`. */
  register(name: string, counter: ReferenceCounter): void {
    this.counters.set(name, counter);
  }

  /** How many stored records refer to `item`, over every registered feature. */
  async count(manager: EntityManager, item: ItemIdentity): Promise<number> {
    let total = 0;
    for (const counter of this.counters.values()) total += await counter(manager, item);
    return total;
  }
}
