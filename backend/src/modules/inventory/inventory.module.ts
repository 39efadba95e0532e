import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryItemRecord } from './inventory-item.entity.js';
import { InventoryService } from './inventory.service.js';

/** The equipment catalogue. Services only (api and worker). */
@Module({
  imports: [TypeOrmModule.forFeature([InventoryItemRecord])],
  providers: [InventoryService],
  exports: [InventoryService],
})
export class InventoryModule {}
