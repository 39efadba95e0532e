import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { INVENTORY_CATEGORIES, type InventoryCategory } from '@ironclad/contracts';

export { INVENTORY_CATEGORIES, type InventoryCategory };

/** `numeric` comes back from pg as a string; labour hours (two decimals) fit a JS number. */
const numericAsNumber = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

/**
 * An equipment or service item of the catalogue (staff-side.md §3 "inventory"): the spec's fields
 * (unit price in integer cents) plus what an integrator keeps: a unique SKU (the import's natural
 * key, stored upper-case), manufacturer, model, unit cost (cents) and labour hours per unit.
 */
@Entity({ name: 'inventory' })
@Index('IDX_inventory_active_category_name', ['isActive', 'category', 'name'])
export class InventoryItemRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('UQ_inventory_sku', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  sku!: string;

  @Column({ type: 'varchar', length: 40 })
  category!: InventoryCategory;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text', nullable: true })
  manufacturer!: string | null;

  @Column({ type: 'text', nullable: true })
  model!: string | null;

  /** Integer cents. */
  @Column({ type: 'integer' })
  unitPrice!: number;

  /** Integer cents; null when unknown. */
  @Column({ type: 'integer', nullable: true })
  unitCostCents!: number | null;

  /** Hours of labour per unit. */
  @Column({ type: 'numeric', precision: 6, scale: 2, default: 0, transformer: numericAsNumber })
  labourHours!: number;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'jsonb', nullable: true })
  specifications!: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
