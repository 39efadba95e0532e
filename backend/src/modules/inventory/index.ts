/** Public surface of the inventory feature (the equipment catalogue). */
export { InventoryModule } from './inventory.module.js';
export { InventoryService } from './inventory.service.js';
export { InventoryItemRecord, INVENTORY_CATEGORIES, type InventoryCategory } from './inventory-item.entity.js';
