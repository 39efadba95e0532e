import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Inventory categories (staff-side.md §3). */
export const INVENTORY_CATEGORIES = ['cameras', 'nvr', 'installation', 'features', 'services'] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];

/** An equipment or service item with its unit price in integer cents (staff-side.md §3 "inventory"). */
@Entity({ name: 'inventory' })
@Index('UQ_inventory_category_name', ['category', 'name'], { unique: true })
export class InventoryItemRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  category!: InventoryCategory;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Integer cents. */
  @Column({ type: 'integer' })
  unitPrice!: number;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'jsonb', nullable: true })
  specifications!: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
