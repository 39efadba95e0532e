import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StaffModule } from '../staff/index.js';
import { InventoryController } from './inventory.controller.js';
import { InventoryImportService } from './inventory-import.service.js';
import { InventoryItemRecord } from './inventory-item.entity.js';
import { InventoryReferences } from './inventory-references.js';
import { InventoryService } from './inventory.service.js';

/** The equipment catalogue: its services (api and worker), the quote tools' cached catalogue. */
@Module({
  imports: [TypeOrmModule.forFeature([InventoryItemRecord]), StaffModule],
  providers: [InventoryService, InventoryImportService, InventoryReferences],
  exports: [InventoryService, InventoryImportService, InventoryReferences],
})
export class InventoryModule {}

/** The /api/inventory endpoints (staff only). */
@Module({ imports: [InventoryModule, StaffModule], controllers: [InventoryController] })
export class InventoryApiModule {}
