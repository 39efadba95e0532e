import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { GeneratedImageRecord } from './generated-image.entity.js';

/**
 * A responsive WebP variant of a generated image (IMAGE_VARIANT_WIDTHS), made by the worker with
 * sharp and served by every api instance at a URL that holds its content hash.
 */
@Entity({ name: 'generated_image_variants' })
export class ImageVariantRecord {
  @PrimaryColumn({ type: 'integer' })
  imageId!: number;

  @ManyToOne(() => GeneratedImageRecord, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'image_id' })
  image?: Relation<GeneratedImageRecord>;

  @PrimaryColumn({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  /** First 16 hex digits of the SHA-256 of `content` (in the URL and the ETag). */
  @Column({ type: 'varchar', length: 16 })
  hash!: string;

  @Column({ type: 'integer' })
  byteSize!: number;

  @Column({ type: 'bytea', select: false })
  content!: Buffer;
}
