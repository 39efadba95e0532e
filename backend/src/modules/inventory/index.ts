/** Public surface of the inventory feature (the equipment catalogue). */
export { InventoryModule, InventoryApiModule } from './inventory.module.js';
export { InventoryService, type ActiveCatalogue } from './inventory.service.js';
export { InventoryReferences, type ItemIdentity, type ReferenceCounter } from './inventory-references.js';
export { InventoryItemRecord, INVENTORY_CATEGORIES, type InventoryCategory } from './inventory-item.entity.js';
