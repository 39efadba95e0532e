import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { SiteImageKey } from '@ironclad/contracts';
import { GeneratedImageRecord } from './generated-image.entity.js';

/** The image each key shows on the site ("Applied to Website"); a key without a row shows its built-in illustration. */
@Entity({ name: 'site_images' })
export class ActiveImageRecord {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  imageKey!: SiteImageKey;

  @Column({ type: 'integer' })
  imageId!: number;

  @ManyToOne(() => GeneratedImageRecord, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'image_id' })
  image?: Relation<GeneratedImageRecord>;

  @Column({ type: 'text', nullable: true })
  appliedByEmail!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  appliedAt!: Date;
}
