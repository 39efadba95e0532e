import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { InventoryItemRecord } from './inventory-item.entity.js';

/** The equipment catalogue (staff-side.md §3 "inventory"; unit prices in integer cents). */
@Injectable()
export class InventoryService {
  constructor(@InjectRepository(InventoryItemRecord) private readonly items: Repository<InventoryItemRecord>) {}

  /** The active items, oldest first (the design engine's catalogue). */
  active(): Promise<InventoryItemRecord[]> {
    return this.items.find({ where: { isActive: true }, order: { id: 'ASC' } });
  }
}
