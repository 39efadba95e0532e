import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ImageStatus, SiteImageKey, StabilityAspectRatio, StabilityModel } from '@ironclad/contracts';
import { bigintAsNumber } from '../../platform/database/bigint-transformer.js';
import { ImageRunRecord } from './image-run.entity.js';

/**
 * One image asked of Stability AI, written by the api before its job is enqueued (the request:
 * key, prompt, negative prompt, model, aspect ratio, seed sent, who, when) and completed by the
 * worker (bytes, seed used, finish reason, size). Every image of a key is kept: the key's history,
 * from which staff choose the active one ({@link ActiveImageRecord}). The row is what makes its
 * job idempotent: a finished image is never generated again.
 */
@Entity({ name: 'generated_images' })
@Check('CHK_generated_images_status', `"status" IN ('waiting', 'generating', 'done', 'failed', 'blocked', 'cancelled')`)
@Index('IDX_generated_images_run', ['runId'])
@Index('IDX_generated_images_key', ['imageKey', 'createdAt'])
export class GeneratedImageRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  runId!: number;

  @ManyToOne(() => ImageRunRecord, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id' })
  run?: Relation<ImageRunRecord>;

  /** The site image key, or null for a free prompt (POST /api/generate-image). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  imageKey!: SiteImageKey | null;

  @Column({ type: 'varchar', length: 16, default: 'waiting' })
  status!: ImageStatus;

  @Column({ type: 'text' })
  prompt!: string;

  @Column({ type: 'text', nullable: true })
  negativePrompt!: string | null;

  @Column({ type: 'varchar', length: 16 })
  model!: StabilityModel;

  @Column({ type: 'varchar', length: 8 })
  aspectRatio!: StabilityAspectRatio;

  /** The seed sent to Stability (0: Stability chooses). */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  requestedSeed!: number;

  /** The seed Stability used (its `seed` response header). */
  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  seed!: number | null;

  /** Stability's `finish-reason` header (SUCCESS, CONTENT_FILTERED). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  finishReason!: string | null;

  /** Why the image failed or was blocked (the provider's message). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** What is happening while it waits or generates, for the live view. */
  @Column({ type: 'text', nullable: true })
  progress!: string | null;

  /** Stability calls made for it (each may have spent credits). */
  @Column({ type: 'integer', default: 0 })
  calls!: number;

  /** 429 answers met (each waited out the lock-out). */
  @Column({ type: 'integer', default: 0 })
  rateLimited!: number;

  /** When a worker claimed it (its lease runs from here). */
  @Column({ type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  @Column({ type: 'integer', nullable: true })
  byteSize!: number | null;

  /** The image as Stability sent it (WebP). */
  @Column({ type: 'bytea', nullable: true, select: false })
  content!: Buffer | null;

  @Column({ type: 'text', nullable: true })
  createdById!: string | null;

  @Column({ type: 'text', nullable: true })
  createdByEmail!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
